import { format } from 'date-fns';

/**
 * Date formats of docs/limits.md. `formatDate` takes the spec's tokens (YYYY, MM, DD, hh, mm, ss, A) and
 * maps them to date-fns'; default YYYY-MM-DD.
 */
const TOKEN_MAP: Record<string, string> = {
  YYYY: 'yyyy',
  MM: 'MM',
  DD: 'dd',
  hh: 'hh',
  HH: 'HH',
  mm: 'mm',
  ss: 'ss',
  A: 'a',
};

export type DateInput = Date | string | number;

/** Dates given as YYYY-MM-DD are calendar days: read them as local midnight, not UTC. */
export function toDate(value: DateInput): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    const [y, m, d] = value.split('-').map(Number) as [number, number, number];
    return new Date(y, m - 1, d);
  }
  return new Date(value);
}

export function formatDate(value: DateInput, pattern = 'YYYY-MM-DD'): string {
  const fnsPattern = pattern.replace(/YYYY|MM|DD|HH|hh|mm|ss|A/g, (t) => TOKEN_MAP[t] ?? t);
  return format(toDate(value), fnsPattern);
}

/** Short date in US English with an abbreviated month: "Nov 22, 2026". */
export function formatShortDate(value: DateInput): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(toDate(value));
}

/** Comparison format year/month/day. */
export function comparisonKey(value: DateInput): string {
  return format(toDate(value), 'yyyy/MM/dd');
}

/** The date part of a date string, shown with dashes (invoice ranges). */
export function datePart(value: string): string {
  return value.slice(0, 10).replace(/\//g, '-');
}

export const RANGE_FORMAT = 'yyyy/MM/dd';
export const SINGLE_DATE_FORMAT = 'yyyy/MM/dd h:mm';

/** A clock reading in an IANA time zone, e.g. "10:42:07 AM". */
export function clockIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', second: '2-digit' }).format(
      now,
    );
  } catch {
    return new Intl.DateTimeFormat('en-US', {
      timeZone: 'UTC',
      hour: 'numeric',
      minute: '2-digit',
      second: '2-digit',
    }).format(now);
  }
}

/** The day a clock shows in a time zone, e.g. "Sun, Nov 22". */
export function dayIn(timeZone: string, now: Date): string {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: 'numeric' }).format(now);
  } catch {
    return '';
  }
}
