/**
 * Time arithmetic of the reports: local calendar days in an IANA zone, and the covering of a UTC
 * range by rollup buckets (15 minutes, UTC hours, UTC days). Pure functions, unit-tested.
 */

export const QUARTER_MS = 15 * 60_000;
export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

export const GRAIN = { quarter: 1, hour: 2, day: 3 } as const;
export type Grain = (typeof GRAIN)[keyof typeof GRAIN];
const GRAIN_MS: Record<Grain, number> = { 1: QUARTER_MS, 2: HOUR_MS, 3: DAY_MS };

export interface Segment {
  grain: Grain;
  /** Inclusive start, epoch ms. */
  from: number;
  /** Exclusive end, epoch ms. */
  to: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, f);
  }
  return f;
}

/** Local wall-clock parts of an instant in a zone. */
export function localParts(zone: string, ms: number): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms))) if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return { y: parts['year']!, m: parts['month']!, d: parts['day']!, h: parts['hour']! % 24, min: parts['minute']!, s: parts['second']! };
}

/** The zone's UTC offset at an instant, in minutes (+330 for Asia/Kolkata). */
export function offsetMinutes(zone: string, ms: number): number {
  const p = localParts(zone, ms);
  const asUtc = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** `YYYY-MM-DD` of an instant in a zone. */
export function localDate(zone: string, ms: number): string {
  const p = localParts(zone, ms);
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
}

// Offsets only change on quarter-hour boundaries, so one lookup per zone and quarter-hour is
// enough (exports format millions of timestamps).
const offsetCache = new Map<string, number>();
function cachedOffset(zone: string, ms: number): number {
  const q = Math.floor(ms / QUARTER_MS);
  const key = `${zone}|${q}`;
  let off = offsetCache.get(key);
  if (off === undefined) {
    if (offsetCache.size > 200_000) offsetCache.clear();
    off = offsetMinutes(zone, q * QUARTER_MS);
    offsetCache.set(key, off);
  }
  return off;
}

/** ISO 8601 local time with offset, to the second: `2026-11-01T01:00:00-04:00`. */
export function localIso(zone: string, ms: number): string {
  const off = cachedOffset(zone, ms);
  const wall = new Date(Math.floor(ms / 1000) * 1000 + off * 60_000).toISOString().slice(0, 19);
  const a = Math.abs(off);
  return `${wall}${off < 0 ? '-' : '+'}${pad(Math.floor(a / 60))}:${pad(a % 60)}`;
}

export function addDays(day: string, n: number): string {
  const t = Date.parse(`${day}T00:00:00Z`) + n * DAY_MS;
  return new Date(t).toISOString().slice(0, 10);
}

/**
 * The instant a local calendar day starts. Where midnight does not exist (a DST jump at 00:00) it is
 * the first instant of that day.
 */
export function startOfLocalDay(zone: string, day: string): number {
  const wall = Date.parse(`${day}T00:00:00Z`);
  let guess = wall - offsetMinutes(zone, wall) * 60_000;
  guess = wall - offsetMinutes(zone, guess) * 60_000;
  if (localDate(zone, guess) !== day) {
    // Midnight skipped: step forward by quarter-hours to the first instant of the day.
    for (let t = guess; t < guess + 3 * HOUR_MS; t += QUARTER_MS) if (localDate(zone, t) === day) return t;
  } else if (localDate(zone, guess - QUARTER_MS) === day) {
    // Guess landed inside the day (midnight repeated): step back to its first instant.
    let t = guess;
    while (localDate(zone, t - QUARTER_MS) === day) t -= QUARTER_MS;
    return t;
  }
  return guess;
}

/** `[from, to)` of inclusive local calendar days. */
export function localRange(zone: string, start: string, end: string): { from: number; to: number } {
  return { from: startOfLocalDay(zone, start), to: startOfLocalDay(zone, addDays(end, 1)) };
}

const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;

function push(out: Segment[], grain: Grain, from: number, to: number): void {
  if (to <= from) return;
  const last = out[out.length - 1];
  if (last && last.grain === grain && last.to === from) last.to = to;
  else out.push({ grain, from, to });
}

/**
 * Covers `[from, to)` (multiples of 15 minutes) with the coarsest buckets lying wholly inside it:
 * quarter-hours up to the first whole hour, hours up to the first whole UTC day, days, then back
 * down. `maxGrain` caps the grain (grouped reports use it).
 */
export function cover(from: number, to: number, maxGrain: Grain = GRAIN.day, out: Segment[] = []): Segment[] {
  if (from % QUARTER_MS !== 0 || to % QUARTER_MS !== 0) throw new Error('range must be in whole quarter-hours');
  if (to <= from) return out;
  if (maxGrain === GRAIN.quarter) {
    push(out, GRAIN.quarter, from, to);
    return out;
  }
  const h0 = Math.min(ceilTo(from, HOUR_MS), to);
  const h1 = Math.max(floorTo(to, HOUR_MS), h0);
  push(out, GRAIN.quarter, from, h0);
  if (maxGrain === GRAIN.day) {
    const d0 = Math.min(ceilTo(h0, DAY_MS), h1);
    const d1 = Math.max(floorTo(h1, DAY_MS), d0);
    push(out, GRAIN.hour, h0, d0);
    push(out, GRAIN.day, d0, d1);
    push(out, GRAIN.hour, d1, h1);
  } else {
    push(out, GRAIN.hour, h0, h1);
  }
  push(out, GRAIN.quarter, h1, to);
  return out;
}

/**
 * Covers a range that will be grouped by local day: each local day is covered separately, so no
 * bucket crosses a local midnight (a UTC hour does in +05:30; a UTC day does unless the offset is 0).
 */
export function coverByLocalDays(zone: string, start: string, end: string): Segment[] {
  const out: Segment[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) {
    cover(startOfLocalDay(zone, day), startOfLocalDay(zone, addDays(day, 1)), GRAIN.day, out);
  }
  return out;
}

/**
 * Covers a range that will be grouped by local hour: UTC hours are local hours only while the offset
 * is a whole number of hours; otherwise quarter-hours are used for the whole range.
 */
export function coverByLocalHours(zone: string, start: string, end: string): Segment[] {
  const { from, to } = localRange(zone, start, end);
  let whole = true;
  for (let day = start; day <= addDays(end, 1) && whole; day = addDays(day, 1)) {
    const t = startOfLocalDay(zone, day);
    if (offsetMinutes(zone, t) % 60 !== 0 || offsetMinutes(zone, t + 12 * HOUR_MS) % 60 !== 0) whole = false;
  }
  return cover(from, to, whole ? GRAIN.hour : GRAIN.quarter);
}

/** Bucket starts of an instant at each grain. */
export function bucketsOf(ms: number): [number, number, number] {
  return [floorTo(ms, QUARTER_MS), floorTo(ms, HOUR_MS), floorTo(ms, DAY_MS)];
}

export const grainMs = (g: Grain) => GRAIN_MS[g];

/** Monday of the local week containing `day`. */
export function mondayOf(day: string): string {
  const dow = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return addDays(day, -((dow + 6) % 7));
}
