import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver took, as it arrived. */
export interface ReceivedRequest {
  /** When it arrived (ms since the epoch). */
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The body of each answer: a line a delivery log shows as the response's excerpt. */
const defaultReply = (status: number) => (status >= 500 ? 'receiver is down' : 'ok');

/**
 * A webhook receiver on 127.0.0.1 (a gateway reaches it with WEBHOOK_ALLOW_PRIVATE): keeps every
 * request and answers the n-th with the n-th status of `answers` (the last one from then on).
 */
export async function startWebhookReceiver(
  answers: readonly number[] = [204],
  reply: (status: number) => string = defaultReply,
) {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        at: Date.now(),
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const status = answers[Math.min(received.length - 1, answers.length - 1)] ?? 204;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status === 204 ? undefined : reply(status));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks/${Math.random().toString(36).slice(2, 8)}`,
    received,
    /** Resolves with what arrived once `n` requests have; rejects after `ms`. */
    async waitFor(n: number, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${n} requests arrived`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return received;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
