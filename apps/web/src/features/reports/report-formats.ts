/**
 * A report's hours as it shows them (docs/limits.md). The server answers them already in the user's
 * zone (`2026-11-01T01:00:00-04:00`), so they are read as written — never through the browser's zone.
 * Its times are written as every time of the portal (lib/dates.ts).
 */
const WALL = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

function parts(iso: string) {
  const m = WALL.exec(iso);
  if (!m) return null;
  const hour = Number(m[2]);
  return { day: m[1]!, hour, minute: m[3]!, second: m[4]!, offset: m[5] === 'Z' ? '+00:00' : m[5]! };
}

const clock = (hour: number) => ({ h: hour % 12 === 0 ? 12 : hour % 12, ap: hour < 12 ? 'AM' : 'PM' });

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
