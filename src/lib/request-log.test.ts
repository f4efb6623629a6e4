// @vitest-environment node
import { beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { listVoices, uploadFile } from '../api/contract/endpoint-routes';
import {
  clearRequestLog,
  readRequestLog,
  recordRequest,
  requestLogLimit,
  subscribeRequestLog,
} from './request-log';

describe('request log', () => {
  beforeEach(() => clearRequestLog());

  it('lists requests newest first and records how each ended', () => {
    const first = recordRequest({ endpoint: listVoices, input: {} });
    const second = recordRequest({ endpoint: listVoices, input: { query: { scope: 'custom' } } });
    expect(readRequestLog().map((entry) => entry.outcome.state)).toEqual(['pending', 'pending']);
    first({ ok: true });
    second({
      ok: false,
      error: new ApiError({ code: 'unauthorized', message: 'no', status: 401 }),
    });
    const [newest, oldest] = readRequestLog();
    expect(newest!.input).toEqual({ query: { scope: 'custom' } });
    expect(newest!.outcome).toMatchObject({ state: 'failed', error: { code: 'unauthorized' } });
    expect(oldest!.outcome).toEqual({ state: 'succeeded' });
  });

  it(`keeps the last ${requestLogLimit}`, () => {
    for (let i = 0; i < requestLogLimit + 5; i++)
      recordRequest({ endpoint: listVoices, input: { i } });
    expect(readRequestLog()).toHaveLength(requestLogLimit);
    expect(readRequestLog()[0]!.input).toEqual({ i: requestLogLimit + 4 });
  });

  it('keeps the names of uploaded files but not their bytes', () => {
    const file = new File([new Uint8Array(1024)], 'take.wav', { type: 'audio/wav' });
    recordRequest({ endpoint: uploadFile, input: { body: { file, purpose: 'audio-input' } } });
    const body = (readRequestLog()[0]!.input as { body: { file: File; purpose: string } }).body;
    expect(body.file.name).toBe('take.wav');
    expect(body.file.size).toBe(0);
    expect(body.purpose).toBe('audio-input');
  });

  it('notifies subscribers with a new snapshot on every change', () => {
    const snapshots: unknown[] = [];
    const unsubscribe = subscribeRequestLog(() => snapshots.push(readRequestLog()));
    recordRequest({ endpoint: listVoices, input: {} })({ ok: true });
    unsubscribe();
    recordRequest({ endpoint: listVoices, input: {} });
    expect(snapshots).toHaveLength(2);
    expect(snapshots[0]).not.toBe(snapshots[1]);
  });
});
