import { describe, expect, it } from 'vitest';
import { Semaphore } from './semaphore.ts';
import { AppError } from './errors.ts';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('Semaphore', () => {
  it('runs at most `limit` tasks at once and queues the rest in order', async () => {
    const s = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const order: number[] = [];
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        s.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await tick();
          order.push(i);
          running--;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(s.stats()).toMatchObject({ active: 0, queued: 0, peakActive: 2, peakQueued: 8 });
    expect(s.stats(true).peakQueued).toBe(8);
    expect(s.stats().peakQueued).toBe(0);
  });

  it('refuses with 503 past the queue bound, and frees its slot when a task throws', async () => {
    const s = new Semaphore(1, 1);
    const first = s.run(() => tick());
    const second = s.run(() => tick());
    await expect(s.run(() => tick())).rejects.toBeInstanceOf(AppError);
    await expect(s.run(() => tick())).rejects.toMatchObject({ statusCode: 503 });
    await Promise.all([first, second]);
    await expect(s.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(s.run(async () => 42)).resolves.toBe(42);
    expect(s.stats()).toMatchObject({ active: 0, queued: 0 });
  });
});
