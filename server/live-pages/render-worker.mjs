// The gateway's page renderer, in a thread of its own (see page-renderer.ts): a render never
// holds up the gateway's requests, and the app's modules (their lists, their timers) stay here.
// Plain JavaScript: a worker starts without the TypeScript loader the gateway may run under.
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

const { prerenderPage } = await import(pathToFileURL(workerData.renderer).href);

// One render at a time: each fills the app's lists with its own history before drawing.
let queue = Promise.resolve();
parentPort.on('message', ({ id, path, seed }) => {
  queue = queue.then(async () => {
    try {
      const { html } = await prerenderPage(path, seed);
      parentPort.postMessage({ id, html });
    } catch (error) {
      parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
    }
  });
});
