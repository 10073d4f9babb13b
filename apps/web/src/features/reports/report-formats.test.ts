import { describe, expect, it } from 'vitest';
import { formatAsOf, formatHour, formatTimestamp, hasSeveralOffsets } from './report-formats.ts';

describe('report formats', () => {
  it('show times as the server wrote them, in the user zone', () => {
    expect(formatTimestamp('2026-11-01T01:34:23-04:00')).toBe('2026-11-01 1:34:23 AM');
    expect(formatTimestamp('2026-11-24T20:37:05-05:00')).toBe('2026-11-24 8:37:05 PM');
    expect(formatTimestamp('2026-11-24T00:05:00+05:30')).toBe('2026-11-24 12:05:00 AM');
    expect(formatTimestamp('2026-11-24T12:00:00Z')).toBe('2026-11-24 12:00:00 PM');
  });

  it('tell the repeated hour of a DST day apart by its offset', () => {
    const hours = ['2026-11-01T01:00:00-04:00', '2026-11-01T01:00:00-05:00', '2026-11-01T02:00:00-05:00'];
    expect(hasSeveralOffsets(hours)).toBe(true);
    expect(hasSeveralOffsets(['2026-11-24T01:00:00-05:00', '2026-11-24T02:00:00-05:00'])).toBe(false);
    expect(formatHour(hours[0]!, true)).toBe('2026-11-01 1:00 AM (UTC−04:00)');
    expect(formatHour(hours[1]!, true)).toBe('2026-11-01 1:00 AM (UTC−05:00)');
    expect(formatHour('2026-11-24T13:00:00+05:30')).toBe('2026-11-24 1:00 PM');
  });

  it('say when the data is complete to, with the day when it is not today', () => {
    const now = new Date('2026-11-25T02:30:00Z');
    expect(formatAsOf('2026-11-25T02:09:07.216Z', 'America/Toronto', now)).toBe('9:09:07 PM');
    expect(formatAsOf('2026-11-23T15:00:00Z', 'America/Toronto', now)).toBe('2026-11-23 10:00:00 AM');
    expect(formatAsOf('2026-11-25T02:09:07Z', 'Asia/Kolkata', now)).toBe('7:39:07 AM');
  });
});
