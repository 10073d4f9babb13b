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
  /** The local day every bucket of this segment lies in (grouped-by-day reports). */
  label?: string;
  /** An instant local hours start at, given the segment's UTC offset (grouped-by-hour reports). */
  origin?: number;
}

export type SegmentTag = Pick<Segment, 'label' | 'origin'>;

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
export function localParts(
  zone: string,
  ms: number,
): { y: number; m: number; d: number; h: number; min: number; s: number } {
  const parts: Record<string, number> = {};
  for (const p of formatter(zone).formatToParts(new Date(ms)))
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  return {
    y: parts['year']!,
    m: parts['month']!,
    d: parts['day']!,
    h: parts['hour']! % 24,
    min: parts['minute']!,
    s: parts['second']!,
  };
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
  let guess = wall - cachedOffset(zone, wall) * 60_000;
  guess = wall - cachedOffset(zone, guess) * 60_000;
  if (quickLocalDate(zone, guess) !== day) {
    // Midnight skipped: step forward by quarter-hours to the first instant of the day.
    for (let t = guess; t < guess + 3 * HOUR_MS; t += QUARTER_MS) if (quickLocalDate(zone, t) === day) return t;
  } else if (quickLocalDate(zone, guess - QUARTER_MS) === day) {
    // Guess landed inside the day (midnight repeated): step back to its first instant.
    let t = guess;
    while (quickLocalDate(zone, t - QUARTER_MS) === day) t -= QUARTER_MS;
    return t;
  }
  return guess;
}

/** `localDate` through the offset cache: a report's segments ask for thousands of these. */
function quickLocalDate(zone: string, ms: number): string {
  return new Date(ms + cachedOffset(zone, ms) * 60_000).toISOString().slice(0, 10);
}

/** `[from, to)` of inclusive local calendar days. */
export function localRange(zone: string, start: string, end: string): { from: number; to: number } {
  return { from: startOfLocalDay(zone, start), to: startOfLocalDay(zone, addDays(end, 1)) };
}

const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;

function push(out: Segment[], grain: Grain, from: number, to: number, tag: SegmentTag): void {
  if (to <= from) return;
  const last = out[out.length - 1];
  if (last && last.grain === grain && last.to === from && last.label === tag.label && last.origin === tag.origin)
    last.to = to;
  else out.push({ grain, from, to, ...tag });
}

/**
 * Covers `[from, to)` (multiples of 15 minutes) with the coarsest buckets lying wholly inside it:
 * quarter-hours up to the first whole hour, hours up to the first whole UTC day, days, then back
 * down. `maxGrain` caps the grain (grouped reports use it).
 */
export function cover(
  from: number,
  to: number,
  maxGrain: Grain = GRAIN.day,
  out: Segment[] = [],
  tag: SegmentTag = {},
): Segment[] {
  if (from % QUARTER_MS !== 0 || to % QUARTER_MS !== 0) throw new Error('range must be in whole quarter-hours');
  if (to <= from) return out;
  if (maxGrain === GRAIN.quarter) {
    push(out, GRAIN.quarter, from, to, tag);
    return out;
  }
  const h0 = Math.min(ceilTo(from, HOUR_MS), to);
  const h1 = Math.max(floorTo(to, HOUR_MS), h0);
  push(out, GRAIN.quarter, from, h0, tag);
  if (maxGrain === GRAIN.day) {
    const d0 = Math.min(ceilTo(h0, DAY_MS), h1);
    const d1 = Math.max(floorTo(h1, DAY_MS), d0);
    push(out, GRAIN.hour, h0, d0, tag);
    push(out, GRAIN.day, d0, d1, tag);
    push(out, GRAIN.hour, d1, h1, tag);
  } else {
    push(out, GRAIN.hour, h0, h1, tag);
  }
  push(out, GRAIN.quarter, h1, to, tag);
  return out;
}

/**
 * Covers a range that will be grouped by local day: each local day is covered separately, so no
 * bucket crosses a local midnight (a UTC hour does in +05:30; a UTC day does unless the offset is 0),
 * and each segment carries its day as a label (no time-zone arithmetic per row in SQL).
 */
export function coverByLocalDays(zone: string, start: string, end: string): Segment[] {
  const out: Segment[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) {
    cover(startOfLocalDay(zone, day), startOfLocalDay(zone, addDays(day, 1)), GRAIN.day, out, { label: day });
  }
  return out;
}

/** The first instant local hours start at for a UTC offset in minutes. */
const hourOrigin = (offset: number) => Date.UTC(2000, 0, 1) + (((-offset % 60) + 60) % 60) * 60_000;

/**
 * Covers a range that will be grouped by local hour. Each stretch of constant UTC offset is one
 * segment whose `origin` says where its local hours start; UTC hours are used where the offset is a
 * whole number of hours, quarter-hours otherwise (+05:30, +05:45).
 */
export function coverByLocalHours(zone: string, start: string, end: string): Segment[] {
  const out: Segment[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) {
    const from = startOfLocalDay(zone, day);
    const to = startOfLocalDay(zone, addDays(day, 1));
    // Split the day where its offset changes (DST): found quarter-hour by quarter-hour, only on such days.
    const cuts = [from];
    if (cachedOffset(zone, from) !== cachedOffset(zone, to - QUARTER_MS)) {
      for (let t = from + QUARTER_MS; t < to; t += QUARTER_MS)
        if (cachedOffset(zone, t) !== cachedOffset(zone, t - QUARTER_MS)) cuts.push(t);
    }
    cuts.push(to);
    for (let i = 0; i + 1 < cuts.length; i++) {
      const off = cachedOffset(zone, cuts[i]!);
      cover(cuts[i]!, cuts[i + 1]!, off % 60 === 0 ? GRAIN.hour : GRAIN.quarter, out, { origin: hourOrigin(off) });
    }
  }
  return out;
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
