import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startServerProcess } from '../../server/test-support/child-server';
import { freePort, supervise } from './server';

/** The emulator's default development key (EMULATOR_API_KEYS unset). */
export const emulatorKey = 'local-dev-key';
/** Any printable id: the emulator keeps each stack's jobs apart, and some endpoints require one. */
export const emulatorStack = 'bench-stack';

export interface EmulatorProcess {
  /** `http://127.0.0.1:<port>`, no trailing slash: what API_BASE_URL names. */
  url: string;
  stop: () => Promise<void>;
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * `npm run emulator` as a child process on a throwaway data dir, with only the variables given.
 * Ready once its voice list answers 200: the first one synthesizes the catalog's previews.
 */
export async function startEmulator(options: {
  rootDir: string;
  env?: Record<string, string>;
  log?: (line: string) => void;
  startTimeoutMs?: number;
}): Promise<EmulatorProcess> {
  const { rootDir, log = () => {}, startTimeoutMs = 180_000 } = options;
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'media-studio-bench-emulator-'));
  const url = `http://127.0.0.1:${port}`;
  const proc = startServerProcess(resolve(rootDir, 'server/emulator/index.ts'), {
    ...(process.env.HOME ? { HOME: process.env.HOME } : {}),
    EMULATOR_PORT: String(port),
    EMULATOR_HOST: '127.0.0.1',
    EMULATOR_DATA_DIR: dataDir,
    ...options.env,
  });
  const { stop, exitCode } = supervise(proc, () =>
    rmSync(dataDir, { recursive: true, force: true }),
  );

  try {
    const deadline = Date.now() + startTimeoutMs;
    for (;;) {
      if (exitCode() !== undefined)
        throw new Error(`emulator exited (${exitCode()}) before it answered:\n${proc.output()}`);
      try {
        const response = await fetch(`${url}/api/v1/voice/list`, {
          headers: { authorization: `Bearer ${emulatorKey}`, 'x-stack-id': emulatorStack },
          signal: AbortSignal.timeout(startTimeoutMs),
        });
        await response.arrayBuffer();
        if (response.ok) break;
      } catch {
        // Not listening yet.
      }
      if (Date.now() > deadline)
        throw new Error(`emulator did not answer within ${startTimeoutMs} ms:\n${proc.output()}`);
      await sleep(250);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  log(`emulator up at ${url}`);
  return { url, stop };
}
