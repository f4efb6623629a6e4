import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type OutgoingHttpHeaders,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import type { Hono } from 'hono';
import type { Env } from '../env';
import type { LogFields, Logger } from '../logger';

export function testEnv(overrides: Partial<Env> = {}): Env {
  return {
    PORT: 0,
    HOST: '127.0.0.1',
    ALLOWED_HOSTS: [],
    DIST_DIR: 'dist-that-does-not-exist',
    // createApp keeps no history unless it is handed one, so this directory is never written.
    DATA_DIR: 'data-dir-that-is-not-used',
    HISTORY_RETENTION_DAYS: 90,
    HISTORY_MAX_ROWS: 200_000,
    OIDC_SCOPES: 'openid profile email',
    WEBHOOK_ALLOW_PRIVATE: false,
    BUDGET_MANAGERS: [],
    GATEWAY_USER_NAME: 'Owner',
    SESSION_IDLE_HOURS: 24 * 7,
    ...overrides,
  };
}

/** A logger that keeps every line, to assert on what would have been printed. */
export function captureLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (msg: string, fields?: LogFields) =>
    lines.push(`${level} ${msg} ${JSON.stringify(fields ?? {})}`);
  return { lines, info: push('info'), warn: push('warn'), error: push('error') };
}

export interface RunningGateway {
  port: number;
  close(): Promise<void>;
}

/** The app on a real socket, as `npm start` runs it, so raw targets reach it unnormalized. */
export async function startGateway(app: Hono): Promise<RunningGateway> {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** Sends `target` verbatim as the request line (node's client does not normalize paths). */
export function rawRequest(
  port: number,
  target: string,
  options: { method?: string; headers?: OutgoingHttpHeaders; body?: string } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: target,
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}
