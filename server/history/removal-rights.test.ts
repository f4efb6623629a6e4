import { Hono } from 'hono';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { historyEntryPath } from '../../src/api/contract/history';
import type { Principal } from '../access/types';
import { audioBytes, newRecord, routesHarness, type RoutesHarness } from './routes-harness';

const ada: Principal = {
  user: { id: 'u-ada', name: 'Ada Lovelace', email: 'ada@example.com' },
  via: 'session',
  sessionId: 's-1',
};
const grace: Principal = {
  user: { id: 'u-grace', name: 'Grace Hopper', email: null },
  via: 'token',
  token: { id: 't-1', name: 'nightly render' },
};
const adaStarted = { id: 'u-ada', name: 'Ada Lovelace', token: null };

let h: RoutesHarness;
/** The routes behind a stand-in for the access middleware: `x-test-user` picks who signed in. */
let gateway: Hono;
beforeEach(async () => {
  h = await routesHarness();
  gateway = new Hono();
  gateway.use(async (c, next) => {
    const who = c.req.header('x-test-user');
    c.set('principal', who === 'ada' ? ada : who === 'grace' ? grace : undefined);
    await next();
  });
  gateway.route('/', h.app);
});
afterEach(() => h.cleanup());

const removeAs = (id: string, who?: string) =>
  gateway.request(historyEntryPath(id), {
    method: 'DELETE',
    headers: who ? { 'x-test-user': who } : {},
  });

describe('DELETE /api/history/:id on a shared gateway', () => {
  it('refuses a colleague, naming who started it, and keeps the entry and its audio', async () => {
    await h.store.insert(newRecord({ id: 'adas', started_by: adaStarted }));
    await h.audio.save('adas', Buffer.from(audioBytes), 'audio/mpeg');
    const refused = await removeAs('adas', 'grace');
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      error: {
        code: 'forbidden',
        message: 'Only Ada Lovelace can remove this entry: they started it.',
      },
    });
    expect(await h.store.get('adas')).not.toBeNull();
    expect(await h.audio.read('adas')).not.toBeNull();
  });

  it('lets the starter remove their own entry, by session or by token', async () => {
    await h.store.insert(newRecord({ id: 'adas', started_by: adaStarted }));
    await h.store.insert(
      newRecord({ id: 'graces', started_by: { id: 'u-grace', name: 'Grace', token: 'nightly' } }),
    );
    expect((await removeAs('adas', 'ada')).status).toBe(204);
    expect((await removeAs('graces', 'grace')).status).toBe(204);
    expect(await h.store.get('adas')).toBeNull();
    expect(await h.store.get('graces')).toBeNull();
  });

  it('lets anyone signed in remove an entry nobody started signed in', async () => {
    await h.store.insert(newRecord({ id: 'imported', started_by: null }));
    expect((await removeAs('imported', 'grace')).status).toBe(204);
    expect(await h.store.get('imported')).toBeNull();
  });

  it('removes anything in open mode, where nobody signs in', async () => {
    await h.store.insert(newRecord({ id: 'adas', started_by: adaStarted }));
    expect((await removeAs('adas')).status).toBe(204);
    expect(await h.store.get('adas')).toBeNull();
  });

  it('answers 404 for an unknown id, signed in or not', async () => {
    expect((await removeAs('missing', 'grace')).status).toBe(404);
    expect((await removeAs('missing')).status).toBe(404);
  });
});
