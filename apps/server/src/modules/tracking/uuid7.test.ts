import { describe, expect, it } from 'vitest';
import { uuidv7, uuidv7Time } from './uuid7.ts';

describe('transaction ids (UUIDv7)', () => {
  it('carry the click time to the millisecond, version 7 and the RFC variant', () => {
    for (const ms of [0, 1, 1_763_881_234_567, 2 ** 48 - 1]) {
      const id = uuidv7(new Date(ms));
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(uuidv7Time(id)?.getTime()).toBe(ms);
    }
  });

  it('differ within one millisecond and sort by time across milliseconds', () => {
    const at = new Date(1_763_881_234_567);
    const ids = Array.from({ length: 10_000 }, () => uuidv7(at));
    expect(new Set(ids).size).toBe(ids.length);
    const later = uuidv7(new Date(at.getTime() + 1));
    expect(ids.every((id) => id < later)).toBe(true);
  });
});
