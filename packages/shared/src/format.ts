/**
 * How the portal writes money, counts, days and times (docs/limits.md "Formats"), for the web app
 * and the documents the server makes (the invoice PDF) alike: US-locale USD, CVR with two decimals
 * and '%', days as `YYYY-MM-DD` and times as `YYYY-MM-DD h:mm:ss AM`, in the reader's time zone.
 */

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

/* ------------------------------------------------------------------------------ days and times */

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The parts of an instant's wall clock in a zone (UTC for a zone the runtime does not know). */
function wallClock(at: Date, timeZone: string) {
  let f = clocks.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        hourCycle: 'h12',
      });
    } catch {
      return wallClock(at, 'UTC');
    }
    clocks.set(timeZone, f);
  }
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, x.value]));
  return {
    day: `${p['year']}-${p['month']}-${p['day']}`,
    time: `${p['hour']}:${p['minute']}:${p['second']} ${String(p['dayPeriod']).toUpperCase()}`,
  };
}

const instant = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/**
 * A day, `2026-11-24`: a calendar day (`YYYY-MM-DD`, or the date part of a day-and-time string
 * without a zone) as it is; an instant as its day in `timeZone`. '' for what is not a date.
 */
export function formatDate(value: string | Date, timeZone = 'UTC'): string {
  if (typeof value === 'string') {
    const day = value.slice(0, 10).replaceAll('/', '-');
    if (DAY.test(day) && (value.length === 10 || !/(Z|[+-]\d{2}:?\d{2})$/.test(value))) return day;
  }
  const at = instant(value);
  return Number.isNaN(at.getTime()) ? '' : wallClock(at, timeZone).day;
}

/** An instant as its day and time in `timeZone`, on a 12-hour clock: `2026-11-24 9:04:38 PM`. '' for what is not one. */
export function formatDateTime(value: string | Date, timeZone: string): string {
  const at = instant(value);
  if (Number.isNaN(at.getTime())) return '';
  const w = wallClock(at, timeZone);
  return `${w.day} ${w.time}`;
}
