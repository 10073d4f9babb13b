import { describe, expect, it } from 'vitest';
import {
  GRAIN,
  QUARTER_MS,
  cover,
  coverByLocalDays,
  coverByLocalHours,
  localIso,
  localRange,
  mondayOf,
  offsetMinutes,
  startOfLocalDay,
} from './reports.time.ts';

const total = (segs: { from: number; to: number }[]) => segs.reduce((s, x) => s + (x.to - x.from), 0);

describe('report time buckets', () => {
  it('finds local midnights in half-hour, 45-minute and DST zones', () => {
    expect(new Date(startOfLocalDay('Asia/Kolkata', '2026-10-10')).toISOString()).toBe('2026-10-09T18:30:00.000Z');
    expect(new Date(startOfLocalDay('Asia/Kathmandu', '2026-10-10')).toISOString()).toBe('2026-10-09T18:15:00.000Z');
    expect(new Date(startOfLocalDay('America/Toronto', '2026-11-01')).toISOString()).toBe('2026-11-01T04:00:00.000Z');
    expect(new Date(startOfLocalDay('America/Toronto', '2026-11-02')).toISOString()).toBe('2026-11-02T05:00:00.000Z');
    // Santiago skips local midnight when DST starts (2026-09-06): the day starts at 01:00.
    expect(localIso('America/Santiago', startOfLocalDay('America/Santiago', '2026-09-06'))).toBe(
      '2026-09-06T01:00:00-03:00',
    );
    expect(offsetMinutes('Asia/Kathmandu', Date.UTC(2026, 0, 1))).toBe(345);
  });

  it('covers a range exactly, coarse in the middle and fine at the edges', () => {
    const { from, to } = localRange('Asia/Kolkata', '2026-10-01', '2026-10-30');
    const segs = cover(from, to);
    expect(total(segs)).toBe(to - from);
    expect(segs.map((s) => s.grain)).toEqual([GRAIN.quarter, GRAIN.hour, GRAIN.day, GRAIN.hour, GRAIN.quarter]);
    for (let i = 1; i < segs.length; i++) expect(segs[i]!.from).toBe(segs[i - 1]!.to);
  });

  it('never lets a bucket cross a local day or hour', () => {
    for (const zone of ['Asia/Kolkata', 'Asia/Kathmandu', 'America/Toronto', 'UTC', 'Australia/Lord_Howe']) {
      const days = coverByLocalDays(zone, '2026-10-01', '2026-11-05');
      for (const s of days) {
        const step = s.grain === GRAIN.day ? 86_400_000 : s.grain === GRAIN.hour ? 3_600_000 : QUARTER_MS;
        for (let t = s.from; t < s.to; t += step) {
          expect(localIso(zone, t).slice(0, 10)).toBe(s.label);
          expect(localIso(zone, t + step - 1).slice(0, 10)).toBe(s.label);
        }
      }
      const hours = coverByLocalHours(zone, '2026-10-01', '2026-11-05');
      const { from, to } = localRange(zone, '2026-10-01', '2026-11-05');
      expect(total(hours)).toBe(to - from);
      for (const s of hours) expect(((s.from - s.origin!) / QUARTER_MS) % 1).toBe(0);
    }
  });

  it('starts weeks on Monday', () => {
    expect(mondayOf('2026-11-22')).toBe('2026-11-16');
    expect(mondayOf('2026-11-16')).toBe('2026-11-16');
  });
});
