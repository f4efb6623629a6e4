import { randomBytes } from 'node:crypto';
import {
  secretOverlapHours,
  type NotificationEventType,
  type Webhook,
  type WebhookFormat,
  type WebhookScope,
} from '../../src/api/contract/notifications';
import type { SqlExecutor } from '../db/sql-db';
import { newWebhookSecret, secretHint } from './signature';
import type { Viewer } from './viewer';

interface WebhookRow {
  id: string;
  owner_id: string | null;
  owner_name: string | null;
  scope: string;
  url: string;
  events_json: string;
  format: string;
  description: string;
  status: string;
  paused_reason: string | null;
  failing_since: string | null;
  secret: string;
  previous_secret: string | null;
  previous_secret_until: string | null;
  created_at: string;
  updated_at: string;
}

/** A webhook as the sender needs it: where, what, how, and the secrets that sign now. */
export interface WebhookTarget {
  id: string;
  ownerId: string | null;
  ownerName: string | null;
  url: string;
  format: WebhookFormat;
  status: 'active' | 'paused';
  failingSince: string | null;
  /** The current secret first; the one before it while the rotation's overlap lasts. */
  secrets: string[];
}

export interface NewWebhook {
  url: string;
  events: NotificationEventType[];
  format: WebhookFormat;
  scope: WebhookScope;
  description: string;
}

export type WebhookChange = Partial<NewWebhook> & { paused?: boolean };

const overlapMs = secretOverlapHours * 60 * 60_000;

const visibleSql = (viewer: Viewer) =>
  viewer.id === null
    ? { where: '1 = 1', params: [] }
    : { where: "(owner_id = ? OR scope = 'team')", params: [viewer.id] };

function toWebhook(row: WebhookRow, viewer: Viewer, now: number): Webhook {
  const overlap =
    row.previous_secret_until && Date.parse(row.previous_secret_until) > now
      ? row.previous_secret_until
      : null;
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events_json) as NotificationEventType[],
    format: row.format as WebhookFormat,
    scope: row.scope as WebhookScope,
    description: row.description,
    owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? row.owner_id } : null,
    editable: viewer.id === null || viewer.id === row.owner_id,
    status: row.status === 'paused' ? 'paused' : 'active',
    paused_reason: row.paused_reason,
    failing_since: row.failing_since,
    created_at: row.created_at,
    updated_at: row.updated_at,
    secret_hint: secretHint(row.secret),
    previous_secret_until: overlap,
  };
}

function toTarget(row: WebhookRow, now: number): WebhookTarget {
  const secrets = [row.secret];
  if (
    row.previous_secret &&
    row.previous_secret_until &&
    Date.parse(row.previous_secret_until) > now
  )
    secrets.push(row.previous_secret);
  return {
    id: row.id,
    ownerId: row.owner_id,
    ownerName: row.owner_name,
    url: row.url,
    format: row.format as WebhookFormat,
    status: row.status === 'paused' ? 'paused' : 'active',
    failingSince: row.failing_since,
    secrets,
  };
}

/**
 * The webhooks people registered, in the gateway's database. A personal webhook belongs to
 * its owner; a team one is seen by everyone and changed by its owner. In open mode (nobody
 * signs in) every webhook is everyone's.
 */
export function webhookStore(db: SqlExecutor, clock: () => number = Date.now) {
  const iso = () => new Date(clock()).toISOString();
  const rowOf = (id: string, on: SqlExecutor = db) =>
    on.get<WebhookRow>('SELECT * FROM webhooks WHERE id = ?', [id]);

  return {
    async list(viewer: Viewer): Promise<Webhook[]> {
      const { where, params } = visibleSql(viewer);
      const rows = await db.all<WebhookRow>(
        `SELECT * FROM webhooks WHERE ${where} ORDER BY created_at DESC, id`,
        params,
      );
      return rows.map((row) => toWebhook(row, viewer, clock()));
    },

    /** The webhook, when the viewer may see it. */
    async get(id: string, viewer: Viewer): Promise<Webhook | null> {
      const row = await rowOf(id);
      if (!row || !(viewer.id === null || row.owner_id === viewer.id || row.scope === 'team'))
        return null;
      return toWebhook(row, viewer, clock());
    },

    async create(input: NewWebhook, viewer: Viewer): Promise<{ webhook: Webhook; secret: string }> {
      const id = `wh_${randomBytes(12).toString('base64url')}`;
      const secret = newWebhookSecret();
      const now = iso();
      await db.run(
        `INSERT INTO webhooks (id, owner_id, owner_name, scope, url, events_json, format,
          description, status, secret, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'active', ?, ?, ?)`,
        [
          id,
          viewer.id,
          viewer.name,
          input.scope,
          input.url,
          JSON.stringify(input.events),
          input.format,
          input.description,
          secret,
          now,
          now,
        ],
      );
      return { webhook: toWebhook((await rowOf(id))!, viewer, clock()), secret };
    },

    async update(id: string, change: WebhookChange, viewer: Viewer): Promise<Webhook | null> {
      const row = await rowOf(id);
      if (!row) return null;
      const paused = change.paused ?? row.status === 'paused';
      await db.run(
        `UPDATE webhooks SET url = ?, events_json = ?, format = ?, scope = ?, description = ?,
          status = ?, paused_reason = ?, failing_since = ?, updated_at = ? WHERE id = ?`,
        [
          change.url ?? row.url,
          change.events ? JSON.stringify(change.events) : row.events_json,
          change.format ?? row.format,
          change.scope ?? row.scope,
          change.description ?? row.description,
          paused ? 'paused' : 'active',
          // Paused by hand says so; resumed, the failures so far are forgiven.
          paused ? (change.paused ? 'Paused by hand' : row.paused_reason) : null,
          // Resumed, or pointed elsewhere while active, it starts afresh; an edit of its name
          // keeps the clock that pauses a webhook failing for days.
          !paused &&
          (row.status === 'paused' || (change.url !== undefined && change.url !== row.url))
            ? null
            : row.failing_since,
          iso(),
          id,
        ],
      );
      return toWebhook((await rowOf(id))!, viewer, clock());
    },

    async remove(id: string): Promise<boolean> {
      const removed = (await db.run('DELETE FROM webhooks WHERE id = ?', [id])).changes > 0;
      // Its queued deliveries have nowhere to go.
      if (removed)
        await db.run(
          "DELETE FROM deliveries WHERE channel = 'webhook' AND target_id = ? AND status = 'pending'",
          [id],
        );
      return removed;
    },

    /** A new secret; the old one signs beside it for the overlap, so receivers can switch. */
    async rotate(id: string, viewer: Viewer): Promise<{ webhook: Webhook; secret: string } | null> {
      const row = await rowOf(id);
      if (!row) return null;
      const secret = newWebhookSecret();
      await db.run(
        `UPDATE webhooks SET secret = ?, previous_secret = ?, previous_secret_until = ?,
          updated_at = ? WHERE id = ?`,
        [secret, row.secret, new Date(clock() + overlapMs).toISOString(), iso(), id],
      );
      return { webhook: toWebhook((await rowOf(id))!, viewer, clock()), secret };
    },

    async target(id: string): Promise<WebhookTarget | null> {
      const row = await rowOf(id);
      return row ? toTarget(row, clock()) : null;
    },

    /** The active webhooks a notice of `type` about a job `ownerId` started goes to. */
    async targetsOf(
      type: string,
      ownerId: string | null,
      on: SqlExecutor = db,
    ): Promise<WebhookTarget[]> {
      const rows = await on.all<WebhookRow>("SELECT * FROM webhooks WHERE status = 'active'");
      return rows
        .filter((row) => (JSON.parse(row.events_json) as string[]).includes(type))
        .filter(
          (row) =>
            row.scope === 'team' ||
            row.owner_id === null ||
            (ownerId !== null && row.owner_id === ownerId),
        )
        .map((row) => toTarget(row, clock()));
    },

    /** An attempt answered: the failures so far are over. */
    async succeeded(id: string): Promise<void> {
      await db.run(
        'UPDATE webhooks SET failing_since = NULL WHERE id = ? AND failing_since IS NOT NULL',
        [id],
      );
    },

    /** An attempt failed at `at`: since when it has been failing. */
    async failed(id: string, at: string): Promise<string> {
      await db.run('UPDATE webhooks SET failing_since = ? WHERE id = ? AND failing_since IS NULL', [
        at,
        id,
      ]);
      return (await rowOf(id))?.failing_since ?? at;
    },

    /** Pauses an active webhook; false when it was not active (another attempt paused it). */
    async pause(id: string, reason: string): Promise<boolean> {
      const result = await db.run(
        "UPDATE webhooks SET status = 'paused', paused_reason = ?, updated_at = ? WHERE id = ? AND status = 'active'",
        [reason, iso(), id],
      );
      return result.changes > 0;
    },
  };
}

export type WebhookStore = ReturnType<typeof webhookStore>;
