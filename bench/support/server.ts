import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServerProcess } from '../../server/test-support/child-server';
import { freePort } from '../../server/test-support/free-port';

export { freePort };

export interface BenchServer {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  port: number;
  dataDir: string;
  /** Everything the server printed so far (for error reports). */
  output: () => string;
  /** Kills the server (SIGTERM, then SIGKILL after a grace period); removes a data dir it made. */
  stop: () => Promise<void>;
}

export interface StartServerOptions {
  rootDir: string;
  log?: (line: string) => void;
  /** Extra variables, e.g. EMULATOR_VOICES. */
  env?: Record<string, string>;
  /** An existing data dir to reuse (kept on stop); otherwise a fresh temp dir (removed on stop). */
  dataDir?: string;
  /** Fixed port; otherwise a free one. */
  port?: number;
  /** How long to wait for /api/gateway/status. */
  startTimeoutMs?: number;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * The entry script a built index.html loads: the one its shell script names
 * (build/app-shell.ts), or a module script tag in a page without the shell.
 */
export function builtEntry(html: string): string | undefined {
  const named =
    /"entry":"\/([^"]+)"/.exec(html) ?? /<script[^>]+type="module"[^>]+src="\/([^"]+)"/.exec(html);
  return named?.[1];
}

/** The entry script index.html loads, when it and the file exist: a dist mid-build has neither. */
export function distComplete(dist: string): boolean {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) return false;
  const entry = builtEntry(readFileSync(index, 'utf8'));
  return entry !== undefined && existsSync(join(dist, entry));
}

let builtDist: string | null = null;

/**
 * The built app to serve. `BENCH_DIST_DIR` wins when set; else `dist/`, built once with
 * `npx vite build` when it has no index.html. A dist another process is building right now
 * (index.html without its entry script) is waited for, up to 3 minutes.
 */
export async function ensureDist(rootDir: string, log: (line: string) => void = () => {}) {
  if (builtDist) return builtDist;
  const override = process.env.BENCH_DIST_DIR;
  const dist = resolve(rootDir, override || 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    log(`building the app into ${dist} (npx vite build)`);
    const result = spawnSync('npx', ['vite', 'build', '--outDir', dist, '--emptyOutDir'], {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      encoding: 'utf8',
      timeout: 10 * 60_000,
    });
    if (result.status !== 0)
      throw new Error(`vite build failed (${result.status}): ${result.stderr.slice(-2000)}`);
  }
  for (let waited = 0; !distComplete(dist); waited += 1000) {
    if (waited === 0) log(`${dist} is incomplete (a build in progress?): waiting for it`);
    if (waited >= 180_000) throw new Error(`${dist} has an index.html without its entry script`);
    await sleep(1000);
  }
  builtDist = dist;
  return dist;
}

/**
 * Follows a child server: whether it exited, and a stop that asks it to end (SIGTERM), kills it
 * if it has not after 12 s, then cleans up; calls after the first do nothing.
 */
export function supervise(proc: ReturnType<typeof startServerProcess>, cleanUp: () => void) {
  let exitCode: number | null | undefined;
  void proc.exited.then((code) => (exitCode = code));
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (exitCode === undefined) {
      proc.child.kill('SIGTERM');
      const exited = await Promise.race([proc.exited.then(() => true), sleep(12_000)]);
      if (!exited) {
        proc.child.kill('SIGKILL');
        await Promise.race([proc.exited, sleep(3_000)]);
      }
    }
    cleanUp();
  };
  return { stop, exitCode: () => exitCode };
}

/**
 * `npm start` as a child process: the gateway with its embedded emulator on a fresh data dir,
 * serving the built app, with nothing inherited from this shell but PATH (and HOME, for tools).
 */
export async function startServer(options: StartServerOptions): Promise<BenchServer> {
  const { rootDir, log = () => {}, startTimeoutMs = 120_000 } = options;
  const distDir = await ensureDist(rootDir, log);
  const port = options.port ?? (await freePort());
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'media-studio-bench-'));
  const url = `http://127.0.0.1:${port}`;
  const proc = startServerProcess(resolve(rootDir, 'server/index.ts'), {
    ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    PORT: String(port),
    HOST: '127.0.0.1',
    API_BASE_URL: '',
    API_KEY: '',
    STACK_ID: '',
    EMULATOR_DATA_DIR: dataDir,
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    ...options.env,
  });
  const { stop, exitCode } = supervise(proc, () => {
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  try {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (exitCode() !== undefined)
        throw new Error(`server exited (${exitCode()}) before it answered:\n${proc.output()}`);
      try {
        const response = await fetch(`${url}/api/gateway/status`, {
          signal: AbortSignal.timeout(2_000),
        });
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline)
        throw new Error(`server did not answer within ${startTimeoutMs} ms:\n${proc.output()}`);
      await sleep(200);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  log(`server up at ${url} (data ${dataDir})`);
  return { url, port, dataDir, output: proc.output, stop };
}

/** GETs a URL with a long timeout (the first catalog read renders voice previews), failing on !ok. */
export async function warmUp(url: string, timeoutMs = 180_000): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  await response.arrayBuffer();
  return performance.now() - started;
}
