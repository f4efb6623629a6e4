import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from './support/server';
import type { BenchContext, BenchFigure, BenchResult } from './types';

const KEY = 'bench-key';
const STACK = 'bench';
const CONNECTIONS = 32;
const P99_TARGET_MS = 20;
const GET_RATIO_TARGET = 2;

interface Load {
  name: string;
  method: 'GET' | 'POST';
  path: (taskId: string) => string;
  body?: string;
}

const loads: Load[] = [
  { name: 'GET /voice/list', method: 'GET', path: () => '/api/v1/voice/list' },
  {
    name: 'GET /training/status/{id}',
    method: 'GET',
    path: (id) => `/api/v1/training/status/${encodeURIComponent(id)}`,
  },
  {
    name: 'POST /t2a',
    method: 'POST',
    path: () => '/api/v1/t2a',
    body: JSON.stringify({ text: 'Hello from the benchmark.' }),
  },
];

interface Measure {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  total: number;
}

const headers = {
  authorization: `Bearer ${KEY}`,
  'x-stack-id': STACK,
  'content-type': 'application/json',
};

/**
 * Polls until the server answers (Prism takes seconds to start) and, with `ok`, answers 2xx:
 * the emulator listens before its voice previews are synthesized.
 */
async function waitForHttp(url: string, child: ChildProcess, ok = false, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited (${child.exitCode})`);
    try {
      const res = await fetch(url, { headers });
      await res.arrayBuffer();
      if (!ok || res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

let rootCwd = process.cwd();

function start(command: string, args: string[], env: NodeJS.ProcessEnv, log: (l: string) => void) {
  const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'], cwd: rootCwd });
  // Only errors are worth seeing, and only the first few: a failing load repeats the same one.
  let shown = 0;
  child.stderr?.on('data', (chunk: Buffer) => {
    const text = chunk.toString().trim();
    if (text && shown++ < 5) log(`  ${path.basename(command)}: ${text.split('\n')[0]}`);
  });
  return child;
}

async function stop(child: ChildProcess | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

async function measure(base: string, load: Load, taskId: string, seconds: number) {
  const result = await autocannon({
    url: `${base}${load.path(taskId)}`,
    method: load.method,
    headers,
    ...(load.body !== undefined && { body: load.body }),
    connections: CONNECTIONS,
    duration: seconds,
  });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    total: result.requests.total,
  } satisfies Measure;
}

async function runLoads(
  ctx: BenchContext,
  label: string,
  base: string,
  taskId: string,
  seconds: number,
  warmUpSeconds: number,
) {
  const out: Record<string, Measure> = {};
  for (const load of loads) {
    // A fresh server answers its first ~10 s of load with p99 two to four times its steady
    // value (measured 25-64 ms then 12-18 ms for the voice list, GC pauses unchanged), so each
    // load first runs unmeasured for a while: the figures are the server's steady state.
    await measure(base, load, taskId, warmUpSeconds);
    const m = await measure(base, load, taskId, seconds);
    ctx.log(
      `${label} ${load.name}: ${m.requestsPerSec} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms, non-2xx ${m.non2xx}, errors ${m.errors}`,
    );
    out[load.name] = m;
  }
  return out;
}

export async function run(ctx: BenchContext): Promise<BenchResult> {
  const seconds = ctx.quick ? 2 : 10;
  const warmUpSeconds = ctx.quick ? 1 : 5;
  const tmp = mkdtempSync(path.join(tmpdir(), 'bench-emulator-'));
  const prismBin = path.join(ctx.rootDir, 'node_modules/.bin/prism');
  let child: ChildProcess | undefined;
  rootCwd = ctx.rootDir;
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // `node --import tsx` rather than the tsx CLI: one process, so stopping it stops the server.
    child = start(
      process.execPath,
      ['--import', 'tsx', path.join(ctx.rootDir, 'server/emulator/index.ts')],
      {
        ...process.env,
        EMULATOR_PORT: String(port),
        EMULATOR_HOST: '127.0.0.1',
        EMULATOR_DATA_DIR: path.join(tmp, 'data'),
        EMULATOR_API_KEYS: KEY,
        // The default 600/min would turn the run into a 429 benchmark.
        EMULATOR_RATE_LIMIT: '1000000000',
        EMULATOR_FAULTS: '0',
      },
      ctx.log,
    );
    await waitForHttp(`${base}/api/v1/voice/list`, child, true);

    // The job only needs to exist: its status answers whether the runner later succeeds or not.
    const created = await fetch(`${base}/api/v1/training/voice`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        reference_urls: ['https://example.com/ref.wav'],
        name: 'bench_voice',
      }),
    });
    const job = (await created.json()) as { data?: { task_id?: string }; task_id?: string };
    const taskId = job.data?.task_id ?? job.task_id;
    if (!created.ok || !taskId) {
      throw new Error(`could not create a training job: ${created.status} ${JSON.stringify(job)}`);
    }
    const openapi = await (await fetch(`${base}/api/v1/openapi.json`)).text();
    const openapiFile = path.join(tmp, 'openapi.json');
    writeFileSync(openapiFile, openapi);

    ctx.log(
      `emulator on ${base}, ${CONNECTIONS} connections, ${seconds} s per load after ${warmUpSeconds} s of warm-up`,
    );
    const emulator = await runLoads(ctx, 'emulator', base, taskId, seconds, warmUpSeconds);
    await stop(child);

    const prismPort = await freePort();
    const prismBase = `http://127.0.0.1:${prismPort}`;
    child = start(
      prismBin,
      ['mock', openapiFile, '-p', String(prismPort), '-h', '127.0.0.1'],
      process.env,
      () => {},
    );
    await waitForHttp(`${prismBase}/api/v1/voice/list`, child);
    ctx.log(`prism on ${prismBase}`);
    const prism = await runLoads(ctx, 'prism', prismBase, taskId, seconds, warmUpSeconds);
    await stop(child);

    const summary: BenchFigure[] = [];
    const ratios: Record<string, number> = {};
    for (const load of loads) {
      const e = emulator[load.name]!;
      const p = prism[load.name]!;
      const ratio = e.requestsPerSec / Math.max(p.requestsPerSec, 1);
      ratios[load.name] = ratio;
      const isGet = load.method === 'GET';
      summary.push(
        {
          label: `${load.name}: emulator req/s (non-2xx)`,
          value: `${e.requestsPerSec} (${e.non2xx})`,
        },
        {
          label: `${load.name}: emulator / Prism req/s`,
          value: `${ratio.toFixed(2)}× (Prism ${p.requestsPerSec}, non-2xx ${p.non2xx})`,
          ...(isGet && {
            target: `≥ ${GET_RATIO_TARGET}×`,
            pass: ratio >= GET_RATIO_TARGET,
          }),
        },
        {
          label: `${load.name}: emulator p50 / p99`,
          value: `${e.p50Ms} / ${e.p99Ms} ms`,
          target: `p99 ≤ ${P99_TARGET_MS} ms`,
          pass: e.p99Ms <= P99_TARGET_MS,
        },
      );
    }
    return {
      summary,
      data: { connections: CONNECTIONS, seconds, warmUpSeconds, emulator, prism, ratios },
    };
  } finally {
    await stop(child);
    rmSync(tmp, { recursive: true, force: true });
  }
}
