// UTC days, weeks (from Monday) and months as the usage counts them: `YYYY-MM-DD` and `YYYY-MM`.

const dayMs = 86_400_000;

export const dayOf = (date: Date) => date.toISOString().slice(0, 10);
export const monthOf = (day: string) => day.slice(0, 7);
const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** The UTC day an instant falls on; the text's own first ten characters if it does not parse. */
export function dayOfInstant(instant: string): string {
  const time = Date.parse(instant);
  return Number.isFinite(time) ? dayOf(new Date(time)) : instant.slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return dayOf(new Date(at(day).getTime() + days * dayMs));
}

export function monthStart(month: string): string {
  return `${month}-01`;
}

/** The first day of the month after `month`. */
export function nextMonthStart(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return dayOf(new Date(Date.UTC(year, number, 1)));
}

export function daysInMonth(month: string): number {
  return Math.round(
    (at(nextMonthStart(month)).getTime() - at(monthStart(month)).getTime()) / dayMs,
  );
}

/** The Monday of the week `day` is in. */
export function weekStart(day: string): string {
  const weekday = (at(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The period a day belongs to, as the report names it. */
export function periodOf(day: string, grouping: 'day' | 'week' | 'month'): string {
  if (grouping === 'month') return monthOf(day);
  if (grouping === 'week') return weekStart(day);
  return day;
}

/** Every period from the one holding `from` to the one holding `to`, in order. */
export function periodsBetween(
  from: string,
  to: string,
  grouping: 'day' | 'week' | 'month',
): string[] {
  const periods: string[] = [];
  let day = from;
  while (day <= to) {
    const period = periodOf(day, grouping);
    if (periods.at(-1) !== period) periods.push(period);
    day =
      grouping === 'month'
        ? nextMonthStart(monthOf(day))
        : addDays(grouping === 'week' ? weekStart(day) : day, grouping === 'week' ? 7 : 1);
  }
  return periods;
}
