import type { PersonBudget } from '../../../../api/contract/usage';
import { useSetBudget } from '../../../../lib/budget-queries';
import { formatCost } from '../../../../lib/format-cost';
import { BudgetLimitForm } from './budget-limit-form';
import { BudgetMeter } from './budget-meter';

interface PeopleBudgetsProps {
  people: readonly PersonBudget[];
  /** The viewer's id (null when nobody signs in). */
  me: string | null;
  /** Whether the viewer may change limits; otherwise each limit only shows. */
  canManage: boolean;
}

/** Each person's committed spend this month, and their own limit beside the team's. */
export function PeopleBudgets({ people, me, canManage }: PeopleBudgetsProps) {
  if (people.length === 0)
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Nobody has started a job through the gateway this month: each person shows here with their
        spend once they do.
      </p>
    );
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Each person’s spend this month and monthly limit</caption>
        <thead className="text-xs text-zinc-500 dark:text-zinc-400">
          <tr>
            <th scope="col" className="py-2 pr-3 font-medium">
              Person
            </th>
            <th scope="col" className="py-2 pr-3 font-medium">
              Committed this month
            </th>
            <th scope="col" className="py-2 font-medium">
              Monthly limit
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-200 dark:divide-zinc-800">
          {people.map((person) => (
            <PersonRow
              key={person.id}
              person={person}
              isMe={person.id === me}
              canManage={canManage}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

interface PersonRowProps {
  person: PersonBudget;
  isMe: boolean;
  canManage: boolean;
}

function PersonRow({ person, isMe, canManage }: PersonRowProps) {
  return (
    <tr className="align-top">
      <th scope="row" className="py-3 pr-3 font-medium">
        {person.name}
        {isMe && <span className="ml-1 text-xs font-normal text-zinc-500"> (you)</span>}
      </th>
      <td className="w-1/3 py-3 pr-3">
        <BudgetMeter budget={person} label={`${person.name}’s spend this month`} />
      </td>
      <td className="py-3">
        {canManage ? (
          <LimitEditor person={person} />
        ) : (
          <span className="tabular-nums">
            {person.monthly_limit === null ? 'No limit' : formatCost(person.monthly_limit)}
          </span>
        )}
      </td>
    </tr>
  );
}

/** One person's limit, with its own save: a failure in one row leaves the others as they are. */
function LimitEditor({ person }: { person: PersonBudget }) {
  const setBudget = useSetBudget();
  return (
    <BudgetLimitForm
      compact
      label={`Monthly limit for ${person.name}`}
      subject={`the monthly limit for ${person.name}`}
      limit={person.monthly_limit}
      saving={setBudget.isPending}
      error={setBudget.error}
      onSave={(limit) =>
        setBudget.mutateAsync({ target: { scope: 'person', id: person.id }, limit })
      }
    />
  );
}
