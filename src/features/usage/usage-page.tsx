import { useQuery } from '@tanstack/react-query';
import { getRouteApi, Link } from '@tanstack/react-router';
import { useState } from 'react';
import { usageCsvUrl } from '../../api/usage-client';
import { ErrorView } from '../../components/error-view';
import { PageShell } from '../../components/page-shell';
import { readConnection } from '../../lib/connection-settings';
import { pageMeta } from '../../lib/page-meta';
import { UsageCharts } from './components/usage-charts';
import { UsageFilters } from './components/usage-filters';
import { MonthTotals, PeriodTotals } from './components/usage-totals';
import { rangeLabel } from './period-labels';
import { usageQueries } from './queries';
import type { UsageSearch } from './search';
import { usageRange } from './usage-range';

const route = getRouteApi('/data/usage');

export function UsagePage() {
  return (
    <PageShell title={pageMeta.usage.heading} description={pageMeta.usage.summary}>
      {readConnection().mode === 'gateway' ? <UsageReportView /> : <DirectMode />}
    </PageShell>
  );
}

/** In direct mode the browser talks to the service itself: nothing counts its jobs. */
function DirectMode() {
  return (
    <div className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center dark:border-zinc-700">
      <p className="text-sm font-semibold">Usage is counted by the gateway</p>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        This dashboard sends its requests straight to the service, so no one counts them. Connect
        through the gateway to see what the team spends.
      </p>
      <Link
        to="/settings"
        className="mt-4 inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 md:min-h-0"
      >
        Open Settings
      </Link>
    </div>
  );
}

function UsageReportView() {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  // "This month" and "the last 30 days" end today: the day the page opened, so a report read
  // past midnight does not move under the reader.
  const [now] = useState(Date.now);
  const range = usageRange(search, now);
  const days = 'error' in range ? null : range;
  const enabled = days !== null;
  const queryBy = (by: UsageSearch['by']) =>
    usageQueries.report({
      from: days?.from ?? '',
      to: days?.to ?? '',
      group_by: search.group_by,
      by,
    });
  const report = useQuery({ ...queryBy(search.by), enabled });
  // Spend by person and by token whatever the main report is split by: the same report when
  // it is, one more request when not.
  const people = useQuery({ ...queryBy('person'), enabled, select: (data) => data.groups });
  const tokens = useQuery({ ...queryBy('token'), enabled, select: (data) => data.groups });

  const update = (patch: Partial<UsageSearch>) =>
    void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true });
  // The days of the report shown: the last one stays while another period's loads.
  const words = report.data ? rangeLabel(report.data.from, report.data.to) : '';

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <UsageFilters
          search={search}
          from={days?.from ?? search.from ?? ''}
          to={days?.to ?? search.to ?? ''}
          error={'error' in range ? range.error : undefined}
          onChange={update}
        />
        {days && (
          <a
            href={usageCsvUrl({ ...days, group_by: search.group_by, by: search.by })}
            // The gateway names the file (usage-…-by-kind-per-day.csv).
            download
            className="inline-flex min-h-11 items-center rounded-lg border border-zinc-300 bg-white px-4 py-2 text-sm font-medium text-zinc-800 hover:bg-zinc-50 md:min-h-0 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
          >
            Download CSV
          </a>
        )}
      </div>
      {!days ? null : report.error && !report.data ? (
        <ErrorView
          title="Could not read the gateway's usage"
          error={report.error}
          onRetry={() => void report.refetch()}
        />
      ) : !report.data ? (
        <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
          Loading usage…
        </p>
      ) : (
        <>
          <MonthTotals month={report.data.month} />
          <section
            aria-labelledby="usage-period"
            aria-busy={report.isPlaceholderData}
            className="flex flex-col gap-4"
          >
            <h2 id="usage-period" className="text-lg font-semibold">
              {words}
            </h2>
            <PeriodTotals totals={report.data.totals} range={words} />
            {report.data.totals.jobs === 0 ? (
              <p className="rounded-xl border border-dashed border-zinc-300 px-6 py-12 text-center text-sm font-semibold dark:border-zinc-700">
                No jobs in this period
              </p>
            ) : (
              <UsageCharts
                report={report.data}
                range={words}
                people={people.data}
                tokens={tokens.data}
              />
            )}
          </section>
        </>
      )}
    </div>
  );
}
