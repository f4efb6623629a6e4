import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  accessEngines,
  testAccessDatabase,
  type TestAccessDatabase,
} from '../test-support/access-database';
import type { AccessDb } from './access-db';
import { maxPendingPerAddress, maxPendingSignIns, signInStates } from './sign-in-states';

describe.each(accessEngines)('sign-ins in progress on %s', (engine) => {
  let database: TestAccessDatabase;
  let db: AccessDb;

  beforeEach(async () => {
    database = await testAccessDatabase(engine);
    db = await database.open();
  });

  afterEach(() => database.remove());

  const pending = (state: string, address: string) => ({
    state,
    codeVerifier: 'v',
    nonce: 'n',
    next: '/',
    bindingHash: 'h',
    address,
  });
  const count = async () =>
    (await db.get<{ n: number }>('SELECT count(*) AS n FROM sign_in_states'))!.n;

  it('drops an address’s oldest sign-ins past its bound, not another address’s', async () => {
    const states = signInStates(db);
    await states.save(pending('other', '198.51.100.7'));
    for (let n = 0; n < maxPendingPerAddress + 3; n++)
      await states.save(pending(`s${n}`, '203.0.113.5'));
    expect(await count()).toBe(maxPendingPerAddress + 1);
    expect(await states.take('s2')).toBeUndefined();
    expect((await states.take('s3'))?.address).toBe('203.0.113.5');
    expect((await states.take('other'))?.address).toBe('198.51.100.7');
  });

  it('keeps the whole table bounded, dropping the oldest sign-ins first', async () => {
    const states = signInStates(db);
    // Many addresses, a few sign-ins each, as a flood from many hosts would be: all but the
    // last few written at once, the rest saved one by one.
    const last = 4;
    await db.run(
      `INSERT INTO sign_in_states (state, code_verifier, nonce, next, binding_hash, address, created_at)
       WITH RECURSIVE n (i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i + 1 < ?)
       SELECT 's' || i, 'v', 'n', '/', 'h', '10.0.' || (i / 4) || '.' || (i % 4), ? FROM n ORDER BY i`,
      [maxPendingSignIns + 2 - last, new Date().toISOString()],
    );
    for (let n = maxPendingSignIns + 2 - last; n < maxPendingSignIns + 2; n++)
      await states.save(pending(`s${n}`, `10.0.${Math.floor(n / 4)}.${n % 4}`));
    expect(await count()).toBe(maxPendingSignIns);
    expect(await states.take('s1')).toBeUndefined();
    expect(await states.take('s2')).toBeDefined();
  });

  it('answers a state once, even to two callbacks at once', async () => {
    const states = signInStates(db);
    await states.save(pending('once', '203.0.113.5'));
    const taken = await Promise.all([states.take('once'), states.take('once')]);
    expect(taken.filter(Boolean)).toHaveLength(1);
    expect(await states.take('once')).toBeUndefined();
  });
});
