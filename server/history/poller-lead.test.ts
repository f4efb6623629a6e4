import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { freshPostgresDatabase } from '../test-support/test-database';
import { postgresLead, soloLead, type PollerLead } from './poller-lead';

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const fast = { tryEveryMs: 100, checkEveryMs: 100, checkTimeoutMs: 1_000 };
const schema = 'lead_test';

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

async function database() {
  const db = await freshPostgresDatabase();
  const admin = new pg.Client({ connectionString: db.url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.query(
    `CREATE TABLE ${schema}.poller_lead (id INTEGER PRIMARY KEY, term BIGINT NOT NULL, taken_at TIMESTAMPTZ NOT NULL)`,
  );
  cleanups.push(async () => {
    await admin.end();
    await db.drop();
  });
  return { url: db.url, admin };
}

function replica(url: string, name: string) {
  const lead = postgresLead({ url, schema, logger: quiet, rules: fast, applicationName: name });
  const seen: boolean[] = [];
  lead.onChange((leading) => seen.push(leading));
  cleanups.push(() => lead.release());
  return { lead, seen };
}

const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};
const leaders = (leads: PollerLead[]) => leads.filter((lead) => lead.leading()).length;

describe('the poller lead on PostgreSQL', () => {
  it('goes to exactly one of several replicas, and to another at once when it is released', async () => {
    const { url } = await database();
    const replicas = [replica(url, 'r1'), replica(url, 'r2'), replica(url, 'r3')];
    const leads = replicas.map((r) => r.lead);
    leads.forEach((lead) => lead.start());
    await until(() => leaders(leads) === 1);
    // Several checks later, still one.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(leaders(leads)).toBe(1);

    const first = leads.find((lead) => lead.leading())!;
    const firstTerm = first.term()!;
    await first.release();
    expect(first.leading()).toBe(false);
    await until(() => leaders(leads) === 1);
    const second = leads.find((lead) => lead.leading())!;
    expect(second).not.toBe(first);
    expect(second.term()).toBeGreaterThan(firstTerm);
  });

  it('passes to a standby when the leader’s connection is cut, and the old leader knows it lost', async () => {
    const { url, admin } = await database();
    const a = replica(url, 'lead-a');
    a.lead.start();
    await until(() => a.lead.leading());
    const b = replica(url, 'lead-b');
    b.lead.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(b.lead.leading()).toBe(false);

    // As when the leader's process is killed: the server ends its session and its lock.
    await admin.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = 'lead-a'",
    );
    await until(() => b.lead.leading());
    await until(() => !a.lead.leading());
    expect(a.seen).toEqual([true, false]);
    expect(b.lead.term()).toBeGreaterThan(1);
  });
});

describe('the solo lead (SQLite)', () => {
  it('leads from start until released', async () => {
    const lead = soloLead();
    const seen: boolean[] = [];
    lead.onChange((leading) => seen.push(leading));
    expect(lead.leading()).toBe(false);
    lead.start();
    expect(lead.leading()).toBe(true);
    await lead.release();
    expect(seen).toEqual([true, false]);
  });
});
