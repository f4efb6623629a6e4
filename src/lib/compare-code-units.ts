/**
 * Code-unit order, for machine text such as ISO timestamps and ids, where it is also the true
 * order. Unlike localeCompare it needs no locale data (see compare-text.ts), and it is what the
 * server sorts by.
 */
export function compareCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
