import { describe, expect, it } from 'vitest';
import { formatHour, hasSeveralOffsets } from './report-formats.ts';

describe('report formats', () => {
  it('tell the repeated hour of a DST day apart by its offset', () => {
    const hours = ['2026-11-01T01:00:00-04:00', '2026-11-01T01:00:00-05:00', '2026-11-01T02:00:00-05:00'];
    expect(hasSeveralOffsets(hours)).toBe(true);
    expect(hasSeveralOffsets(['2026-11-24T01:00:00-05:00', '2026-11-24T02:00:00-05:00'])).toBe(false);
    expect(formatHour(hours[0]!, true)).toBe('2026-11-01 1:00 AM (UTC−04:00)');
    expect(formatHour(hours[1]!, true)).toBe('2026-11-01 1:00 AM (UTC−05:00)');
    expect(formatHour('2026-11-24T13:00:00+05:30')).toBe('2026-11-24 1:00 PM');
  });
});
