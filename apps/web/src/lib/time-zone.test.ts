import { describe, expect, it } from 'vitest';
import { browserTimeZone, resolveTimeZone } from './time-zone.ts';

describe('time zones', () => {
  it("falls back to the browser's zone for an unknown or missing zone", () => {
    const browser = Intl.DateTimeFormat().resolvedOptions().timeZone;
    expect(browserTimeZone()).toBe(browser);
    expect(resolveTimeZone('Asia/Kolkata')).toBe('Asia/Kolkata');
    expect(resolveTimeZone('Not/AZone')).toBe(browser);
    expect(resolveTimeZone('')).toBe(browser);
    expect(resolveTimeZone(null)).toBe(browser);
  });
});
