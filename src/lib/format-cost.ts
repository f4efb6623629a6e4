// Costs as the dashboard, its notifications and the gateway's messages write them: the
// service's figures are US dollars, with two decimals at least and four for the cheapest calls.
// Written without Intl, as format-number.ts says why: a page of costs (Usage, Settings →
// Budgets) would otherwise load the browser's currency data in the middle of its first render.
import { formatCount } from './format-number';

const places = 4;

/**
 * `value` (≥ 0) to four decimals, half away from zero, as Intl rounds: on the number's shortest
 * decimal form ("92.27295"), not on its binary value as `toFixed` does (92.272949…). Below
 * 1e-6 that form is an exponent ("9e-7"), whose whole part reads as less than one half: $0.00.
 */
function roundToPlaces(value: number): { whole: number; fraction: string } {
  const [wholeText = '0', digits = ''] = String(value).split('.');
  let whole = Number(wholeText);
  let kept = Number(digits.slice(0, places).padEnd(places, '0'));
  if (digits.charAt(places) >= '5') kept += 1;
  if (kept === 10 ** places) {
    whole += 1;
    kept = 0;
  }
  return { whole, fraction: String(kept).padStart(places, '0') };
}

/** "$0.42", "$0.0035", "$1,204.50", "-$2.00": what Intl's en-US USD currency format writes. */
export function formatCost(amount: number): string {
  const { whole, fraction } = roundToPlaces(Math.abs(amount));
  const text = `$${formatCount(whole)}.${fraction.replace(/0{1,2}$/, '')}`;
  // A negative amount keeps its sign even when it rounds to nothing ("-$0.00"), as Intl's does.
  return amount < 0 || Object.is(amount, -0) ? `-${text}` : text;
}
