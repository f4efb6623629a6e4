import { afterEach, describe, expect, it } from 'vitest';
import { committedCostOf } from '../../src/api/contract/committed-cost';
import type { HistoryStarter } from '../../src/api/contract/history';
import {
  budgetsSchema,
  usageQuerySchema,
  usageReportSchema,
  type UsageQuery,
} from '../../src/api/contract/usage';
import { engines, query, record, testStore, type TestStore } from '../history/test-store';
import { createUsage, type Usage } from './usage';
import { usageOpenApiPaths } from './usage-openapi';

let t: TestStore | null = null;
afterEach(async () => {
  await t?.cleanup();
  t = null;
});

const alice = { id: 'u-alice', name: 'Alice', token: null };
const aliceCi = { id: 'u-alice', name: 'Alice', token: 'ci' };
const bob = { id: 'u-bob', name: 'Bob', token: null };
const now = new Date('2026-12-15T12:00:00Z');

async function open(engine: (typeof engines)[number], managers: string[] = []) {
  t = await testStore(engine);
  const usage = createUsage({ db: t.storeDb, managers, clock: () => now });
  return { store: t.store, usage };
}

async function report(usage: Usage, query: UsageQuery = {}) {
  const res = await usage.routes.request(
    `/api/usage?${new URLSearchParams(query as Record<string, string>)}`,
  );
  expect(res.status).toBe(200);
  return usageReportSchema.parse(await res.json());
}

/** Starts a training on `day` and moves it as the poller would. */
async function training(
  store: TestStore['store'],
  id: string,
  day: string,
  starter: HistoryStarter | null,
  steps: Array<Record<string, unknown>>,
) {
  await store.insert(
    record({ id, created_at: `${day}T09:00:00.000Z`, started_by: starter, status: 'queued' }),
  );
  for (const [i, data] of steps.entries())
    await store.applyStatus(id, data, `${day}T09:${String(10 + i * 10).padStart(2, '0')}:00.000Z`);
}

describe.each(engines)('usage on %s', (engine) => {
  it('totals equal the sum of the jobs own committed costs, whatever moved in between', async () => {
    const { store, usage } = await open(engine);
    await training(store, 'done', '2026-12-02', alice, [
      { status: 'running', progress: 10, cost_estimate: 0.4 },
      { status: 'running', progress: 60, cost_estimate: 1.1 },
      { status: 'completed', progress: 100, total_cost: 1.2345 },
    ]);
    await training(store, 'going', '2026-12-03', bob, [
      { status: 'running', progress: 20, cost_estimate: 0.1 },
      { status: 'running', progress: 30, cost_estimate: 0.7 },
    ]);
    // A failed job's last estimate is not spend: the service shows no cost for it.
    await training(store, 'broke', '2026-12-03', aliceCi, [
      { status: 'running', progress: 20, cost_estimate: 0.3 },
      { status: 'failed', error: { message: 'out of memory' } },
    ]);
    await training(store, 'waiting', '2026-12-04', null, []);

    const all = (await store.list(query({ limit: 200 }))).entries;
    const sum = all.reduce(
      (total, entry) => total + (committedCostOf(entry.status, entry.latest) ?? 0),
      0,
    );
    const got = await report(usage, { from: '2026-12-01', to: '2026-12-31' });
    expect(got.totals.training_cost).toBeCloseTo(sum, 9);
    expect(got.totals.training_cost).toBeCloseTo(1.2345 + 0.7, 9);
    expect(got.totals.running_cost).toBeCloseTo(0.7, 9);
    expect(got.totals).toMatchObject({ jobs: 4, completed: 1, failed: 1, running: 2 });
    expect(got.month).toMatchObject({ month: '2026-12' });
    expect(got.month.committed).toBeCloseTo(1.9345, 9);
    expect(got.month.completed_cost).toBeCloseTo(1.2345, 9);
    // Half the month gone (14.5 of 31 days): the pace so far, carried to the end.
    expect(got.month.forecast).toBeCloseTo((1.9345 / 14.5) * 31, 2);
  });

  it('groups by day, week and month, with every period listed, and by kind, person and token', async () => {
    const { store, usage } = await open(engine);
    await training(store, 'a', '2026-11-30', alice, [
      { status: 'completed', progress: 100, total_cost: 2 },
    ]);
    await training(store, 'b', '2026-12-01', aliceCi, [
      { status: 'completed', progress: 100, total_cost: 3 },
    ]);
    await training(store, 'c', '2026-12-07', bob, [
      { status: 'completed', progress: 100, total_cost: 5 },
    ]);
    await store.insert(
      record({
        id: 'img',
        kind: 'image',
        params: { prompt: 'a fox', tool: 'generate_image_v_2' },
        created_at: '2026-12-01T10:00:00.000Z',
        status: 'completed',
        started_by: bob,
      }),
    );

    const byDay = await report(usage, { from: '2026-11-30', to: '2026-12-07' });
    expect(byDay.periods).toHaveLength(8);
    expect(byDay.rows.map((row) => [row.period, row.group, row.training_cost])).toEqual([
      ['2026-11-30', 'voice', 2],
      ['2026-12-01', 'voice', 3],
      ['2026-12-01', 'image', 0],
      ['2026-12-07', 'voice', 5],
    ]);
    expect(byDay.rows[0]!.label).toBe('Voice training');

    const byWeek = await report(usage, {
      from: '2026-11-30',
      to: '2026-12-07',
      group_by: 'week',
      by: 'person',
    });
    // Weeks start on Monday: 30 Nov and 7 Dec 2026 are Mondays.
    expect(byWeek.periods).toEqual(['2026-11-30', '2026-12-07']);
    expect(byWeek.rows.map((row) => [row.period, row.label, row.training_cost, row.jobs])).toEqual([
      ['2026-11-30', 'Alice', 5, 2],
      ['2026-11-30', 'Bob', 0, 1],
      ['2026-12-07', 'Bob', 5, 1],
    ]);
    expect(byWeek.groups.map((group) => [group.label, group.training_cost])).toEqual([
      ['Alice', 5],
      ['Bob', 5],
    ]);

    const byToken = await report(usage, {
      from: '2026-11-01',
      to: '2026-12-31',
      group_by: 'month',
      by: 'token',
    });
    expect(byToken.periods).toEqual(['2026-11', '2026-12']);
    expect(byToken.groups.map((group) => [group.group, group.label, group.training_cost])).toEqual([
      ['u-bob/', 'Bob, in the browser', 5],
      ['u-alice/ci', 'ci (Alice)', 3],
      ['u-alice/', 'Alice, in the browser', 2],
    ]);
    expect(byToken.tools).toEqual([{ kind: 'image', tool: 'generate_image_v_2', count: 1 }]);
  });

  it('counts what has no cost: generations per tool, speech characters, extends, uploads, sandboxes', async () => {
    const { store, usage } = await open(engine);
    const at = '2026-12-10T10:00:00.000Z';
    const add = (id: string, kind: never, params: Record<string, unknown>, status = 'completed') =>
      store.insert(record({ id, kind, params, created_at: at, status, started_by: alice }));
    await add('i1', 'image' as never, { prompt: 'x' });
    await add('i2', 'image' as never, { prompt: 'x', tool: 'generate_image_v_2' });
    await add('v1', 'video' as never, { prompt: 'x', tool: 'auto' });
    await add('s1', 'speech' as never, { text: 'Grüße 👋', voice_id: 'calm' });
    await add('s2', 'speech_async' as never, { text: 'hello', voice_id: 'calm' }, 'processing');
    await add('s3', 'speech' as never, { text: 'abc' });
    await add('e1', 'voice_extend' as never, { audio_url: 'https://x/a.wav' });
    await add('u1', 'upload' as never, { filename: 'a.wav', size: 1_000 });
    await add('u2', 'upload' as never, { filename: 'b.wav', size: 2_500 });
    await add('x1', 'sandbox' as never, { language: 'python' });

    const got = await report(usage, { from: '2026-12-01', to: '2026-12-31' });
    expect(got.totals).toMatchObject({
      jobs: 10,
      generations: 3,
      speech_requests: 3,
      // Code points, as people count: "Grüße 👋" is 7.
      speech_characters: 7 + 5 + 3,
      extends: 1,
      uploads: 2,
      upload_bytes: 3_500,
      sandboxes: 1,
      running: 1,
      training_cost: 0,
    });
    expect(got.tools).toEqual([
      { kind: 'image', tool: 'auto', count: 1 },
      { kind: 'image', tool: 'generate_image_v_2', count: 1 },
      { kind: 'video', tool: 'auto', count: 1 },
    ]);
    expect(got.voices).toEqual([
      { voice_id: 'calm', requests: 2, characters: 12 },
      { voice_id: 'default', requests: 1, characters: 3 },
    ]);
  });

  it('keeps spend when an entry leaves the history, and an import of the same job counts it once', async () => {
    const { store, usage } = await open(engine);
    await training(store, 'gone', '2026-12-05', alice, [
      { status: 'completed', progress: 100, total_cost: 4 },
    ]);
    const entry = await store.get('gone');
    await store.delete('gone');
    expect((await report(usage)).totals.training_cost).toBe(4);
    await store.importEntry({ ...entry!, readings: [] } as never, 'dashboard');
    expect((await report(usage)).totals).toMatchObject({ training_cost: 4, jobs: 1 });
  });

  it('counts, once, the entries a gateway kept before it counted usage', async () => {
    const { store, usage } = await open(engine);
    await training(store, 'kept', '2026-12-05', alice, [
      { status: 'completed', progress: 100, total_cost: 2.5 },
    ]);
    await store.insert(
      record({
        id: 'pic',
        kind: 'image',
        params: { prompt: 'x' },
        status: 'completed',
        created_at: '2026-12-06T00:00:00.000Z',
      }),
    );
    for (const table of ['usage_ledger', 'usage_days', 'usage_items', 'usage_durations'])
      await t!.storeDb.run(`DELETE FROM ${table}`);
    expect((await report(usage)).totals.jobs).toBe(0);
    expect(await store.backfillUsage(1)).toBe(2);
    expect(await store.backfillUsage()).toBe(0);
    expect((await report(usage)).totals).toMatchObject({
      jobs: 2,
      training_cost: 2.5,
      generations: 1,
    });
  });

  it('charts how long trainings waited and ran, with the median and 90th percentile', async () => {
    const { store, usage } = await open(engine);
    // Queued at 09:00, running at 09:10 (a 10 min wait), done at 09:20 (10 min run).
    await training(store, 'timed', '2026-12-05', alice, [
      { status: 'running', progress: 10, cost_estimate: 0.1 },
      { status: 'completed', progress: 100, total_cost: 1 },
    ]);
    const { trainings } = await report(usage);
    expect(trainings.queue_wait.count).toBe(1);
    expect(trainings.run_time.count).toBe(1);
    const bucket = trainings.run_time.buckets.find((b) => b.count === 1)!;
    expect(bucket).toEqual({ from_s: 600, to_s: 1_800, count: 1 });
    expect(trainings.queue_wait.p50_s).toBeGreaterThanOrEqual(600);
    expect(trainings.queue_wait.p50_s).toBeLessThan(1_800);
  });

  it('answers CSV with a header row, fields escaped and formulas kept as text', async () => {
    const { store, usage } = await open(engine);
    const sly = { id: 'u-sly', name: '=HYPERLINK("x"), "Sly"', token: null };
    await training(store, 'csv', '2026-12-05', sly, [
      { status: 'completed', progress: 100, total_cost: 1.5 },
    ]);
    const res = await usage.routes.request('/api/usage?by=person&format=csv');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="usage-2026-12-01-to-2026-12-15-by-person-per-day.csv"',
    );
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe(
      'period,group,label,jobs,completed,failed,cancelled,running,training_cost,running_cost,generations,speech_requests,speech_characters,extends,uploads,upload_bytes,sandboxes',
    );
    expect(lines[1]).toBe(
      `2026-12-05,u-sly,"'=HYPERLINK(""x""), ""Sly""",1,1,0,0,0,1.5,0,0,0,0,0,0,0,0`,
    );
    expect(lines[2]).toBe('');
  });
});

describe('usage query', () => {
  it('names the field and the rule of a bad query', async () => {
    t = await testStore('sqlite');
    const usage = createUsage({ db: t.storeDb, clock: () => now });
    const cases: Array<[string, RegExp]> = [
      ['from=2026-13-01', /from must be a real calendar date/],
      ['from=yesterday', /from must be a date \(YYYY-MM-DD\)/],
      ['from=2026-12-10&to=2026-12-01', /to must not be before from/],
      ['from=2020-01-01&to=2026-12-01', /at most 1830 days/],
      ['group_by=year', /group_by must be one of day, week, month/],
      ['by=team', /by must be one of kind, person, token/],
      ['format=xlsx', /format must be one of json, csv/],
    ];
    for (const [search, message] of cases) {
      const res = await usage.routes.request(`/api/usage?${search}`);
      expect(res.status, search).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    expect(usageQuerySchema.parse({})).toMatchObject({
      group_by: 'day',
      by: 'kind',
      format: 'json',
    });
  });
});

interface NoticeRow {
  type: string;
  owner_id: string | null;
  data_json: string;
}

describe.each(engines)('budgets on %s', (engine) => {
  const budgetNotices = async () =>
    (await t!.storeDb.all<NoticeRow>("SELECT * FROM notices WHERE type = 'budget.reached'")).map(
      (row): Record<string, unknown> => ({
        owner: row.owner_id,
        ...(JSON.parse(row.data_json) as Record<string, unknown>),
      }),
    );
  const put = (usage: Usage, path: string, body: unknown) =>
    usage.routes.request(path, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('sets, reads and removes the team budget, with what this month has committed', async () => {
    const { store, usage } = await open(engine);
    await training(store, 'spent', '2026-12-02', alice, [
      { status: 'completed', progress: 100, total_cost: 3 },
    ]);
    await training(store, 'spending', '2026-12-03', bob, [
      { status: 'running', progress: 50, cost_estimate: 1 },
    ]);
    // Last month's spend is not this month's.
    await training(store, 'old', '2026-11-28', bob, [
      { status: 'completed', progress: 100, total_cost: 50 },
    ]);
    const res = await put(usage, '/api/budgets/team', { monthly_limit: 10 });
    expect(res.status).toBe(200);
    const budgets = budgetsSchema.parse(await res.json());
    expect(budgets).toMatchObject({
      month: '2026-12',
      resets_at: '2027-01-01T00:00:00.000Z',
      team: { monthly_limit: 10, spend: 4, running: 1, percent: 40 },
      me: null,
      can_manage: true,
    });
    expect(budgets.people.map((person) => [person.name, person.spend])).toEqual([
      ['Alice', 3],
      ['Bob', 1],
    ]);
    const removed = budgetsSchema.parse(
      await (await put(usage, '/api/budgets/team', { monthly_limit: null })).json(),
    );
    expect(removed.team).toMatchObject({ monthly_limit: null, percent: null, spend: 4 });
  });

  it('refuses a bad limit by naming the field and the rule, and changes nothing', async () => {
    const { usage } = await open(engine);
    for (const [body, message] of [
      [{ monthly_limit: -1 }, /monthly_limit must be at least 0/],
      [{ monthly_limit: 'ten' }, /monthly_limit must be a number, or null/],
      [{}, /monthly_limit must be a number, or null/],
    ] as const) {
      const res = await put(usage, '/api/budgets/team', body);
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(message);
    }
    const read = budgetsSchema.parse(await (await usage.routes.request('/api/budgets')).json());
    expect(read.team.monthly_limit).toBeNull();
  });

  it('lets only the named managers change budgets when BUDGET_MANAGERS is set', async () => {
    const { usage } = await open(engine, ['boss@example.com']);
    const res = await put(usage, '/api/budgets/team', { monthly_limit: 5 });
    expect(res.status).toBe(403);
    const read = budgetsSchema.parse(await (await usage.routes.request('/api/budgets')).json());
    expect(read).toMatchObject({ can_manage: false, team: { monthly_limit: null } });
  });

  it('tells 80 % and 100 % of a budget once each this month, to the team or to the person', async () => {
    const { store, usage } = await open(engine);
    expect((await put(usage, '/api/budgets/team', { monthly_limit: 10 })).status).toBe(200);
    await usage.budgets.setLimit('person', 'u-bob', 4, 'Alice', 'Bob');
    await training(store, 'big', '2026-12-14', alice, [
      { status: 'running', progress: 10, cost_estimate: 7 },
      { status: 'running', progress: 20, cost_estimate: 8 },
      { status: 'running', progress: 30, cost_estimate: 8.5 },
    ]);
    expect(await budgetNotices()).toEqual([
      expect.objectContaining({ owner: null, budget: 'team', threshold: 80, spend: 8 }),
    ]);
    await store.applyStatus(
      'big',
      { status: 'completed', progress: 100, total_cost: 9 },
      '2026-12-14T10:00:00.000Z',
    );
    await training(store, 'bobs', '2026-12-14', bob, [
      { status: 'completed', progress: 100, total_cost: 4 },
    ]);
    expect(await budgetNotices()).toEqual([
      expect.objectContaining({ budget: 'team', threshold: 80 }),
      expect.objectContaining({
        owner: null,
        budget: 'team',
        threshold: 100,
        spend: 13,
        monthly_limit: 10,
        month: '2026-12',
        resets_at: '2027-01-01T00:00:00.000Z',
      }),
      expect.objectContaining({
        owner: 'u-bob',
        budget: 'person',
        person: { id: 'u-bob', name: 'Bob' },
        threshold: 80,
      }),
      expect.objectContaining({ owner: 'u-bob', budget: 'person', threshold: 100 }),
    ]);
    // Lowering a limit the spend already passes is told at once; a second time, never again.
    await usage.budgets.setLimit('person', 'u-alice', 5, 'Alice');
    await usage.budgets.setLimit('person', 'u-alice', 6, 'Alice');
    const alices = (await budgetNotices()).filter((notice) => notice.owner === 'u-alice');
    expect(alices.map((notice) => notice.threshold)).toEqual([80, 100]);
  });

  it('refuses a training start once a budget is spent, naming it, its spend and its reset', async () => {
    const { store, usage } = await open(engine);
    const request = (principal: typeof alice | null) => {
      const c = {
        get: (name: string) =>
          name === 'principal' && principal
            ? { user: { id: principal.id, name: principal.name, email: null }, via: 'session' }
            : undefined,
        json: (body: unknown, status: number) => Response.json(body, { status }),
        header: () => undefined,
      };
      return c as never;
    };
    await usage.budgets.setLimit('person', 'u-bob', 2, 'Alice', 'Bob');
    await training(store, 'bobs', '2026-12-10', bob, [
      { status: 'running', progress: 50, cost_estimate: 2 },
    ]);
    // Bob's own budget is spent by his running job's estimate; Alice may still start.
    expect(await usage.admit(request(alice), 'voice')).toBeNull();
    const refused = await usage.admit(request(bob), 'music_lora');
    expect(refused?.status).toBe(402);
    const body = (await refused!.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('budget_exceeded');
    expect(body.error.message).toBe(
      "Bob's monthly budget of $2.00 is spent: $2.00 is committed in December 2026 (completed " +
        'trainings and the estimates of running ones). New trainings can start again on ' +
        'January 1, 2027 (UTC), or once the limit is raised.',
    );
    // What has no cost in the spec is never refused.
    expect(await usage.admit(request(bob), 'image')).toBeNull();
    await usage.budgets.setLimit('team', '', 1, 'Alice');
    const team = await usage.admit(request(alice), 'voice');
    expect(((await team!.json()) as { error: { message: string } }).error.message).toMatch(
      /^The team's monthly budget of \$1\.00 is spent: \$2\.00 is committed/,
    );
    await usage.budgets.setLimit('team', '', null, 'Alice');
    expect(await usage.admit(request(alice), 'voice')).toBeNull();
  });
});

describe('usage OpenAPI', () => {
  it('documents every usage and budget route the gateway serves, and no other', async () => {
    t = await testStore('sqlite');
    const usage = createUsage({ db: t.storeDb });
    const served = usage.routes.routes
      .filter((route) => route.method !== 'HEAD')
      .map((route) => `${route.method.toLowerCase()} ${route.path.replace(/:(\w+)/g, '{$1}')}`);
    const documented = Object.entries(usageOpenApiPaths()).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method} ${path}`),
    );
    expect(served).toHaveLength(4);
    expect(documented.sort()).toEqual([...new Set(served)].sort());
  });
});
