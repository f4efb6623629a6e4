import { describe, expect, it } from 'vitest';
import { ApiError, clientErrorCodes } from '../../../api/api-error';
import { startKeyMaxLength } from '../../../api/contract/history';
import { needsTheUser, partKey } from './run-start';
import type { TrainingStart } from './start-store';

const httpError = (status: number, code = 'invalid_request') =>
  new ApiError({ code, message: `answered ${status}`, status });
const clientError = (code: string) => new ApiError({ code, message: code, status: null });

describe('needsTheUser', () => {
  it.each([400, 404, 409, 413, 422])('waits for the user after a refusal (%i)', (status) => {
    expect(needsTheUser(httpError(status))).toBe(true);
  });

  it.each([500, 502, 503, 429])('leaves a start to be tried again after a %i', (status) => {
    expect(needsTheUser(httpError(status, 'http_error'))).toBe(false);
  });

  it.each([clientErrorCodes.network, clientErrorCodes.timeout, clientErrorCodes.invalidResponse])(
    'leaves a start to be tried again after %s',
    (code) => {
      expect(needsTheUser(clientError(code))).toBe(false);
    },
  );

  it('waits for the user after a cancel or an input the client refused to send', () => {
    expect(needsTheUser(clientError(clientErrorCodes.aborted))).toBe(true);
    expect(needsTheUser(clientError(clientErrorCodes.invalidInput))).toBe(true);
  });

  it('waits for the user when a chosen file can no longer be read', () => {
    expect(needsTheUser(new DOMException('gone', 'NotReadableError'))).toBe(true);
    expect(needsTheUser(new DOMException('gone', 'NotFoundError'))).toBe(true);
  });

  it('does not take an abort of the page for the user’s decision', () => {
    expect(needsTheUser(new DOMException('aborted', 'AbortError'))).toBe(false);
  });

  it('leaves anything else to be tried again', () => {
    expect(needsTheUser(new Error('socket hang up'))).toBe(false);
    expect(needsTheUser('failed')).toBe(false);
    expect(needsTheUser(undefined)).toBe(false);
    // Looks like an API error but is not one.
    expect(needsTheUser({ name: 'ApiError', code: 'aborted', status: 400 })).toBe(false);
  });
});

describe('partKey', () => {
  const start = { id: '1b4e28ba-2fa1-41d2-883f-0016dd87c2a4' } as TrainingStart;
  /** What the gateway accepts as a start key. */
  const gatewayKey = new RegExp(`^[\\x21-\\x7e]{1,${startKeyMaxLength}}$`);

  it('names a part of the start, under the start’s id', () => {
    expect(partKey(start, 'clip-0')).toBe(`${start.id}:clip-0`);
    expect(partKey(start, 'dataset')).toBe(`${start.id}:dataset`);
  });

  it('gives each part its own key', () => {
    const keys = ['clip-0', 'clip-1', 'dataset', 'create:my_voice', 'create:my_voice_2'];
    expect(new Set(keys.map((part) => partKey(start, part))).size).toBe(keys.length);
  });

  it('stays a key the gateway accepts for a non-ASCII name', () => {
    const key = partKey(start, 'create:Émile voice');

    expect(key).toMatch(gatewayKey);
    expect(key.startsWith(`${start.id}:`)).toBe(true);
    expect(decodeURIComponent(key.slice(start.id.length + 1))).toBe('create:Émile voice');
  });

  it('stays a key the gateway accepts for a long name', () => {
    const key = partKey(start, `create:${'Émile voice 声音 '.repeat(40)}`);

    expect(key).toHaveLength(startKeyMaxLength);
    expect(key).toMatch(gatewayKey);
    expect(key.startsWith(`${start.id}:create`)).toBe(true);
  });
});
