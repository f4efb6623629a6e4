import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/free-port';
import { postJson } from './post-json';

const strict = { policy: { allowPrivate: false } };
const local = { policy: { allowPrivate: true } };

interface Seen {
  method: string | undefined;
  headers: IncomingMessage['headers'];
  body: string;
}

interface Receiver {
  url: string;
  seen: Seen[];
}

const servers: ReturnType<typeof createServer>[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

/** A webhook receiver on 127.0.0.1 that records what reached it, then answers with `answer`. */
async function receiver(answer: (res: ServerResponse) => void): Promise<Receiver> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      seen.push({ method: req.method, headers: req.headers, body });
      answer(res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks/in`, seen };
}

const payload = JSON.stringify({ type: 'job.finished', id: 'job_1' });

describe('postJson', () => {
  it('delivers JSON to a local receiver when private targets are allowed', async () => {
    const target = await receiver((res) => res.writeHead(200).end('thanks'));
    const outcome = await postJson(target.url, payload, { 'Webhook-Id': 'msg_1' }, local);

    expect(outcome).toMatchObject({
      ok: true,
      status_code: 200,
      response_excerpt: 'thanks',
      error: null,
    });
    expect(outcome.duration_ms).toBeGreaterThanOrEqual(0);
    expect(target.seen).toHaveLength(1);
    expect(target.seen[0]?.method).toBe('POST');
    expect(target.seen[0]?.body).toBe(payload);
    expect(target.seen[0]?.headers['content-type']).toBe('application/json');
    expect(target.seen[0]?.headers['user-agent']).toBe('MediaStudio-Webhooks/1.0');
    expect(target.seen[0]?.headers['webhook-id']).toBe('msg_1');
  });

  it('refuses the same receiver without allowPrivate and never contacts it', async () => {
    const target = await receiver((res) => res.writeHead(200).end());
    const outcome = await postJson(target.url, payload, {}, strict);

    expect(outcome.ok).toBe(false);
    expect(outcome.status_code).toBeNull();
    expect(outcome.error).toMatch(/127\.0\.0\.1, a loopback address/);
    expect(target.seen).toHaveLength(0);
  });

  it('resolves a host name at the attempt and refuses one that points at loopback', async () => {
    const target = await receiver((res) => res.writeHead(204).end());
    const byName = target.url.replace('127.0.0.1', 'localhost');

    const refused = await postJson(byName, payload, {}, strict);
    expect(refused.ok).toBe(false);
    expect(refused.error).toMatch(/^localhost resolves to .* is a loopback address/);
    expect(target.seen).toHaveLength(0);

    // The same name goes through once the policy allows loopback: the refusal came from the check.
    const allowed = await postJson(byName, payload, {}, local);
    expect(allowed).toMatchObject({ ok: true, status_code: 204, error: null });
    expect(target.seen).toHaveLength(1);
  });

  it('does not follow a redirect', async () => {
    const elsewhere = await receiver((res) => res.writeHead(200).end());
    const target = await receiver((res) =>
      res.writeHead(302, { location: elsewhere.url }).end('moved'),
    );
    const outcome = await postJson(target.url, payload, {}, local);

    expect(outcome.ok).toBe(false);
    expect(outcome.status_code).toBe(302);
    expect(outcome.error).toMatch(/redirects are not followed/);
    expect(outcome.error).toContain(elsewhere.url);
    expect(target.seen).toHaveLength(1);
    expect(elsewhere.seen).toHaveLength(0);
  });

  it('ends an attempt the receiver never answers at the timeout', async () => {
    const target = await receiver(() => {});
    const outcome = await postJson(target.url, payload, {}, { ...local, timeoutMs: 300 });

    expect(outcome).toMatchObject({
      ok: false,
      status_code: null,
      error: 'no answer within 0.3 s',
    });
    expect(outcome.duration_ms).toBeGreaterThanOrEqual(290);
    expect(outcome.duration_ms).toBeLessThan(5_000);
    expect(target.seen).toHaveLength(1);
  });

  it('counts reading the body in the timeout', async () => {
    const target = await receiver((res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('still');
    });
    const outcome = await postJson(target.url, payload, {}, { ...local, timeoutMs: 300 });

    expect(outcome).toMatchObject({ ok: false, status_code: 200, error: 'no answer within 0.3 s' });
    expect(outcome.duration_ms).toBeLessThan(5_000);
  });

  it('keeps the status and at most 1,000 characters of a failing answer', async () => {
    const page = 'E'.repeat(10) + 'x'.repeat(100_000);
    const target = await receiver((res) => res.writeHead(500).end(page));
    const outcome = await postJson(target.url, payload, {}, local);

    expect(outcome.ok).toBe(false);
    expect(outcome.status_code).toBe(500);
    expect(outcome.error).toBe('receiver answered HTTP 500');
    expect(outcome.response_excerpt).toBe(page.slice(0, 1_000));
  });

  it('stops reading after the excerpt instead of waiting for a body that never ends', async () => {
    const target = await receiver((res) => {
      res.writeHead(503);
      res.write('y'.repeat(8 * 1024));
    });
    const outcome = await postJson(target.url, payload, {}, { ...local, timeoutMs: 5_000 });

    expect(outcome).toMatchObject({ ok: false, status_code: 503 });
    expect(outcome.error).toBe('receiver answered HTTP 503');
    expect(outcome.response_excerpt).toBe('y'.repeat(1_000));
    expect(outcome.duration_ms).toBeLessThan(4_000);
  });

  it('counts a 204 as delivered', async () => {
    const target = await receiver((res) => res.writeHead(204).end());
    const outcome = await postJson(target.url, payload, {}, local);

    expect(outcome).toMatchObject({
      ok: true,
      status_code: 204,
      response_excerpt: '',
      error: null,
    });
  });

  it('reports a refused connection', async () => {
    const port = await freePort();
    const outcome = await postJson(`http://127.0.0.1:${port}/`, payload, {}, local);

    expect(outcome).toMatchObject({ ok: false, status_code: null });
    expect(outcome.error).toBe(`127.0.0.1:${port} refused the connection`);
  });

  it('reports a name that does not resolve', async () => {
    // .invalid never resolves (RFC 6761).
    const outcome = await postJson('http://hooks.invalid/in', payload, {}, strict);

    expect(outcome).toMatchObject({ ok: false, status_code: null });
    expect(outcome.error).toMatch(/^hooks\.invalid could not be resolved/);
  });

  it('reports a URL it may not use without throwing', async () => {
    const outcome = await postJson('ftp://example.com/in', payload, {}, strict);

    expect(outcome).toMatchObject({
      ok: false,
      status_code: null,
      error: 'url must use http or https',
    });
  });
});
