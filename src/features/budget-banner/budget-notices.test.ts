// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { Budget, Budgets, PersonBudget } from '../../api/contract/usage';
import { budgetNotices, thresholdOf } from './budget-notices';

const budget = (spend: number, limit: number | null, running = 0): Budget => ({
  monthly_limit: limit,
  spend,
  running,
  percent: limit === null ? null : limit === 0 ? 100 : (spend / limit) * 100,
  updated_at: limit === null ? null : '2026-12-01T09:00:00.000Z',
  updated_by: limit === null ? null : 'u-alice',
});
const person = (id: string, name: string, b: Budget): PersonBudget => ({ id, name, ...b });

function budgets(overrides: Partial<Budgets> = {}): Budgets {
  return {
    month: '2026-12',
    resets_at: '2027-01-01T00:00:00.000Z',
    team: budget(10, null),
    people: [],
    me: null,
    can_manage: true,
    ...overrides,
  };
}
const none = new Set<string>();

describe('thresholdOf', () => {
  it.each([
    [79.99, null],
    [80, 80],
    [99.99, 80],
    [100, 100],
    [240, 100],
  ])('a budget at %d %% has reached %s', (spend, threshold) => {
    expect(thresholdOf(budget(spend, 100))).toBe(threshold);
  });

  it('a budget without a limit reaches nothing, whatever it spends', () => {
    expect(thresholdOf(budget(1_000, null))).toBeNull();
  });

  it('a limit of 0 is reached from the start', () => {
    expect(thresholdOf(budget(0, 0))).toBe(100);
  });
});

describe('budgetNotices', () => {
  it('says nothing below 80 %', () => {
    expect(budgetNotices(budgets({ team: budget(79, 100) }), none)).toEqual([]);
  });

  it('tells everyone of the team’s budget at 80 %, with spend, limit and reset day', () => {
    expect(budgetNotices(budgets({ team: budget(84, 100) }), none)).toEqual([
      {
        key: 'team:80:2026-12',
        whose: 'team',
        threshold: 80,
        text: 'Team budget: 84 % used ($84.00 of $100.00) · resets 1 January',
      },
    ]);
  });

  it('says that trainings are refused once the team’s budget is reached', () => {
    const [notice] = budgetNotices(budgets({ team: budget(6.2, 5) }), none);
    expect(notice).toMatchObject({ key: 'team:100:2026-12', threshold: 100 });
    expect(notice!.text).toBe(
      'Team budget reached: new trainings are refused until 1 January (UTC)',
    );
  });

  it('does not round 99.6 % up to a budget reached', () => {
    const [notice] = budgetNotices(budgets({ team: budget(99.6, 100) }), none);
    expect(notice!.text).toBe('Team budget: 99 % used ($99.60 of $100.00) · resets 1 January');
  });

  it('tells a person of their own budget, and nobody else of it', () => {
    const people = [
      person('u-alice', 'Alice', budget(9, 10)),
      person('u-bob', 'Bob', budget(20, 10)),
    ];
    expect(budgetNotices(budgets({ people, me: 'u-alice' }), none)).toEqual([
      {
        key: 'person/u-alice:80:2026-12',
        whose: 'mine',
        threshold: 80,
        text: 'Your budget: 90 % used ($9.00 of $10.00) · resets 1 January',
      },
    ]);
    const [bobs] = budgetNotices(budgets({ people, me: 'u-bob' }), none);
    expect(bobs!.text).toBe(
      'Your budget reached: your new trainings are refused until 1 January (UTC)',
    );
    expect(budgetNotices(budgets({ people, me: 'u-carol' }), none)).toEqual([]);
    // Nobody signs in: no one's own budget is the viewer's.
    expect(budgetNotices(budgets({ people, me: null }), none)).toEqual([]);
  });

  it('shows the team’s and the viewer’s own together, the team’s first', () => {
    const people = [person('u-alice', 'Alice', budget(10, 10))];
    const notices = budgetNotices(budgets({ team: budget(85, 100), people, me: 'u-alice' }), none);
    expect(notices.map((notice) => notice.key)).toEqual([
      'team:80:2026-12',
      'person/u-alice:100:2026-12',
    ]);
  });

  it('leaves out what was dismissed at that threshold this month only', () => {
    const at80 = budgets({ team: budget(85, 100) });
    expect(budgetNotices(at80, new Set(['team:80:2026-12']))).toEqual([]);
    // Reaching 100 % is news again.
    const at100 = budgets({ team: budget(100, 100) });
    expect(budgetNotices(at100, new Set(['team:80:2026-12']))).toHaveLength(1);
    // So is a new month.
    const january = budgets({
      month: '2027-01',
      resets_at: '2027-02-01T00:00:00.000Z',
      team: budget(85, 100),
    });
    const [notice] = budgetNotices(january, new Set(['team:80:2026-12']));
    expect(notice!.text).toContain('resets 1 February');
  });
});
