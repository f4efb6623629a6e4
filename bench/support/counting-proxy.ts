import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';

const statusPrefix = '/api/v1/training/status/';

export interface StatusCall {
  taskId: string;
  /** performance.now() when the request arrived. */
  at: number;
}

export interface CountingProxy {
  /** `http://127.0.0.1:<port>`, no trailing slash. */
  url: string;
  /** Every `GET /api/v1/training/status/{id}` seen so far, in arrival order. */
  statusCalls: () => readonly StatusCall[];
  /** Every request forwarded, of any kind. */
  forwarded: () => number;
  close: () => Promise<void>;
}

/**
 * A plain HTTP proxy in front of an upstream (the emulator) that forwards every request as it
 * came and notes each training-status read: what the gateway asks of the service, counted on
 * the wire rather than inside the gateway.
 */
export async function startCountingProxy(target: string, port = 0): Promise<CountingProxy> {
  const upstream = new URL(target);
  const calls: StatusCall[] = [];
  let forwarded = 0;

  const forward = (req: IncomingMessage, res: ServerResponse) => {
    forwarded++;
    const path = req.url ?? '/';
    if (req.method === 'GET' && path.startsWith(statusPrefix)) {
      const taskId = decodeURIComponent(path.slice(statusPrefix.length).split(/[?#]/)[0]!);
      calls.push({ taskId, at: performance.now() });
    }
    const out = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        headers: { ...req.headers, host: upstream.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(out);
  };

  const server = createServer(forward);
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => done());
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return {
    url: `http://127.0.0.1:${bound}`,
    statusCalls: () => calls,
    forwarded: () => forwarded,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
