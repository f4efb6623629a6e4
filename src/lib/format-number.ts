// The dashboard's counts, written without Intl. The first Intl formatter a page makes loads
// the browser's locale data: 20–30 ms on a desktop, four times that on a phone, in the middle
// of the first render. Counts are shown in English everywhere, so the rules are small enough
// to keep here; dates, which follow the reader's locale, still use Intl once there are any.

const groups = /\B(?=(\d{3})+(?!\d))/g;

/** An integer with thousands separators, as 'en' writes it: 18230 → "18,230". */
export function formatCount(count: number): string {
  const rounded = Math.round(count);
  const digits = String(Math.abs(rounded)).replace(groups, ',');
  return rounded < 0 ? `-${digits}` : digits;
}

/** At most `digits` decimals, trailing zeros dropped: 22.05 → "22.05", 44.1 → "44.1", 8 → "8". */
export function formatDecimal(value: number, digits: number): string {
  const [whole, fraction = ''] = Math.abs(value).toFixed(digits).split('.');
  const kept = fraction.replace(/0+$/, '');
  const text = `${formatCount(Number(whole))}${kept ? `.${kept}` : ''}`;
  return value < 0 && text !== '0' ? `-${text}` : text;
}

const compactUnits = [
  { size: 1e3, suffix: 'K' },
  { size: 1e6, suffix: 'M' },
  { size: 1e9, suffix: 'B' },
  { size: 1e12, suffix: 'T' },
] as const;

const toTenths = (value: number) => Math.round(value * 10) / 10;

/**
 * 'en' compact notation with at most one decimal, as Intl writes it: 950 → "950",
 * 18230 → "18.2K", 999950 → "1M" (a figure that rounds up to the next unit takes its name).
 */
export function formatCompact(count: number): string {
  const sign = count < 0 ? '-' : '';
  const value = Math.abs(count);
  if (toTenths(value) < 1000) return sign + formatDecimal(toTenths(value), 1);
  for (const [i, unit] of compactUnits.entries()) {
    const scaled = toTenths(value / unit.size);
    if (scaled < 1000 || i === compactUnits.length - 1)
      return `${sign}${formatDecimal(scaled, 1)}${unit.suffix}`;
  }
  return sign + formatCount(value);
}
