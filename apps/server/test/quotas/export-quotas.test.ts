import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { expectTooMany } from './quota-helpers.ts';

/**
 * Before, "30 full-range export jobs in a row are all accepted". Now a publisher has at most 3
 * jobs queued or running at once and 30 starts an hour (lib/quotas.ts); other publishers are not
 * affected.
 */
let t: TestApp;
let a: { publisherId: number; userId: number; token: string };
let b: { publisherId: number; userId: number; token: string };
// The widest range a report allows (1100 days).
const fullRange = { filters: { date_range: { start: '2024-01-01', end: '2027-01-04' } } };

const start = (token: string) => t.post('/report/conversion/export', fullRange, { token });

async function startAndFinish(token: string) {
  const r = await start(token);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  await eventually(
    async () =>
      (await t.post('/report/export/status', { id: r.body.result.job_id }, { token })).body.status === 'completed',
    10_000,
  );
}

/** Jobs another process holds: running, their lease minutes away. */
async function runningElsewhere(p: { publisherId: number; userId: number }, n: number): Promise<string[]> {
  const ids = Array.from({ length: n }, () => crypto.randomUUID());
  await t.app.ctx.db
    .insertInto('export_jobs')
    .values(
      ids.map((id) => ({
        id,
        publisher_id: p.publisherId,
        user_id: p.userId,
        type: 'conversion',
        request: JSON.stringify({ filters: {}, sort: 'timestamp', order: -1 }),
        timezone: 'UTC',
        status: 'processing' as const,
        file_name: 'conversion_export.csv',
        locked_until: new Date(Date.now() + 10 * 60_000),
      })),
    )
    .execute();
  return ids;
}

beforeAll(async () => {
  t = await createTestApp();
  const pa = await createPublisher(t);
  const pb = await createPublisher(t);
  a = { ...pa, token: await login(t, pa) };
  b = { ...pb, token: await login(t, pb) };
});

afterAll(async () => {
  await t?.close();
});

describe('export quotas', () => {
  it('refuses a fourth export while three are queued or running, with 429 and Retry-After; other publishers go on', async () => {
    const held = await runningElsewhere(a, 3);
    for (let i = 0; i < 5; i++) {
      expectTooMany(await start(a.token), 'Too many exports in progress. Please wait for one to finish.', {
        min: 1,
        max: 30,
      });
    }
    await startAndFinish(b.token);
    // One finishes: there is room for one more.
    await t.app.ctx.db
      .updateTable('export_jobs')
      .set({ status: 'completed', locked_until: null })
      .where('id', '=', held[0]!)
      .execute();
    const next = await start(a.token);
    expect(next.status).toBe(200);
    await eventually(
      async () =>
        (await t.post('/report/export/status', { id: next.body.result.job_id }, { token: a.token })).body.status ===
        'completed',
      10_000,
    );
    await t.app.ctx.db
      .updateTable('export_jobs')
      .set({ status: 'error', locked_until: null })
      .where('id', 'in', held)
      .where('status', '=', 'processing')
      .execute();
  });

  it('allows 30 export starts an hour; the 31st answers 429 with Retry-After; other publishers go on', async () => {
    // One accepted above; the refusals while three were in flight cost nothing.
    for (let i = 1; i < 30; i++) await startAndFinish(a.token);
    expectTooMany(await start(a.token), 'Too many exports. Please try again later.', { min: 3000, max: 3600 });
    expectTooMany(await start(a.token), 'Too many exports. Please try again later.', { min: 3000, max: 3600 });
    await startAndFinish(b.token);
  });
});
