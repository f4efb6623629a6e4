import { randomBytes } from 'node:crypto';
import type { PushDevice, PushSubscriptionInput } from '../../src/api/contract/notifications';
import type { SqlExecutor } from '../db/sql-db';
import { newVapidKeys, type PushTarget, type VapidKeys } from './web-push';

interface DeviceRow {
  id: string;
  owner_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
  last_push_at: string | null;
}

export interface DeviceTarget extends PushTarget {
  id: string;
}

const userAgentMax = 300;

function toDevice(row: DeviceRow): PushDevice {
  return {
    id: row.id,
    user_agent: row.user_agent,
    service: new URL(row.endpoint).origin,
    created_at: row.created_at,
    last_push_at: row.last_push_at,
  };
}

/** The devices people asked to be told on: each a browser's push subscription. */
export function pushDevices(db: SqlExecutor, clock: () => number = Date.now) {
  const iso = () => new Date(clock()).toISOString();
  return {
    async list(owner: string): Promise<PushDevice[]> {
      const rows = await db.all<DeviceRow>(
        'SELECT * FROM push_devices WHERE owner_id = ? ORDER BY created_at DESC, id',
        [owner],
      );
      return rows.map(toDevice);
    },

    /**
     * Keeps a subscription for `owner`. A browser subscribing again (a new key, or another
     * person signed in on it) replaces what was kept for its endpoint: one device, one row.
     */
    async add(
      owner: string,
      subscription: PushSubscriptionInput,
      userAgent: string | null,
    ): Promise<PushDevice> {
      const existing = await db.get<{ id: string }>(
        'SELECT id FROM push_devices WHERE endpoint = ?',
        [subscription.endpoint],
      );
      const id = existing?.id ?? `dev_${randomBytes(12).toString('base64url')}`;
      const agent = userAgent?.slice(0, userAgentMax) ?? null;
      if (existing)
        await db.run(
          'UPDATE push_devices SET owner_id = ?, p256dh = ?, auth = ?, user_agent = ? WHERE id = ?',
          [owner, subscription.keys.p256dh, subscription.keys.auth, agent, id],
        );
      else
        await db.run(
          `INSERT INTO push_devices (id, owner_id, endpoint, p256dh, auth, user_agent, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
          [
            id,
            owner,
            subscription.endpoint,
            subscription.keys.p256dh,
            subscription.keys.auth,
            agent,
            iso(),
          ],
        );
      const row = await db.get<DeviceRow>('SELECT * FROM push_devices WHERE endpoint = ?', [
        subscription.endpoint,
      ]);
      return toDevice(row!);
    },

    /** Removes one of `owner`'s devices; false when they have none with this id. */
    async remove(owner: string, id: string): Promise<boolean> {
      const result = await db.run('DELETE FROM push_devices WHERE id = ? AND owner_id = ?', [
        id,
        owner,
      ]);
      return result.changes > 0;
    },

    /** Forgets a device whose subscription the push service says is gone. */
    async forget(id: string): Promise<void> {
      await db.run('DELETE FROM push_devices WHERE id = ?', [id]);
    },

    async target(id: string): Promise<DeviceTarget | null> {
      const row = await db.get<DeviceRow>('SELECT * FROM push_devices WHERE id = ?', [id]);
      return row
        ? { id: row.id, endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }
        : null;
    },

    async idsOf(owner: string, on: SqlExecutor = db): Promise<string[]> {
      const rows = await on.all<{ id: string }>('SELECT id FROM push_devices WHERE owner_id = ?', [
        owner,
      ]);
      return rows.map((row) => row.id);
    },

    async pushed(id: string): Promise<void> {
      await db.run('UPDATE push_devices SET last_push_at = ? WHERE id = ?', [iso(), id]);
    },
  };
}

export type PushDevices = ReturnType<typeof pushDevices>;

/**
 * The gateway's VAPID key pair: made at first start and kept, so subscriptions made with its
 * public key keep working across restarts and replicas (the first to store it wins).
 */
export async function vapidKeysOf(db: SqlExecutor): Promise<VapidKeys> {
  const read = () =>
    db.get<{ value: string }>("SELECT value FROM gateway_keys WHERE name = 'vapid_pair'");
  const kept = await read();
  if (kept) return JSON.parse(kept.value) as VapidKeys;
  // One row holds both halves, so two replicas starting together never mix two pairs.
  await db.run(
    "INSERT INTO gateway_keys (name, value) VALUES ('vapid_pair', ?) ON CONFLICT DO NOTHING",
    [JSON.stringify(newVapidKeys())],
  );
  return JSON.parse((await read())!.value) as VapidKeys;
}
