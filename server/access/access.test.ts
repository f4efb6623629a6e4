/**
 * The gateway acts only for its own site: over a real socket, so the Host header is what a
 * client (or a DNS-rebinding page) sends, and requests carry the headers a browser would.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyListSchema } from '../../src/api/contract/history';
import { createApp } from '../app';
import { createEmbeddedEmulator, type EmbeddedSetup } from '../emulator/embedded';
import { createGatewayHistory, type GatewayHistory } from '../history/gateway-history';
import { openHistoryDatabase } from '../history/history-db';
import { readFromTarget, statusPath } from '../target-read';
import {
  captureLogger,
  rawRequest,
  startGateway,
  testEnv,
  type RunningGateway,
} from '../test-support/gateway-server';

let dir: string;
let setup: EmbeddedSetup;
let history: GatewayHistory;
let gateway: RunningGateway;

async function start(allowedHosts: string[] = []) {
  const dist = join(dir, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Media Studio</title>');
  writeFileSync(join(dist, 'assets', 'app.js'), 'export {};');
  setup = createEmbeddedEmulator({ EMULATOR_DATA_DIR: join(dir, 'emulator') }, {});
  const storage = { engine: 'sqlite', dataDir: join(dir, 'gateway') } as const;
  const db = await openHistoryDatabase(storage);
  const app = createApp({
    env: testEnv({ DIST_DIR: dist, ALLOWED_HOSTS: allowedHosts }),
    logger: captureLogger(),
    emulator: setup.embedded,
    history: (target, logger) =>
      (history = createGatewayHistory({
        db,
        storage,
        retention: { days: 90, maxRows: 1000 },
        logger,
        read: (kind, id, signal) => readFromTarget(target, statusPath(kind, id), signal),
      })),
  });
  gateway = await startGateway(app);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-access-'));
});

afterEach(async () => {
  await gateway.close();
  await history.close();
  await setup.emulator.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (path: string, host: string) =>
  rawRequest(gateway.port, path, { headers: { host, accept: 'text/event-stream, */*' } });

function upload(headers: Record<string, string>) {
  const boundary = 'x-boundary';
  const body = [
    `--${boundary}`,
    'Content-Disposition: form-data; name="purpose"',
    '',
    'general',
    `--${boundary}`,
    'Content-Disposition: form-data; name="file"; filename="planted.txt"',
    'Content-Type: text/plain',
    '',
    'planted by another site',
    `--${boundary}--`,
    '',
  ].join('\r\n');
  return rawRequest(gateway.port, '/api/v1/files/upload', {
    method: 'POST',
    headers: {
      host: `127.0.0.1:${gateway.port}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(Buffer.byteLength(body)),
      ...headers,
    },
    body,
  });
}

async function uploadsRecorded(): Promise<number> {
  const res = await get('/api/history?kind=upload', `127.0.0.1:${gateway.port}`);
  return historyListSchema.parse(JSON.parse(res.body)).entries.length;
}

describe('the Host check', () => {
  it('refuses another site’s name on the API, the event stream and the static files', async () => {
    await start();
    for (const path of ['/api/v1/voice/list', '/api/history/events', '/', '/assets/app.js']) {
      const res = await get(path, 'evil.example:8787');
      expect(res.status, path).toBe(403);
      const { error } = JSON.parse(res.body) as { error: { code: string; message: string } };
      expect(error.code).toBe('forbidden');
      expect(error.message).toContain('ALLOWED_HOSTS');
    }
  });

  it('answers loopback names and addresses, whatever the port', async () => {
    await start();
    for (const host of [`127.0.0.1:${gateway.port}`, 'localhost:5173', `[::1]:${gateway.port}`]) {
      const res = await get('/api/gateway/status', host);
      expect(res.status, host).toBe(200);
    }
  });

  it('answers the hosts of ALLOWED_HOSTS: a name on any port, name:port on that port only', async () => {
    await start(['studio.example.com', 'media.example.org:8443']);
    expect((await get('/api/gateway/status', 'studio.example.com')).status).toBe(200);
    expect((await get('/api/gateway/status', 'STUDIO.example.com:9000')).status).toBe(200);
    expect((await get('/api/gateway/status', 'media.example.org:8443')).status).toBe(200);
    expect((await get('/api/gateway/status', 'media.example.org:9443')).status).toBe(403);
    expect((await get('/api/gateway/status', 'studio.example.com.evil.example')).status).toBe(403);
  });
});

describe('cross-site requests', () => {
  it('refuses a cross-site form POST of a file: nothing reaches the account', async () => {
    await start();
    const res = await upload({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.status).toBe(403);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'forbidden' } });
    expect(await uploadsRecorded()).toBe(0);
  });

  it('refuses every form content type and same-site pages too; only same-origin passes', async () => {
    await start();
    for (const [type, site] of [
      ['application/x-www-form-urlencoded', 'cross-site'],
      ['text/plain', 'cross-site'],
      ['application/json', 'same-site'],
    ] as const) {
      const res = await rawRequest(gateway.port, '/api/v1/code/sandbox', {
        method: 'POST',
        headers: {
          host: `127.0.0.1:${gateway.port}`,
          'content-type': type,
          'sec-fetch-site': site,
        },
        body: '{"language":"python"}',
      });
      expect(res.status, `${type} ${site}`).toBe(403);
      expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'forbidden' } });
    }
  });

  it('checks Origin against the Host when the browser sends no Sec-Fetch-Site', async () => {
    await start();
    expect((await upload({ origin: 'http://evil.example' })).status).toBe(403);
    expect((await upload({ origin: 'null' })).status).toBe(403);
    expect((await upload({ origin: `http://127.0.0.1:${gateway.port}` })).status).toBe(200);
  });

  it('lets the page’s own requests, scripts and curl through, and reads from anywhere', async () => {
    await start();
    expect((await upload({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // A request with neither header is not from a browser: curl on loopback keeps working.
    expect((await upload({})).status).toBe(200);
    expect(await uploadsRecorded()).toBe(2);
    const read = await rawRequest(gateway.port, '/api/gateway/status', {
      headers: { host: `127.0.0.1:${gateway.port}`, 'sec-fetch-site': 'cross-site' },
    });
    expect(read.status).toBe(200);
    // No CORS grant for a foreign origin.
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });
});
