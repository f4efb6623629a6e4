import {
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  method: string;
  /** The request target exactly as received: path and query. */
  url: string;
  headers: IncomingHttpHeaders;
  bodyBytes: number;
}

export type UpstreamHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  recorded: RecordedRequest,
) => void;

export interface FakeUpstream {
  origin: string;
  host: string;
  requests: RecordedRequest[];
  close(): Promise<void>;
}

const answerJson: UpstreamHandler = (_req, res, recorded) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      data: { method: recorded.method, url: recorded.url, bytes: recorded.bodyBytes },
      trace_id: 'up-1',
    }),
  );
};

/**
 * A throwaway upstream on 127.0.0.1: records every request (headers, target, body size,
 * counted without keeping the bytes) and answers through `handler` once the body is read.
 */
export async function startUpstream(handler: UpstreamHandler = answerJson): Promise<FakeUpstream> {
  const requests: RecordedRequest[] = [];
  const server = createServer((req, res) => {
    const recorded: RecordedRequest = {
      method: req.method ?? '',
      url: req.url ?? '',
      headers: req.headers,
      bodyBytes: 0,
    };
    requests.push(recorded);
    req.on('data', (chunk: Buffer) => {
      recorded.bodyBytes += chunk.length;
    });
    req.on('end', () => handler(req, res, recorded));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port that was just free and now refuses connections. */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
