import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { RENDERER_DIR, RENDERER_FILE } from '../../build/page-files';
import type { HistorySeed } from '../../src/api/contract/history-seed';

export interface PageRenderer {
  /** The page's body drawn with this history; rejects when it cannot be drawn in time. */
  render(path: string, seed: HistorySeed): Promise<string>;
  close(): Promise<void>;
}

interface Answer {
  id: number;
  html?: string;
  error?: string;
}

/** A page the renderer cannot draw by then is sent as built: a slow answer is worse than none. */
const renderTimeoutMs = 2_000;
/** The first render also loads the app's modules into the new thread. */
const startupMs = 5_000;

/**
 * The app's own page renderer, which the build puts in `<dist>/render` (build/prerender-run.ts),
 * run in a worker thread. The thread starts at once, so the first visitor does not wait for it
 * to load the app's modules; it is started again after a failure. Null when the build has none (a build
 * from before it, or none at all): pages are then sent as built.
 */
export function pageRenderer(distDir: string, timeoutMs = renderTimeoutMs): PageRenderer | null {
  const renderer = resolve(distDir, RENDERER_DIR, RENDERER_FILE);
  if (!existsSync(renderer)) return null;
  type Waiting = Map<number, { resolve: (html: string) => void; reject: (e: Error) => void }>;
  /** The thread and the renders it owes: a thread that stops fails its own renders only. */
  let thread: { worker: Worker; waiting: Waiting } | null = null;
  let nextId = 0;

  function start() {
    const waiting: Waiting = new Map();
    const worker = new Worker(join(import.meta.dirname, 'render-worker.mjs'), {
      workerData: { renderer },
      // Node options of the gateway (a TypeScript loader) are not the renderer's.
      execArgv: [],
    });
    const started = { worker, waiting };
    const failAll = (error: Error) => {
      if (thread === started) thread = null;
      waiting.forEach(({ reject }) => reject(error));
      waiting.clear();
    };
    worker.on('message', ({ id, html, error }: Answer) => {
      const pending = waiting.get(id);
      waiting.delete(id);
      if (html !== undefined) pending?.resolve(html);
      else pending?.reject(new Error(error ?? 'the renderer gave no page'));
    });
    worker.on('error', failAll);
    worker.on('exit', () => failAll(new Error('the renderer stopped')));
    // After the listeners: attaching a 'message' listener refs the thread's port again, and a
    // waiting renderer would keep the gateway's process (or a test's, or the bench's) alive.
    worker.unref();
    return started;
  }

  thread = start();
  let fresh = true;
  return {
    render(path, seed) {
      if (!thread) {
        thread = start();
        fresh = true;
      }
      const id = nextId++;
      const current = thread;
      const limit = fresh ? timeoutMs + startupMs : timeoutMs;
      fresh = false;
      return new Promise<string>((resolvePage, reject) => {
        const timer = setTimeout(() => {
          current.waiting.delete(id);
          // A render that hangs would hold up every later one: start afresh.
          if (thread === current) thread = null;
          void current.worker.terminate();
          reject(new Error(`the renderer took over ${limit} ms`));
        }, limit);
        current.waiting.set(id, {
          resolve: (html) => {
            clearTimeout(timer);
            resolvePage(html);
          },
          reject: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        });
        current.worker.postMessage({ id, path, seed });
      });
    },
    async close() {
      const current = thread;
      thread = null;
      if (current) await current.worker.terminate();
    },
  };
}
