/** Number formats of docs/screens.md, docs/limits.md: US-locale USD, CVR with two decimals and '%'. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const usdPrecise = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 4,
});
const usdPerClick = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 4,
  maximumFractionDigits: 4,
});
const integer = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

export const formatMoney = (n: number | null | undefined) => usd.format(n ?? 0);

/** A price per action: cents, or up to four decimals when the value has them (revenue-share averages). */
export const formatMoneyPrecise = (n: number | null | undefined) => usdPrecise.format(n ?? 0);

/** EPC: always four decimals, so a column of them lines up and small values still read. */
export const formatEpc = (n: number | null | undefined) => usdPerClick.format(n ?? 0);

export const formatInteger = (n: number | null | undefined) => integer.format(n ?? 0);

export const formatPercent = (n: number | null | undefined) => `${(n ?? 0).toFixed(2)}%`;

/** An offer's payout as publishers read it: '$5.00 CPA', or '8% Revenue share'. */
export function formatPayout(payout: number, type: 'cpa' | 'revshare'): string {
  return type === 'revshare' ? `${payout}% Revenue share` : `${formatMoney(payout)} CPA`;
}
