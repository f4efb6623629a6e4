import { describe, expect, it } from 'vitest';
import type { Connection } from '../lib/connection-settings';
import { ApiError, clientErrorCodes } from './api-error';
import { createApiClient } from './client';
import { signInRequiredCode } from './contract/access';
import { historyEntryOf } from '../test/history-entry';

interface Sent {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

/** A client whose fetch answers from a list, one response per request, and records what was sent. */
function clientWith(answers: Response[], connection: Connection = { mode: 'gateway' }) {
  const sent: Sent[] = [];
  const client = createApiClient({
    getConnection: () => connection,
    fetch: async (input, init) => {
      sent.push({
        url: String(input),
        method: init?.method ?? 'GET',
        headers: new Headers(init?.headers),
        body: typeof init?.body === 'string' ? init.body : null,
      });
      const answer = answers.shift();
      if (!answer) throw new TypeError('no more answers');
      return answer;
    },
    sleep: async () => undefined,
  });
  return { client, sent };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const token = {
  id: 'tok_1',
  name: 'nightly export',
  created_at: '2026-11-27T08:00:00Z',
  last_used_at: null,
  expires_at: null,
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('access API client', () => {
  it('reads who is signed in from the gateway, same origin, without a key', async () => {
    const me = { mode: 'password', user: { id: 'u1', name: 'Owner', email: null }, via: 'session' };
    const { client, sent } = clientWith([json(200, me)]);
    expect(await client.accessMe()).toEqual(me);
    expect(sent[0]).toMatchObject({ url: '/api/access/me', method: 'GET' });
    expect(sent[0]?.headers.get('authorization')).toBeNull();
  });

  it('lists tokens and sessions from their `data`', async () => {
    const session = {
      id: 's1',
      created_at: '2026-11-27T08:00:00Z',
      last_seen_at: '2026-11-27T09:00:00Z',
      expires_at: '2026-12-04T09:00:00Z',
      user_agent: null,
      current: true,
    };
    const { client, sent } = clientWith([
      json(200, { data: [token] }),
      json(200, { data: [session] }),
    ]);
    expect(await client.listAccessTokens()).toEqual({ data: [token] });
    expect(await client.listAccessSessions()).toEqual({ data: [session] });
    expect(sent.map((s) => s.url)).toEqual(['/api/access/tokens', '/api/access/sessions']);
  });

  it('creates a token with its name as JSON and never sends the creation twice', async () => {
    const { client, sent } = clientWith([
      json(503, { error: { code: 'unavailable', message: 'busy' } }),
      json(201, { ...token, token: 'msat_secret' }),
    ]);
    const error = await failure(client.createAccessToken({ name: 'nightly export' }));
    expect(error.status).toBe(503);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      url: '/api/access/tokens',
      method: 'POST',
      body: '{"name":"nightly export"}',
    });
    expect(await client.createAccessToken({ name: 'nightly export' })).toMatchObject({
      token: 'msat_secret',
    });
  });

  it('revokes a token and ends a session by their escaped ids, taking 204 as done', async () => {
    const { client, sent } = clientWith([
      new Response(null, { status: 204 }),
      new Response(null, { status: 204 }),
    ]);
    expect(await client.revokeAccessToken('a/b')).toBeNull();
    expect(await client.endAccessSession('s 2')).toBeNull();
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'DELETE /api/access/tokens/a%2Fb',
      'DELETE /api/access/sessions/s%202',
    ]);
  });

  it('reports the gateway asking for sign-in as a typed 401', async () => {
    const { client } = clientWith([
      json(401, { error: { code: signInRequiredCode, message: 'Sign in to use this gateway.' } }),
    ]);
    const error = await failure(client.listAccessTokens());
    expect(error).toMatchObject({ status: 401, code: signInRequiredCode });
  });

  it('refuses a created token without its secret as an unexpected answer', async () => {
    const { client } = clientWith([json(201, token)]);
    const error = await failure(client.createAccessToken({ name: 'x' }));
    expect(error.code).toBe(clientErrorCodes.invalidResponse);
    expect(error.message).toMatch(/token/);
  });

  it('has no access API in direct mode and sends nothing', async () => {
    const { client, sent } = clientWith([], {
      mode: 'direct',
      baseUrl: 'https://api.example.com',
      apiKey: 'sk',
    });
    const error = await failure(client.accessMe());
    expect(error.code).toBe(clientErrorCodes.gatewayOnly);
    expect(sent).toHaveLength(0);
  });
});

describe('gateway history client', () => {
  it('reads a page of the history as it came when the hand check passes, else as the contract says', async () => {
    const entry = historyEntryOf({ id: 'task_1', kind: 'voice', name: 'narrator' });
    const page = {
      entries: [entry],
      next_cursor: null,
      total: 1,
      total_exact: true,
      warning: null,
    };
    const { client } = clientWith([
      json(200, page),
      // A field the contract does not name: the contract's schema reads it, and drops it.
      json(200, { ...page, entries: [{ ...entry, mood: 'calm' }] }),
      json(200, { ...page, entries: [{ ...entry, stalled: 'no' }] }),
      json(200, entry),
    ]);
    expect(await client.listHistory({})).toEqual(page);
    expect(await client.listHistory({})).toEqual(page);
    const error = await failure(client.listHistory({}));
    expect(error.code).toBe(clientErrorCodes.invalidResponse);
    expect(error.message).toMatch(/entries\.0\.stalled/);
    expect(await client.historyEntry('task_1')).toEqual(entry);
  });

  it('reads a page of the history with its schema, which loads beside the request', async () => {
    const page = { entries: [], next_cursor: null, total: 0, total_exact: true, warning: null };
    const { client, sent } = clientWith([json(200, page), json(200, { entries: 'none' })]);
    expect(await client.listHistory({ limit: 5 })).toEqual(page);
    expect(sent[0]).toMatchObject({ url: '/api/history?limit=5', method: 'GET' });
    const error = await failure(client.listHistory({ limit: 5 }));
    expect(error.code).toBe(clientErrorCodes.invalidResponse);
    expect(error.message).toMatch(/entries/);
  });
});
