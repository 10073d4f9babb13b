import { describe, expect, test } from 'vitest';
import { clockIn, comparisonKey, datePart, formatDate, formatShortDate, toDate } from './dates.ts';

const d = new Date(2026, 10, 5, 14, 7, 9); // 5 Nov 2026, 14:07:09 local

describe('date formats of docs/limits.md', () => {
  test('default YYYY-MM-DD, with hh, mm, ss and AM/PM', () => {
    expect(formatDate(d)).toBe('2026-11-05');
    expect(formatDate(d, 'YYYY-MM-DD hh:mm:ss A')).toBe('2026-11-05 02:07:09 PM');
    expect(formatDate(d, 'YYYY-MM-DD_hh.mm.ss')).toBe('2026-11-05_02.07.09');
  });
  test('calendar-day strings are local days, not UTC midnights', () => {
    expect(formatDate('2026-01-31')).toBe('2026-01-31');
    expect(toDate('2026-01-31').getDate()).toBe(31);
  });
  test('short dates in US English with an abbreviated month', () => {
    expect(formatShortDate(d)).toBe('Nov 5, 2026');
    expect(formatShortDate('2026-02-01')).toBe('Feb 1, 2026');
  });
  test('comparison format year/month/day', () => {
    expect(comparisonKey(d)).toBe('2026/11/05');
  });
  test('invoice date parts shown with dashes', () => {
    expect(datePart('2026/10/01 00:00:00')).toBe('2026-10-01');
    expect(datePart('2026-10-31T23:59:59Z')).toBe('2026-10-31');
  });
  test('clock readings in a time zone', () => {
    const t = new Date(Date.UTC(2026, 10, 22, 5, 48, 56));
    expect(clockIn('UTC', t)).toBe('5:48:56 AM');
    expect(clockIn('America/Toronto', t)).toBe('12:48:56 AM');
    expect(clockIn('Asia/Kolkata', t)).toBe('11:18:56 AM');
    expect(clockIn('Not/AZone', t)).toBe('5:48:56 AM');
  });
});
