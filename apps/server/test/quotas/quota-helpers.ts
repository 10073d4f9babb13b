import { expect } from 'vitest';
import type { ApiAnswer } from '../helpers/test-app.ts';

/** A refusal of a spent quota: 429 in the API's error shape with a Retry-After within the window. */
export function expectTooMany(r: ApiAnswer, message: string, retry: { min: number; max: number }): void {
  expect(r.status, JSON.stringify(r.body)).toBe(429);
  expect(r.body).toEqual({ error: { code: '0x4290', message } });
  const after = Number(r.headers.get('retry-after'));
  expect(Number.isInteger(after)).toBe(true);
  expect(after).toBeGreaterThanOrEqual(retry.min);
  expect(after).toBeLessThanOrEqual(retry.max);
}

/** Runs `n` calls one after another and returns their statuses. */
export async function statuses(n: number, call: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await call(i)).status);
  return out;
}
