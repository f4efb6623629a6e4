import { describe, expect, it } from 'vitest';
import { engines } from '../history/test-store';
import { freshDatabase } from './test-database';
import { pushDevices, vapidKeysOf } from './push-devices';

const t0 = Date.parse('2026-03-01T12:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

const subscription = (name: string, key = 'k1') => ({
  endpoint: `https://push.example.com/send/${name}`,
  keys: { p256dh: `p256dh-${key}`, auth: `auth-${key}` },
});

const database = freshDatabase();

describe.each(engines)('push devices on %s', (engine) => {
  let now = t0;
  const clock = () => now;

  async function setUp() {
    now = t0;
    await database.open(engine);
    return pushDevices(database.db, clock);
  }

  it('keep a browser’s subscription as its owner’s device', async () => {
    const devices = await setUp();
    const device = await devices.add('u-alice', subscription('a'), 'Firefox on Linux');
    expect(device).toEqual({
      id: expect.stringMatching(/^dev_[\w-]{16}$/),
      user_agent: 'Firefox on Linux',
      service: 'https://push.example.com',
      created_at: iso(t0),
      last_push_at: null,
    });
    expect(await devices.list('u-alice')).toEqual([device]);
    expect(await devices.list('u-bob')).toEqual([]);
    expect(await devices.target(device.id)).toEqual({
      id: device.id,
      ...subscription('a'),
    });
    expect(await devices.target('dev_missing')).toBeNull();
  });

  it('replace what was kept when the same browser subscribes again', async () => {
    const devices = await setUp();
    const first = await devices.add('u-alice', subscription('a'), 'Firefox');
    now += 60_000;
    const again = await devices.add('u-bob', subscription('a', 'k2'), null);
    expect(again).toEqual({ ...first, user_agent: null });
    const rows = await database.db.all('SELECT * FROM push_devices');
    expect(rows).toHaveLength(1);
    expect(await devices.target(first.id)).toEqual({ id: first.id, ...subscription('a', 'k2') });
    expect(await devices.idsOf('u-alice')).toEqual([]);
    expect(await devices.idsOf('u-bob')).toEqual([first.id]);
  });

  it('cut a long user agent', async () => {
    const devices = await setUp();
    const device = await devices.add('u-alice', subscription('a'), 'x'.repeat(500));
    expect(device.user_agent).toBe('x'.repeat(300));
  });

  it('list a person’s devices newest first', async () => {
    const devices = await setUp();
    const older = await devices.add('u-alice', subscription('a'), null);
    now += 1_000;
    const newer = await devices.add('u-alice', subscription('b'), null);
    await devices.add('u-bob', subscription('c'), null);
    expect((await devices.list('u-alice')).map((d) => d.id)).toEqual([newer.id, older.id]);
    expect((await devices.idsOf('u-alice')).sort()).toEqual([newer.id, older.id].sort());
  });

  it('remove only a device of the person asking', async () => {
    const devices = await setUp();
    const hers = await devices.add('u-alice', subscription('a'), null);
    expect(await devices.remove('u-bob', hers.id)).toBe(false);
    expect(await devices.list('u-alice')).toHaveLength(1);
    expect(await devices.remove('u-alice', hers.id)).toBe(true);
    expect(await devices.list('u-alice')).toEqual([]);
    expect(await devices.remove('u-alice', hers.id)).toBe(false);
  });

  it('forget a device whose subscription is gone, and note each push', async () => {
    const devices = await setUp();
    const a = await devices.add('u-alice', subscription('a'), null);
    const b = await devices.add('u-alice', subscription('b'), null);
    now += 5_000;
    await devices.pushed(a.id);
    expect((await devices.list('u-alice')).find((d) => d.id === a.id)?.last_push_at).toBe(
      iso(t0 + 5_000),
    );
    await devices.forget(a.id);
    expect(await devices.target(a.id)).toBeNull();
    expect(await devices.idsOf('u-alice')).toEqual([b.id]);
  });

  it('read the devices inside the caller’s transaction', async () => {
    const devices = await setUp();
    const ids = await database.db.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO push_devices (id, owner_id, endpoint, p256dh, auth, created_at)
         VALUES ('dev_tx', '', 'https://push.example.com/tx', 'p', 'a', ?)`,
        [iso(t0)],
      );
      return devices.idsOf('', tx);
    });
    expect(ids).toEqual(['dev_tx']);
  });

  it('make one VAPID key pair and keep it for every later start and replica', async () => {
    await setUp();
    const pair = await vapidKeysOf(database.db);
    // A raw P-256 point and a 32-byte key, base64url.
    expect(Buffer.from(pair.publicKey, 'base64url')).toHaveLength(65);
    expect(Buffer.from(pair.privateKey, 'base64url')).toHaveLength(32);
    expect(await vapidKeysOf(database.db)).toEqual(pair);
    const other = await database.t.openDb();
    try {
      expect(await vapidKeysOf(other)).toEqual(pair);
    } finally {
      await other.close();
    }
  });

  it('agree on one pair when two replicas start together', async () => {
    await setUp();
    const other = await database.t.openDb();
    try {
      const [a, b] = await Promise.all([vapidKeysOf(database.db), vapidKeysOf(other)]);
      expect(a).toEqual(b);
    } finally {
      await other.close();
    }
  });
});
