/**
 * Days, hours and times as reports show them (docs/limits.md: YYYY-MM-DD, with hh:mm:ss and AM/PM). The
 * server answers them already in the user's zone (`2026-11-01T01:34:23-04:00`), so they are read
 * as written — never through the browser's zone.
 */
const WALL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

function parts(iso: string) {
  const m = WALL.exec(iso);
  if (!m) return null;
  const hour = Number(m[2]);
  return { day: m[1]!, hour, minute: m[3]!, second: m[4]!, offset: m[5] === 'Z' ? '+00:00' : m[5]! };
}

const clock = (hour: number) => ({ h: hour % 12 === 0 ? 12 : hour % 12, ap: hour < 12 ? 'AM' : 'PM' });

/** `2026-11-01 1:34:23 AM` */
export function formatTimestamp(iso: string): string {
  const p = parts(iso);
  if (!p) return iso;
  const { h, ap } = clock(p.hour);
  return `${p.day} ${h}:${p.minute}:${p.second} ${ap}`;
}

/**
 * `2026-11-01 1:00 AM`; with `withOffset` (a report whose hours span a daylight-saving change, where
 * one wall-clock hour happens twice) the offset is added: `2026-11-01 1:00 AM (UTC−05:00)`.
 */
export function formatHour(iso: string, withOffset = false): string {
  const p = parts(iso);
  if (!p) return iso;
  const { h, ap } = clock(p.hour);
  return `${p.day} ${h}:00 ${ap}${withOffset ? ` (UTC${p.offset.replace('-', '−')})` : ''}`;
}

/** Whether the hours of a report carry more than one UTC offset (a DST change inside the range). */
export function hasSeveralOffsets(isos: readonly string[]): boolean {
  const seen = new Set<string>();
  for (const iso of isos) {
    const p = parts(iso);
    if (p) seen.add(p.offset);
    if (seen.size > 1) return true;
  }
  return false;
}

/** The "data as of" instant in the user's zone: `8:52:37 PM` (with the day when it is not today). */
export function formatAsOf(iso: string, timeZone: string, now = new Date()): string {
  const d = new Date(iso);
  const day = (x: Date) =>
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(x);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    second: '2-digit',
  }).format(d);
  return day(d) === day(now) ? time : `${day(d)} ${time}`;
}
