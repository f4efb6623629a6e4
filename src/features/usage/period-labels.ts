// Days and months as the usage page writes them: English, UTC, no Intl (src/lib/format-number.ts
// says why). The gateway counts UTC days, so the labels are those days whatever the reader's zone.

import { monthNames, shortMonthNames as months } from '../../lib/month-names';

const parts = (day: string) => {
  const [year = '', month = '1', date = '1'] = day.split('-');
  return { year, month: months[Number(month) - 1] ?? month, date: String(Number(date)) };
};

/** "3 Dec" for a day, "Week of 30 Nov" for a week (its Monday), "Dec 2026" for a month. */
export function periodLabel(period: string, groupBy: 'day' | 'week' | 'month'): string {
  const { year, month, date } = parts(period);
  if (groupBy === 'month') return `${month} ${year}`;
  return groupBy === 'week' ? `Week of ${date} ${month}` : `${date} ${month}`;
}

/** "1–31 Dec 2026", "3 Nov – 2 Dec 2026", "3 Nov 2025 – 2 Dec 2026". */
export function rangeLabel(from: string, to: string): string {
  const a = parts(from);
  const b = parts(to);
  if (from === to) return `${a.date} ${a.month} ${a.year}`;
  if (a.year !== b.year) return `${a.date} ${a.month} ${a.year} – ${b.date} ${b.month} ${b.year}`;
  if (a.month !== b.month) return `${a.date} ${a.month} – ${b.date} ${b.month} ${b.year}`;
  return `${a.date}–${b.date} ${b.month} ${b.year}`;
}

/** "December 2026" from "2026-12". */
export function monthLabel(month: string): string {
  const [year = '', number = '1'] = month.split('-');
  return `${monthNames[Number(number) - 1] ?? number} ${year}`;
}

/** "45 s", "12 min", "1.5 h": a training's wait or run time, or a histogram's edge. */
export function formatSpan(seconds: number): string {
  const round = (value: number) => String(Math.round(value * 10) / 10);
  if (seconds < 60) return `${round(seconds)} s`;
  if (seconds < 3_600) return `${round(seconds / 60)} min`;
  return `${round(seconds / 3_600)} h`;
}
