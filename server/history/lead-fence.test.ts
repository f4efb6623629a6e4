import { afterEach, describe, expect, it } from 'vitest';
import type { Logger } from '../logger';
import { historySchema } from './history-db';
import { postgresLead } from './poller-lead';
import { record, testStore, type TestStore } from './test-store';

const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };
const running = (progress: number) => ({ status: 'running', progress });

let t: TestStore | null = null;
const leads: { release(): Promise<void> }[] = [];
afterEach(async () => {
  for (const lead of leads.splice(0)) await lead.release();
  await t?.cleanup(t.store);
  t = null;
});

const until = async (check: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('writes of a replica that lost the lead (PostgreSQL)', () => {
  it('are refused once another replica has taken the lead, and the newer reading stays', async () => {
    t = await testStore('postgres');
    const url = t.url!;
    const lead = (name: string) => {
      const made = postgresLead({
        url,
        schema: historySchema,
        logger: quiet,
        rules: { tryEveryMs: 50, checkEveryMs: 50 },
        applicationName: name,
      });
      leads.push(made);
      return made;
    };
    await t.store.insert(record({ id: 'job' }));

    const a = lead('a');
    a.start();
    await until(() => a.leading());
    const oldTerm = a.term();
    expect(
      await t.store.applyStatus('job', running(10), '2026-03-01T00:00:01.000Z', { term: oldTerm }),
    ).toMatchObject({
      readings: expect.arrayContaining([expect.objectContaining({ progress: 10 })]),
    });

    // A hands over; B takes the lead and writes a newer reading.
    await a.release();
    const b = lead('b');
    b.start();
    await until(() => b.leading());
    expect(b.term()).toBeGreaterThan(oldTerm!);
    await t.store.applyStatus('job', running(30), '2026-03-01T00:00:05.000Z', { term: b.term() });

    // A's answer to a call it made while it led arrives late: it is not written.
    const late = await t.store.applyStatus('job', running(20), '2026-03-01T00:00:04.000Z', {
      term: oldTerm,
    });
    expect(late?.readings.at(-1)?.progress).toBe(30);
    expect(
      await t.store.markUnknown('job', '2026-03-01T00:00:06.000Z', { term: oldTerm }),
    ).toMatchObject({ status: 'running' });
    expect(await t.store.setStalled('job', true, { term: null })).toMatchObject({ stalled: false });
    const kept = await t.store.get('job');
    expect(kept?.readings.map((r) => r.progress)).toEqual([undefined, 10, 30]);
  });
});

describe('writes on SQLite', () => {
  it('have one process and one poller: its term is not checked', async () => {
    t = await testStore('sqlite');
    await t.store.insert(record({ id: 'solo' }));
    const entry = await t.store.applyStatus('solo', running(5), '2026-03-01T00:00:01.000Z', {
      term: 1,
    });
    expect(entry?.readings.at(-1)?.progress).toBe(5);
  });
});
