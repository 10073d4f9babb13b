/**
 * Days and times as the portal shows them (docs/limits.md "Formats"): one format for days
 * (`2026-11-24`) and one for times (`2026-11-24 9:04:38 PM`), in the profile's time zone, shared with
 * the server's documents. The date-range picker keeps its own input formats.
 */
export { formatDate, formatDateTime } from '@portal/shared/format';

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
