import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyListSchema, historyPath } from '../../src/api/contract/history';
import { createApp } from '../app';
import type { Storage } from '../db/storage';
import { createEmbeddedEmulator, type EmbeddedSetup } from '../emulator/embedded';
import { readFromTarget, statusPath } from '../target-read';
import { captureLogger, testEnv } from '../test-support/gateway-server';
import { freshPostgresDatabase } from '../test-support/test-database';
import { createGatewayHistory, type GatewayHistory } from './gateway-history';
import { openHistoryDatabase } from './history-db';
import { audioBytes, speechTake } from './routes-harness';

let dir: string;
let setup: EmbeddedSetup;
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
const histories: GatewayHistory[] = [];

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-replicas-'));
  setup = createEmbeddedEmulator(
    { EMULATOR_DATA_DIR: join(dir, 'emulator'), EMULATOR_TRAINING_SECONDS: '1' },
    {},
  );
  database = await freshPostgresDatabase('replicas');
});

afterEach(async () => {
  for (const history of histories.splice(0)) await history.close();
  await setup.emulator.close();
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
});

/** One gateway replica: its own pool, listening connection and poller, on the shared database. */
async function replica(): Promise<Hono> {
  const storage: Storage = { engine: 'postgres', url: database.url };
  const db = await openHistoryDatabase(storage);
  return createApp({
    env: testEnv({ DATABASE_URL: database.url }),
    logger: captureLogger(),
    emulator: setup.embedded,
    history: (target, logger) => {
      const history = createGatewayHistory({
        db,
        storage,
        retention: { days: 90, maxRows: 1000 },
        logger,
        read: (kind, id, signal) => readFromTarget(target, statusPath(kind, id), signal),
      });
      histories.push(history);
      return history;
    },
  });
}

const post = (app: Hono, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const list = async (app: Hono, search: string) =>
  historyListSchema.parse(await (await app.request(`${historyPath}${search}`)).json()).entries;

describe('gateway replicas on one PostgreSQL database', () => {
  it('serve one history: what one records, the other lists, with its audio, and a removal holds for both', async () => {
    const a = await replica();
    const b = await replica();
    expect(await (await a.request('/api/gateway/status')).json()).toMatchObject({
      database: 'postgres',
    });
    expect((await post(a, '/api/v1/code/sandbox', { language: 'python' })).status).toBe(200);
    expect((await list(b, '?kind=sandbox')).map((entry) => entry.name)).toEqual(['python sandbox']);

    const imported = await post(a, '/api/history/import', { entries: [speechTake('take_1')] });
    expect(imported.status).toBe(200);
    const audio = await b.request('/api/history/take_1/audio');
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/mpeg');
    expect(new Uint8Array(await audio.arrayBuffer())).toEqual(audioBytes);

    expect((await b.request('/api/history/take_1', { method: 'DELETE' })).status).toBe(204);
    expect((await a.request('/api/history/take_1/audio')).status).toBe(404);
    expect((await a.request('/api/history/take_1')).status).toBe(404);
  });

  it('create one job for a keyed start sent to both at once', async () => {
    const a = await replica();
    const b = await replica();
    const start = (app: Hono) =>
      post(
        app,
        '/api/v1/training/voice',
        { name: 'raced_voice', reference_urls: ['https://example.com/a.wav'] },
        { 'idempotency-key': 'start-across' },
      );
    const [first, second] = await Promise.all([start(a), start(b)]);
    expect([first.status, second.status]).toEqual([200, 200]);
    const taskOf = async (res: Response) =>
      ((await res.json()) as { data: { task_id: string } }).data.task_id;
    expect(await taskOf(first)).toBe(await taskOf(second));
    expect(await list(a, '?kind=voice')).toHaveLength(1);
  });
});
