import { useQuery } from '@tanstack/react-query';
import type { Budgets } from '../../../api/contract/usage';
import { Card } from '../../../components/card';
import { ErrorView } from '../../../components/error-view';
import { budgetQueries, useSetBudget } from '../../../lib/budget-queries';
import { dayMonthText, resetDay } from '../../../lib/budget-text';
import { BudgetLimitForm } from './components/budget-limit-form';
import { BudgetMeter } from './components/budget-meter';
import { PeopleBudgets } from './components/people-budgets';

/** Settings → Budgets, in gateway mode: monthly limits on what trainings commit. */
export function BudgetSettings() {
  const budgets = useQuery(budgetQueries.current());
  return (
    <Card
      labelledBy="budgets-title"
      title="Budgets"
      description="Monthly limits on training spend: once this month's committed spend (completed trainings' totals and running ones' estimates) reaches a limit, the gateway refuses new trainings until the month ends. Running ones go on."
    >
      {budgets.isPending ? (
        <p role="status" className="text-sm text-zinc-500">
          Reading the budgets…
        </p>
      ) : budgets.error ? (
        <ErrorView
          title="The budgets could not be read"
          error={budgets.error}
          onRetry={() => void budgets.refetch()}
        />
      ) : (
        <BudgetsView budgets={budgets.data} />
      )}
    </Card>
  );
}

const dateOf = (iso: string) => dayMonthText(new Date(iso), { year: true });

function BudgetsView({ budgets }: { budgets: Budgets }) {
  const setTeam = useSetBudget();
  const { team } = budgets;
  // The gateway names who set it by id; a person it knows reads as their name.
  const setBy =
    team.updated_by &&
    (budgets.people.find((person) => person.id === team.updated_by)?.name ?? team.updated_by);
  return (
    <div className="space-y-6">
      <section aria-labelledby="team-budget-title" className="space-y-3">
        <h3 id="team-budget-title" className="text-sm font-semibold">
          Team
        </h3>
        <BudgetMeter budget={team} label="The team’s spend this month" />
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          Budgets start again on {resetDay(budgets.resets_at, true)} (UTC).
          {team.updated_at &&
            ` Limit set ${setBy ? `by ${setBy} ` : ''}on ${dateOf(team.updated_at)}.`}
        </p>
        {budgets.can_manage ? (
          <BudgetLimitForm
            label="Team monthly limit"
            subject="the team’s monthly limit"
            limit={team.monthly_limit}
            saving={setTeam.isPending}
            error={setTeam.error}
            onSave={(limit) => setTeam.mutateAsync({ target: { scope: 'team' }, limit })}
          />
        ) : (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Only the gateway’s budget managers change limits.
          </p>
        )}
      </section>
      <section aria-labelledby="people-budgets-title" className="space-y-2">
        <h3 id="people-budgets-title" className="text-sm font-semibold">
          People
        </h3>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">
          A person’s own limit stops their trainings only; the team’s stops everyone’s.
        </p>
        <PeopleBudgets people={budgets.people} me={budgets.me} canManage={budgets.can_manage} />
      </section>
    </div>
  );
}
