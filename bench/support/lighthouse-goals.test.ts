import { describe, expect, it } from 'vitest';
import { bareTbt, jsGoals, slowMachineIndex, worstOf } from './lighthouse-goals';
import type { PageResult } from './lighthouse-report';

function page(values: Partial<PageResult>): PageResult {
  return {
    performance: 100,
    accessibility: 100,
    bestPractices: 100,
    seo: 100,
    fcpMs: 800,
    lcpMs: 900,
    tbtMs: 0,
    cls: 0,
    speedIndexMs: 800,
    failingAudits: [],
    benchmarkIndex: 3400,
    tbtCpuMs: 0,
    mainThreadWaitShare: 0,
    mainThreadCpuMs: 100,
    mainThreadWallMs: 150,
    jsCount: 1,
    jsBytes: 60 * 1024,
    scripts: [],
    fcpRatio: 1,
    lcpRatio: 1,
    jsRatio: 1,
    runs: [],
    failedRuns: 0,
    ...values,
  };
}

describe('a goal on every page', () => {
  it('shows the lowest score and the pages that have it, and passes at the bound', () => {
    const figure = worstOf(
      {
        '/': page({ performance: 97 }),
        '/jobs': page({ performance: 95 }),
        '/files': page({ performance: 95 }),
      },
      'Performance, lowest page',
      (r) => r.performance,
      { atLeast: 95, format: String },
    );
    expect(figure).toEqual({
      label: 'Performance, lowest page',
      value: '95 (/jobs, /files)',
      target: '≥ 95',
      pass: true,
    });
  });

  it('fails when one page is below the bound', () => {
    const figure = worstOf(
      { '/': page({ performance: 97 }), '/jobs': page({ performance: 89 }) },
      'Performance',
      (r) => r.performance,
      { atLeast: 90, format: String },
    );
    expect(figure).toMatchObject({ value: '89 (/jobs)', pass: false });
  });

  it('checks the highest time against an upper bound', () => {
    const pages = { '/': page({ tbtMs: 150 }), '/usage': page({ tbtMs: 201 }) };
    const goal = { atMost: 200, format: (v: number) => `${v} ms`, unit: ' ms' };
    expect(worstOf(pages, 'TBT', (r) => r.tbtMs, goal)).toMatchObject({
      value: '201 ms (/usage)',
      target: '≤ 200 ms',
      pass: false,
    });
    const within = { '/': page({ tbtMs: 200 }), '/usage': page({ tbtMs: 200 }) };
    expect(worstOf(within, 'TBT', (r) => r.tbtMs, goal)).toMatchObject({
      value: '200 ms (every page)',
      pass: true,
    });
  });

  it('shows the highest value without a target when given no bound', () => {
    const figure = worstOf(
      { '/': page({ tbtMs: 150 }), '/usage': page({ tbtMs: 300 }) },
      'TBT',
      (r) => r.tbtMs,
      { format: String },
    );
    expect(figure).toEqual({ label: 'TBT', value: '300 (/usage)' });
  });
});

describe('the JavaScript goals', () => {
  const bare = page({ jsBytes: 100 * 1024, jsCount: 1, jsRatio: 1 });

  it('compares the home page and the heaviest page with the bare page', () => {
    const [home, heaviest] = jsGoals(
      {
        '/': page({ jsBytes: 180 * 1024, jsCount: 4, jsRatio: 1.8 }),
        '/generate': page({ jsBytes: 240 * 1024, jsCount: 9, jsRatio: 2.4 }),
        '/jobs': page({ jsBytes: 200 * 1024, jsCount: 6, jsRatio: 2 }),
      },
      bare,
      'default: ',
    );
    expect(home).toEqual({
      label: 'default: JavaScript fetched before idle, / over the bare page',
      value: '1.80× (/: 180.0 kB in 4 scripts; bare page 100.0 kB in 1 script)',
      target: '≤ 1.8×',
      pass: true,
    });
    expect(heaviest).toMatchObject({
      value: '2.40× (/generate: 240.0 kB in 9 scripts; bare page 100.0 kB in 1 script)',
      target: '≤ 2.5×',
      pass: true,
    });
  });

  it('fails each goal above its bound', () => {
    const [home, heaviest] = jsGoals(
      {
        '/': page({ jsBytes: 181 * 1024, jsRatio: 1.81 }),
        '/voices': page({ jsBytes: 260 * 1024, jsRatio: 2.6 }),
      },
      bare,
      '',
    );
    expect(home?.pass).toBe(false);
    expect(heaviest).toMatchObject({
      pass: false,
      value: expect.stringMatching(/^2\.60× \(\/voices/),
    });
  });

  it('takes the home page as the heaviest when it is', () => {
    const [, heaviest] = jsGoals(
      {
        '/': page({ jsBytes: 300 * 1024, jsRatio: 3 }),
        '/files': page({ jsBytes: 1024, jsRatio: 0.01 }),
      },
      bare,
      '',
    );
    expect(heaviest).toMatchObject({ value: expect.stringMatching(/^3\.00× \(\/:/), pass: false });
  });

  it('fails rather than passes when the figures are missing', () => {
    const [home, heaviest] = jsGoals(
      { '/': page({ jsBytes: null, jsCount: null, jsRatio: null }) },
      bare,
      '',
    );
    expect(home).toMatchObject({ value: 'not measured', pass: false });
    expect(heaviest).toMatchObject({ value: 'not measured', pass: false });
    expect(jsGoals({}, bare, '')[0]).toMatchObject({ pass: false });
  });
});

describe('the bare page at the raised slowdown', () => {
  it('passes with no blocking time, and fails with any', () => {
    expect(bareTbt(page({ tbtMs: 0.4 }), 'bare TBT', 0)).toEqual({
      label: 'bare TBT',
      value: '0 ms',
      target: '0 ms',
      pass: true,
    });
    expect(bareTbt(page({ tbtMs: 12 }), 'bare TBT', 0)).toMatchObject({
      value: '12 ms',
      pass: false,
    });
  });
});

describe('the slow machine', () => {
  it('passes when the median index is at most the goal, and shows the highest', () => {
    expect(slowMachineIndex([1500, 1700, 1200], 'index', 1600, '1 busy loop')).toEqual({
      label: 'index',
      value: '1500, 1700 (1 busy loop)',
      target: 'median ≤ 1600',
      pass: true,
    });
  });

  it('fails when the median index is above the goal', () => {
    expect(slowMachineIndex([1650, 1700, 1200], 'index', 1600, '1 busy loop')).toMatchObject({
      value: '1650, 1700 (1 busy loop)',
      pass: false,
    });
  });
});
