import { expect, test, type APIRequestContext } from '@playwright/test';
import { pollRules } from '../server/history/job-poller';
import { e2ePorts } from './fixtures/ports';

// A gateway in front of the e2e stand-in service, which counts every status read it answers.
const gateway = `http://127.0.0.1:${e2ePorts.gatewayWithUpstream}`;
const upstream = `http://127.0.0.1:${e2ePorts.upstream}`;

async function statusReads(request: APIRequestContext): Promise<Record<string, number>> {
  const response = await request.get(`${upstream}/status-reads`);
  expect(response.ok()).toBe(true);
  return (await response.json()) as Record<string, number>;
}

test('three browsers watching ten running jobs cost the service one status call per job per interval', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const run = Date.now().toString(36);
  const names = Array.from({ length: 10 }, (_, n) => `watched_${run}_${n}`);
  const taskIds: string[] = [];
  for (const name of names) {
    const response = await request.post(`${gateway}/api/v1/training/voice`, {
      data: { name, reference_urls: ['https://example.com/a.wav', 'https://example.com/b.wav'] },
    });
    expect(response.ok(), await response.text()).toBe(true);
    taskIds.push(((await response.json()) as { data: { task_id: string } }).data.task_id);
  }

  // Three people, each with a browser of their own, watch the board of these jobs.
  const contexts = await Promise.all([0, 1, 2].map(() => browser.newContext()));
  const pages = await Promise.all(contexts.map((context) => context.newPage()));
  for (const page of pages) {
    // Newest first: the last job made heads the board. A third live board beside the other
    // tests' browsers can take more than the usual 10 s on a loaded 2-core machine; what this
    // test measures is the service's calls, not how fast a board draws (npm run bench does).
    await page.goto(`${gateway}/jobs?q=watched_${run}`);
    await expect(page.getByRole('article', { name: names.at(-1) })).toBeVisible({
      timeout: 30_000,
    });
  }
  // Every job has been read running at least once: the gateway follows each at its pace.
  await expect
    .poll(async () => {
      const reads = await statusReads(request);
      return taskIds.every((id) => (reads[id] ?? 0) > 0);
    })
    .toBe(true);

  const windowStart = Date.now();
  const before = await statusReads(request);
  await pages[0]!.waitForTimeout(5 * pollRules.runningMs);
  const after = await statusReads(request);
  const intervals = (Date.now() - windowStart) / pollRules.runningMs;

  // One call per running job per interval, whoever watches; a call may fall on either edge.
  const allowed = Math.ceil(intervals) + 1;
  for (const id of taskIds) {
    const calls = (after[id] ?? 0) - (before[id] ?? 0);
    expect(calls, `status calls for ${id} in ${intervals.toFixed(1)} intervals`).toBeGreaterThan(0);
    expect(
      calls,
      `status calls for ${id} in ${intervals.toFixed(1)} intervals`,
    ).toBeLessThanOrEqual(allowed);
  }
  await Promise.all(contexts.map((context) => context.close()));
});
