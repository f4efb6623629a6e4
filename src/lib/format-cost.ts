// Costs as the dashboard, its notifications and the gateway's messages write them: the
// service's figures are US dollars, with two decimals at least and four for the cheapest calls.

let usd: Intl.NumberFormat | null = null;

/** "$0.42", "$0.0035", "$1,204.50". */
export function formatCost(amount: number): string {
  usd ??= new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });
  return usd.format(amount);
}
