import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { wav } from '../e2e/fixtures/wav';
import { startServerProcess } from './test-support/child-server';

/**
 * The real server (gateway + embedded emulator) killed with SIGKILL while a training job runs,
 * another waits and an upload is half sent, then started again on the same data dir: nothing
 * finished is lost, the interrupted work resumes (and the gateway's history follows it to the
 * end by itself), and the half upload leaves nothing behind.
 */

type Run = ReturnType<typeof startServerProcess>;
interface Job {
  task_id: string;
  name: string;
  status: string;
  progress: number;
  asset_url?: string;
  error?: { code: string; message: string };
}

let dist: string;
let dataDir: string;
const runs: Run[] = [];

beforeAll(() => {
  dist = mkdtempSync(join(tmpdir(), 'media-studio-restart-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>built</title>');
  dataDir = mkdtempSync(join(tmpdir(), 'media-studio-restart-data-'));
});
afterAll(() => {
  for (const run of runs) if (run.child.exitCode === null) run.child.kill('SIGKILL');
  rmSync(dist, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

/** A port free now, so both runs listen on the same one (reference URLs carry the origin). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

async function start(port: number): Promise<Run> {
  const run = startServerProcess('server/index.ts', {
    PORT: String(port),
    DIST_DIR: dist,
    EMULATOR_DATA_DIR: dataDir,
    EMULATOR_TRAINING_SECONDS: '4',
  });
  runs.push(run);
  const listening = await run.waitFor(/listening on http:\/\/\S+:(\d+)/);
  expect(listening, run.output()).not.toBeNull();
  return run;
}

function api(port: number, path: string, init?: RequestInit) {
  return fetch(`http://127.0.0.1:${port}/api/v1${path}`, init);
}

async function upload(port: number, name: string, bytes: Buffer) {
  const form = new FormData();
  form.append('purpose', 'audio-input');
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'audio/wav' }), name);
  const res = await api(port, '/files/upload', { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
  const { file_id } = ((await res.json()) as { data: { file_id: string } }).data;
  const stored = await api(port, `/files/${file_id}`);
  const { url } = ((await stored.json()) as { data: { url: string } }).data;
  return { file_id, url, bytes };
}

async function startVoiceJob(port: number, name: string, urls: string[]): Promise<string> {
  const res = await api(port, '/training/voice', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name, reference_urls: urls }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: { task_id: string } }).data.task_id;
}

async function status(port: number, taskId: string): Promise<Job> {
  const res = await api(port, `/training/status/${taskId}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { data: Job }).data;
}

async function waitForJob(port: number, taskId: string, done: (job: Job) => boolean, ms: number) {
  const deadline = Date.now() + ms;
  for (;;) {
    const job = await status(port, taskId);
    if (done(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${taskId} stuck: ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

interface HistoryEntry {
  status: string;
  kind: string;
  reading_count: number;
  result: { urls: string[] } | null;
}

async function historyEntry(port: number, id: string): Promise<HistoryEntry> {
  const res = await fetch(`http://127.0.0.1:${port}/api/history/${id}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as HistoryEntry;
}

async function waitForHistory(
  port: number,
  id: string,
  done: (entry: HistoryEntry) => boolean,
  ms: number,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const entry = await historyEntry(port, id);
    if (done(entry)) return entry;
    if (Date.now() > deadline) throw new Error(`history ${id} stuck: ${JSON.stringify(entry)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const isTerminal = (job: Job) => ['completed', 'failed', 'cancelled'].includes(job.status);

/**
 * Starts a multipart upload of `total` bytes and sends only the first `sent`, keeping the
 * request open: the server is killed while it waits for the rest.
 */
function halfUpload(port: number, total: number, sent: number): ClientRequest {
  const boundary = 'restart-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\ngeneral\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="half.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const req = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/v1/files/upload',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + total + tail.length),
    },
  });
  // The connection dies with the server: that error is expected.
  req.on('error', () => undefined);
  req.write(head);
  req.write(Buffer.alloc(sent, 7));
  return req;
}

function tempFiles(): string[] {
  try {
    return readdirSync(join(dataDir, 'tmp'));
  } catch {
    return [];
  }
}

it('keeps finished uploads and jobs across SIGKILL, resumes interrupted jobs, drops the half upload', async () => {
  const port = await freePort();
  let run = await start(port);

  const files = await Promise.all(
    [220, 330, 440].map((frequency, i) =>
      upload(port, `ref-${i}.wav`, wav({ seconds: 4, frequency })),
    ),
  );
  const urls = files.map((file) => file.url);

  // Done before the kill.
  const done = await startVoiceJob(port, 'restart_done', urls);
  await waitForJob(port, done, isTerminal, 20_000);
  expect(await status(port, done)).toMatchObject({ status: 'completed', progress: 100 });

  // Running (past its input check, with progress) and queued when the process dies.
  const running = await startVoiceJob(port, 'restart_running', urls);
  await waitForJob(port, running, (job) => job.status === 'running' && job.progress > 0, 15_000);
  const waiting = await startVoiceJob(port, 'restart_waiting', urls);

  // An upload in flight: 4 MB announced, 1 MB sent, the rest never comes.
  const half = halfUpload(port, 4 * 1024 * 1024, 1024 * 1024);
  const deadline = Date.now() + 5_000;
  while (tempFiles().length === 0 && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 50));
  expect(tempFiles().length, 'the half upload reached the temp folder').toBeGreaterThan(0);

  expect(await status(port, running)).toMatchObject({ status: 'running' });
  expect((await historyEntry(port, running)).status).toBe('running');
  run.child.kill('SIGKILL');
  expect(await run.exited).toBeNull();
  half.destroy();

  run = await start(port);
  // A clean start: no error logged, and the half upload's temp file is gone.
  expect(run.output()).not.toMatch(/\berror\b|Error:/i);
  expect(tempFiles()).toEqual([]);

  for (const file of files) {
    const res = await api(port, `/files/${file.file_id}`);
    expect(res.status).toBe(200);
    const { url } = ((await res.json()) as { data: { url: string } }).data;
    const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
    expect(bytes.equals(file.bytes)).toBe(true);
  }

  // The gateway's history kept every job, and its own poller (no browser, no status read
  // through the gateway here) follows the interrupted ones to the end.
  for (const taskId of [running, waiting]) {
    const entry = await waitForHistory(port, taskId, (e) => e.status === 'completed', 25_000);
    expect(entry.reading_count).toBeGreaterThan(2);
    expect(entry.result?.urls[0]).toMatch(/^http:\/\//);
  }
  expect(await historyEntry(port, done)).toMatchObject({ status: 'completed', kind: 'voice' });
  const uploads = await fetch(`http://127.0.0.1:${port}/api/history?kind=upload`);
  expect(((await uploads.json()) as { total: number }).total).toBe(files.length);

  expect(await status(port, done)).toMatchObject({ status: 'completed', progress: 100 });
  for (const taskId of [running, waiting]) {
    // Never stuck: it finishes, and with its references still served it completes.
    const job = await waitForJob(port, taskId, isTerminal, 25_000);
    expect(job, JSON.stringify(job.error)).toMatchObject({ status: 'completed', progress: 100 });
    expect(job.asset_url).toMatch(/^http:\/\//);
  }
  expect(run.output()).not.toMatch(/\berror\b|Error:/i);

  run.child.kill('SIGTERM');
  expect(await run.exited).toBe(0);

  // Only the three finished uploads are files: the half one left no row and no bytes. Every
  // media row has its bytes, and bytes a kill left without a row were removed at the restart.
  const db = new Database(join(dataDir, 'emulator.sqlite'), { readonly: true });
  try {
    const rows = db.prepare('SELECT file_id, size FROM files ORDER BY file_id').all() as {
      file_id: string;
      size: number;
    }[];
    expect(rows.map((row) => row.file_id).sort()).toEqual(files.map((f) => f.file_id).sort());
    const stored = db.prepare('SELECT storage_path FROM media').all() as {
      storage_path: string;
    }[];
    const onDisk = readdirSync(join(dataDir, 'media')).map((name) => `media/${name}`);
    expect(onDisk.sort()).toEqual(stored.map((row) => row.storage_path).sort());
  } finally {
    db.close();
  }
}, 60_000);
