import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, clientErrorCodes } from '../../../api/api-error';
import { startKeyMaxLength } from '../../../api/contract/history';
import { partKey, type Upload } from './create-job';
import { needsTheUser } from './run-start';
import type * as RunStart from './run-start';
import type * as StartStore from './start-store';
import type { TrainingStart } from './start-store';
import { freshBrowserIndexedDb } from '../../../test/browser-indexeddb';

const httpError = (status: number, code = 'invalid_request') =>
  new ApiError({ code, message: `answered ${status}`, status });
const clientError = (code: string) => new ApiError({ code, message: code, status: null });

describe('needsTheUser', () => {
  it.each([400, 404, 409, 413, 422])('waits for the user after a refusal (%i)', (status) => {
    expect(needsTheUser(httpError(status))).toBe(true);
  });

  it('waits for the user after a budget refusal (402): a repeat meets the same limit', () => {
    expect(needsTheUser(httpError(402, 'budget_exceeded'))).toBe(true);
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

describe('runStart and the form’s files', () => {
  let run: typeof RunStart;
  let starts: typeof StartStore;
  /** What happened, in order: the files let go, each upload, the job's creation. */
  let events: string[];

  beforeEach(async () => {
    freshBrowserIndexedDb();
    // Direct mode: the created job is tracked in this browser, not by a gateway.
    const connection = { mode: 'direct', baseUrl: 'https://api.test', apiKey: 'key' };
    localStorage.setItem('media-studio.connection', JSON.stringify(connection));
    vi.stubGlobal('fetch', vi.fn(answer));
    run = await import('./run-start');
    starts = await import('./start-store');
    events = [];
    budgetSpent = false;
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const uploaded = {
    file_id: 'file-1',
    filename: 'Recording 1.wav',
    size: 4,
    purpose: 'audio-input',
    created_at: '2026-01-01T10:00:00.000Z',
  };
  /** A budget spent: the gateway refuses the creation (and sends nothing upstream). */
  let budgetSpent = false;
  const budgetRefusal =
    "The team's monthly budget of $5.00 is spent: $6.20 is committed in December 2026. New trainings can start again on 1 January 2027 (UTC), or once the limit is raised.";
  /** The service: the uploaded clip's URL, and the voice training created. */
  async function answer(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
    const url = String(input);
    if (url === 'https://api.test/api/v1/files/file-1')
      return Response.json({ data: { ...uploaded, url: 'https://cdn.test/file-1.wav' } });
    if (url === 'https://api.test/api/v1/training/voice' && init?.method === 'POST') {
      events.push('create');
      if (budgetSpent)
        return Response.json(
          { error: { code: 'budget_exceeded', message: budgetRefusal } },
          { status: 402 },
        );
      const data = { task_id: 'task-1', name: 'my_voice', status: 'queued', voice_id: 'v-1' };
      return Response.json({ data });
    }
    return Response.json({ error: { code: 'not_found', message: url } }, { status: 404 });
  }
  const uploadWorks: Upload = () => {
    events.push('upload');
    return Promise.resolve(uploaded);
  };
  const uploadFails: Upload = () => {
    events.push('upload');
    return Promise.reject(new ApiError({ code: 'network', message: 'offline', status: null }));
  };
  const options = (upload: Upload) => ({ upload, onFilesHeld: () => events.push('held') });

  const start: TrainingStart = {
    id: 'start-1',
    kind: 'voice',
    name: 'my_voice',
    urls: [],
    dataset: null,
    files: [new File(['RIFF'], 'Recording 1.wav', { type: 'audio/wav' })],
    uploads: {},
    created_at: '2026-01-01T10:00:00.000Z',
    state: 'starting',
  };

  /** Storage that refuses: the starts' database cannot be opened (as when it is full or off). */
  async function refuseStorage() {
    await new Promise<void>((resolve) => {
      const request = indexedDB.open('media-studio-starts', 99);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    await expect(starts.putStart(start)).rejects.toThrow();
  }

  it('lets the files go once the start is stored, before anything is sent', async () => {
    await expect(run.runStart(start, options(uploadFails))).rejects.toThrow('offline');

    expect(events).toEqual(['held', 'upload']);
    // The start holds them: the next page load finishes it.
    const kept = await starts.getStart('start-1');
    expect(kept?.state).toBe('starting');
    expect(kept?.files.map((file) => file.name)).toEqual(['Recording 1.wav']);
  });

  it('keeps the files where the browser refused to store the start and it then failed', async () => {
    await refuseStorage();
    await expect(run.runStart(start, options(uploadFails))).rejects.toThrow('offline');
    expect(events).toEqual(['upload']);
  });

  it('does not make the job again for a start the browser failed to drop once it was made', async () => {
    await run.runStart(start, options(uploadWorks));
    expect(events).toEqual(['held', 'upload', 'create']);
    // As if the browser had failed to delete the start: the next page load finds it again.
    await starts.putStart(start);
    vi.resetModules();
    const nextLoad: typeof RunStart = await import('./run-start');

    const created = await nextLoad.resumeStart(start.id, options(uploadWorks));

    expect(created?.task_id).toBe('task-1');
    expect(events).toEqual(['held', 'upload', 'create']);
    expect(await starts.getStart(start.id)).toBeNull();
  });

  it('lets the files go only once the job exists where the browser refused to store the start', async () => {
    await refuseStorage();
    const created = await run.runStart(start, options(uploadWorks));

    expect(created.task_id).toBe('task-1');
    expect(events).toEqual(['upload', 'create', 'held']);
  });

  it('ends a start the budget refused: a draft with the gateway’s message, sent once, not resumed', async () => {
    budgetSpent = true;
    const refused = run.runStart(start, options(uploadWorks));
    await expect(refused).rejects.toMatchObject({ status: 402, code: 'budget_exceeded' });
    // Not retried by the client: one creation, after the one upload.
    expect(events).toEqual(['held', 'upload', 'create']);

    const kept = await starts.getStart(start.id);
    expect(kept).toMatchObject({ state: 'draft', problem: budgetRefusal });
    // The clip uploaded before the refusal is kept for the next try, and its file too.
    expect(kept?.uploads['clip-0']?.file_id).toBe('file-1');
    expect(kept?.files.map((file) => file.name)).toEqual(['Recording 1.wav']);

    // The next page load leaves it for the user: a draft is not resumed.
    vi.resetModules();
    const nextLoad: typeof RunStart = await import('./run-start');
    expect(await nextLoad.resumeStart(start.id, options(uploadWorks))).toBeNull();
    expect(events).toEqual(['held', 'upload', 'create']);
  });
});
