import { createServer } from 'node:http';
import { runningStatusBody } from './history-seed';

const statusPrefix = '/api/v1/training/status/';

export interface StatusStub {
  url: string;
  /** Status reads answered so far. */
  reads: () => number;
  /** Each status read so far: the task asked, and when (performance.now()). */
  calls: () => readonly { taskId: string; at: number }[];
  close: () => Promise<void>;
}

/**
 * An upstream that says every training job is still running, exactly as the seeded history
 * last saw it: the gateway's poller keeps following the seeded running jobs (as it would a
 * real service's) without writing anything, so a measurement sees a steady history. Anything
 * else is a 404 in the service's error envelope.
 */
export async function startStatusStub(): Promise<StatusStub> {
  let reads = 0;
  const calls: { taskId: string; at: number }[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '/';
    if (req.method === 'GET' && path.startsWith(statusPrefix)) {
      reads++;
      const id = decodeURIComponent(path.slice(statusPrefix.length).split(/[?#]/)[0]!);
      calls.push({ taskId: id, at: performance.now() });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ data: runningStatusBody(id), trace_id: 'bench' }));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({ error: { code: 'not_found', message: 'bench stub' }, trace_id: 'bench' }),
    );
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    reads: () => reads,
    calls: () => calls,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
