import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatEpc,
  formatInteger,
  formatMoney,
  formatMoneyPrecise,
  formatPayout,
  formatPercent,
} from './format.ts';

describe('formats (docs/screens.md, docs/limits.md)', () => {
  it('money is US-locale USD', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('$0.00');
    expect(formatMoneyPrecise(0.0125)).toBe('$0.0125');
    expect(formatMoneyPrecise(1.5)).toBe('$1.50');
  });
  it('EPC always has four decimals, so a column of them lines up', () => {
    expect(formatEpc(2.539)).toBe('$2.5390');
    expect(formatEpc(0.44704)).toBe('$0.4470');
    expect(formatEpc(1234.5)).toBe('$1,234.5000');
    expect(formatEpc(null)).toBe('$0.0000');
  });
  it('CVR has two decimals and a percent sign', () => {
    expect(formatPercent(3.5)).toBe('3.50%');
    expect(formatPercent(0)).toBe('0.00%');
  });
  it('payout reads amount then CPA, or the revenue share', () => {
    expect(formatPayout(5, 'cpa')).toBe('$5.00 CPA');
    expect(formatPayout(8, 'revshare')).toBe('8% Revenue share');
    expect(formatInteger(12345)).toBe('12,345');
  });
  it('days are YYYY-MM-DD: a calendar day as it is, an instant as its day in the zone', () => {
    expect(formatDate('2026-01-31')).toBe('2026-01-31');
    expect(formatDate('2026/10/01 00:00:00')).toBe('2026-10-01');
    expect(formatDate('2026-11-24T02:04:38Z', 'America/Toronto')).toBe('2026-11-23');
    expect(formatDate('2026-11-24T02:04:38Z', 'Asia/Kolkata')).toBe('2026-11-24');
    expect(formatDate(new Date('2026-11-24T02:04:38Z'))).toBe('2026-11-24');
    expect(formatDate('not a date')).toBe('');
  });
  it('times are the day and a 12-hour clock with seconds, in the zone', () => {
    expect(formatDateTime('2026-11-24T02:04:38.439Z', 'America/Toronto')).toBe('2026-11-23 9:04:38 PM');
    expect(formatDateTime('2026-11-24T02:04:38Z', 'Asia/Kolkata')).toBe('2026-11-24 7:34:38 AM');
    expect(formatDateTime('2026-11-24T00:05:00Z', 'UTC')).toBe('2026-11-24 12:05:00 AM');
    expect(formatDateTime('2026-11-24T12:00:00Z', 'UTC')).toBe('2026-11-24 12:00:00 PM');
    // A report's wall-clock time with its offset reads the same in its zone, on both sides of a DST change.
    expect(formatDateTime('2026-11-01T01:34:23-04:00', 'America/Toronto')).toBe('2026-11-01 1:34:23 AM');
    expect(formatDateTime('2026-11-01T01:34:23-05:00', 'America/Toronto')).toBe('2026-11-01 1:34:23 AM');
    expect(formatDateTime('2026-11-24T02:04:38Z', 'Not/AZone')).toBe('2026-11-24 2:04:38 AM');
    expect(formatDateTime('not a date', 'UTC')).toBe('');
  });
});
