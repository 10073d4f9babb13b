import { describe, expect, test } from 'vitest';
import { clockIn } from './dates.ts';

describe('clock of docs/limits.md', () => {
  test('clock readings in a time zone', () => {
    const t = new Date(Date.UTC(2026, 10, 22, 5, 48, 56));
    expect(clockIn('UTC', t)).toBe('5:48:56 AM');
    expect(clockIn('America/Toronto', t)).toBe('12:48:56 AM');
    expect(clockIn('Asia/Kolkata', t)).toBe('11:18:56 AM');
    expect(clockIn('Not/AZone', t)).toBe('5:48:56 AM');
  });
});
