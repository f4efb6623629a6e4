import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { openAccessDb, type AccessDb } from './access-db';
import { maxPendingPerAddress, maxPendingSignIns, signInStates } from './sign-in-states';

let dir: string;
let db: AccessDb;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'media-studio-states-'));
  db = openAccessDb(dir);
});

afterEach(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const pending = (state: string, address: string) => ({
  state,
  codeVerifier: 'v',
  nonce: 'n',
  next: '/',
  bindingHash: 'h',
  address,
});
const count = () =>
  (db.prepare('SELECT count(*) AS n FROM sign_in_states').get() as { n: number }).n;

it('drops an address’s oldest sign-ins past its bound, not another address’s', () => {
  const states = signInStates(db);
  states.save(pending('other', '198.51.100.7'));
  for (let n = 0; n < maxPendingPerAddress + 3; n++) states.save(pending(`s${n}`, '203.0.113.5'));
  expect(count()).toBe(maxPendingPerAddress + 1);
  expect(states.take('s2')).toBeUndefined();
  expect(states.take('s3')?.address).toBe('203.0.113.5');
  expect(states.take('other')?.address).toBe('198.51.100.7');
});

it('keeps the whole table bounded, dropping the oldest sign-ins first', () => {
  const states = signInStates(db);
  // Many addresses, a few sign-ins each, as a flood from many hosts would be.
  db.transaction(() => {
    for (let n = 0; n < maxPendingSignIns + 2; n++)
      states.save(pending(`s${n}`, `10.0.${Math.floor(n / 4)}.${n % 4}`));
  })();
  expect(count()).toBe(maxPendingSignIns);
  expect(states.take('s1')).toBeUndefined();
  expect(states.take('s2')).toBeDefined();
});
