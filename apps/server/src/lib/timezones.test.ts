import { describe, expect, it } from 'vitest';
import { isValidTimeZone, listTimeZones } from './timezones.ts';

describe('time zones', () => {
  it('accepts IANA names, current and renamed, and UTC', () => {
    for (const z of [
      'UTC',
      'Europe/London',
      'America/Toronto',
      'Asia/Kolkata',
      'Asia/Calcutta',
      'Europe/Kyiv',
      'Europe/Kiev',
      'America/Argentina/Buenos_Aires',
      'America/Port-au-Prince',
      'Etc/GMT+5',
      'Asia/Kathmandu',
      'Australia/Lord_Howe',
      'US/Eastern',
    ]) {
      expect(isValidTimeZone(z), z).toBe(true);
    }
  });

  it('refuses offsets, POSIX strings, wrong case, made-up and empty names', () => {
    for (const z of [
      '',
      ' ',
      '+05:30',
      'UTC+2',
      'EST5EDT',
      'europe/london',
      'Europe/Atlantis',
      'Mars/Olympus_Mons',
      'Etc/Unknown',
      'Europe/London ',
      '../etc/passwd',
      'Europe/London; DROP TABLE users',
    ]) {
      expect(isValidTimeZone(z), z).toBe(false);
    }
  });

  it('lists every zone once under its current name, readable, sorted by offset', () => {
    const list = listTimeZones(new Date('2026-01-15T12:00:00Z'));
    const ids = list.map((z) => z.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('Asia/Kolkata');
    expect(ids).not.toContain('Asia/Calcutta');
    expect(ids).toContain('Europe/Kyiv');
    expect(ids).toContain('UTC');
    for (const z of list) expect(isValidTimeZone(z.id), z.id).toBe(true);
    expect(list.find((z) => z.id === 'Asia/Kolkata')!.name).toBe('(UTC+05:30) Asia/Kolkata – India Standard Time');
    expect(list.find((z) => z.id === 'America/New_York')!.name).toMatch(/^\(UTC-05:00\) America\/New York/);
    const offsets = list
      .map((z) => /\(UTC([+-])(\d\d):(\d\d)\)/.exec(z.name)!)
      .map((m) => (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])));
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    expect(list[0]!.name).toMatch(/^\(UTC-1[12]:00\)/);
    expect(list.at(-1)!.name).toMatch(/^\(UTC\+14:00\)/);
  });
});
