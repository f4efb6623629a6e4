import { expect, test, type APIRequestContext } from '@playwright/test';
import { accessPaths } from '../src/api/contract/access-paths';
import { gatewayStatusPath } from '../src/api/contract/gateway-paths';
import { pollRules } from '../server/history/job-poller';
import { clusterPassword, startCluster, type Cluster, type Replica } from './fixtures/replicas';

// Its own PostgreSQL, stand-in service, two replicas and nginx: started here, not by the config.
test.describe.configure({ mode: 'serial', timeout: 240_000 });

let cluster: Cluster;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  cluster = await startCluster({ replicas: 2, trainingMs: 60_000 });
});
test.afterAll(async () => {
  await cluster?.stop();
});

const reference_urls = ['https://example.com/a.wav', 'https://example.com/b.wav'];

async function pollerOf(request: APIRequestContext, replica: Replica, token: string) {
  const response = await request.get(`${replica.url}${gatewayStatusPath}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok()) return `answered ${response.status()}`;
  return ((await response.json()) as { poller?: string }).poller ?? 'missing';
}

async function statusReads(request: APIRequestContext): Promise<Record<string, number>> {
  return (await (await request.get(`${cluster.upstreamUrl}/status-reads`)).json()) as Record<
    string,
    number
  >;
}

test('a team behind nginx sees one live history, and the polling survives kill -9 of its leader', async ({
  browser,
  request,
}) => {
  // One person signs in through the proxy; every later request may land on either replica.
  const context = await browser.newContext({ baseURL: cluster.proxyUrl });
  const page = await context.newPage();
  await page.goto('/jobs');
  await page.getByLabel('Password').fill(clusterPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Jobs' })).toBeVisible();

  // A token for the script below, made through the proxy with the browser's session.
  const created = await page.request.post(accessPaths.tokens, { data: { name: 'replica test' } });
  expect(created.ok(), await created.text()).toBe(true);
  const { token } = (await created.json()) as { token: string };
  const auth = { authorization: `Bearer ${token}` };

  // One job started through each replica, straight to it (the proxy is round robin anyway).
  const run = Date.now().toString(36);
  const jobs: { name: string; id: string }[] = [];
  for (const [n, replica] of cluster.replicas.entries()) {
    const name = `replica_${run}_${n}`;
    const response = await request.post(`${replica.url}/api/v1/training/voice`, {
      headers: auth,
      data: { name, reference_urls },
    });
    expect(response.ok(), await response.text()).toBe(true);
    jobs.push({
      name,
      id: ((await response.json()) as { data: { task_id: string } }).data.task_id,
    });
  }

  // The open board shows both as they come, without a reload, whichever replica serves it.
  for (const job of jobs)
    await expect(page.getByRole('article', { name: job.name })).toBeVisible({ timeout: 15_000 });

  // Exactly one replica polls.
  const polling = async () =>
    Promise.all(cluster.replicas.map((r) => (r.alive() ? pollerOf(request, r, token) : 'dead')));
  await expect.poll(polling, { timeout: 15_000 }).toContain('leading');
  const roles = await polling();
  expect(roles.filter((role) => role === 'leading')).toHaveLength(1);
  expect(roles.filter((role) => role === 'standby')).toHaveLength(1);
  const leader = cluster.replicas[roles.indexOf('leading')]!;
  const standby = cluster.replicas[roles.indexOf('standby')]!;

  // Both jobs are being read, once per interval: the standby does not poll as well.
  await expect
    .poll(async () => {
      const reads = await statusReads(request);
      return jobs.every((job) => (reads[job.id] ?? 0) > 0);
    })
    .toBe(true);
  const before = await statusReads(request);
  const windowStart = Date.now();
  await page.waitForTimeout(4 * pollRules.runningMs);
  const after = await statusReads(request);
  const allowed = Math.ceil((Date.now() - windowStart) / pollRules.runningMs) + 1;
  for (const job of jobs) {
    const calls = (after[job.id] ?? 0) - (before[job.id] ?? 0);
    expect(calls, `status calls for ${job.name}`).toBeGreaterThan(0);
    expect(calls, `status calls for ${job.name}`).toBeLessThanOrEqual(allowed);
  }

  // The leader dies without a word; the standby takes over within 15 s.
  await leader.kill();
  const killedAt = Date.now();
  await expect.poll(() => pollerOf(request, standby, token), { timeout: 15_000 }).toBe('leading');
  expect(Date.now() - killedAt).toBeLessThan(15_000);

  // A job started after the takeover, through the proxy, joins the others on the open board.
  const late = `replica_${run}_late`;
  const lateStart = await page.request.post('/api/v1/training/voice', {
    data: { name: late, reference_urls },
  });
  expect(lateStart.ok(), await lateStart.text()).toBe(true);
  await expect(page.getByRole('article', { name: late })).toBeVisible({ timeout: 15_000 });

  // Nothing lost: every job runs to completion on the board, polled by the one replica left.
  for (const job of jobs)
    await expect(page.getByRole('article', { name: job.name })).toContainText(/completed/i, {
      timeout: 90_000,
    });
  const entries = await request.get(`${standby.url}/api/history?q=replica_${run}`, {
    headers: auth,
  });
  const names = ((await entries.json()) as { entries: { name: string }[] }).entries.map(
    (entry) => entry.name,
  );
  expect(names.sort()).toEqual([...jobs.map((job) => job.name), late].sort());
  await context.close();
});
