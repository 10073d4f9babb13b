import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrations } from '../../src/db/migrations/index.ts';
import { DEMO_ADVERTISERS } from '../../src/seed/demo-advertisers.ts';
import { testDbKind } from '../helpers/test-db.ts';
import { killRun, startTogether, type Started } from '../helpers/cluster-run.ts';

/**
 * Several server processes on one PostgreSQL database (docs/production.md, "Several processes on one
 * database"), each a real `node` process of the production bundle: three started together on an
 * empty database, then a few seconds of clicks, conversion calls and postback deliveries spread
 * over them while one is killed with `kill -9` and started again. `npm run test:cluster` is the
 * longer run, which also waits for the dead process's claimed postbacks to be taken over.
 */
const onPostgres = testDbKind() === 'postgres';
const title = onPostgres
  ? 'several processes on one PostgreSQL database'
  : 'several processes on one database: PostgreSQL only (PGlite is embedded in one process, there is nothing to share)';

describe.skipIf(!onPostgres)(title, () => {
  let s: Started;

  beforeAll(async () => {
    s = await startTogether(3, { DATABASE_POOL_SIZE: '4' });
  }, 120_000);

  afterAll(async () => {
    await s?.close();
  });

  it('three processes started together on an empty database all come up; one migrates and seeds, the others wait and find it done', async () => {
    expect(s.cluster.members.map((m) => m.exited)).toEqual([false, false, false]);
    expect(s.cluster.logged('demo network seeded')).toHaveLength(1);
    const r = await s.db.query<{ migrations: number; advertisers: number; names: number; users: number }>(`
      SELECT (SELECT count(*) FROM kysely_migration)::int AS migrations,
        (SELECT count(*) FROM advertisers)::int AS advertisers, (SELECT count(DISTINCT name) FROM advertisers)::int AS names,
        (SELECT count(*) FROM users WHERE email = 'demo@portal.test')::int AS users`);
    expect(r.rows[0]).toEqual({
      migrations: Object.keys(migrations).length,
      advertisers: DEMO_ADVERTISERS.length,
      names: DEMO_ADVERTISERS.length,
      users: 1,
    });
    // The hourly maintenance ran once, in the first process to be ready; the others found it done.
    expect(s.cluster.logged('scheduled job done').filter((j) => j.line['job'] === 'tracking-maintenance')).toHaveLength(
      1,
    );
  });

  it('one killed with kill -9 under load: every acknowledged click and conversion is stored and counted once, no postback is sent twice', async () => {
    const r = await killRun(s, {
      seconds: 6,
      killAt: 2,
      restartAt: 4,
      clickConnections: 6,
      conversionConnections: 2,
      convertEvery: 5,
      receiverDelayMs: 0,
      awaitDeliveryTakeover: false,
    });
    const { clicks, conversions, rollup, postbacks } = r.counts;
    expect(clicks.acknowledged).toBeGreaterThan(100);
    expect({ missing: clicks.missing, duplicated: clicks.duplicated }).toEqual({ missing: 0, duplicated: 0 });
    // The dead process's acknowledged clicks that were still in its stored batches: written out by a survivor.
    expect(r.takeover.clicksMs).not.toBeNull();
    expect(conversions.acknowledged).toBeGreaterThan(20);
    expect({
      missing: conversions.missing,
      duplicated: conversions.duplicated,
      givenUp: conversions.givenUp,
      refused: conversions.refused,
    }).toEqual({
      missing: 0,
      duplicated: 0,
      givenUp: 0,
      refused: 0,
    });
    // Counted once in the rollups and in the report totals.
    expect(rollup).toEqual({ clicks: clicks.stored, conversions: conversions.stored });
    expect(r.reportDelta).toEqual({ clicks: clicks.stored, conversions: conversions.stored });
    // One delivery job per conversion; each sent once, by one process. Those the dead process had
    // claimed wait for their lease (the longer run sees them taken over).
    expect(postbacks.deliveries).toBe(conversions.stored);
    expect(postbacks.recordedTwice).toBe(0);
    expect(postbacks.receivedTwice).toBe(0);
    expect(postbacks.notReceived).toBe(0);
    expect(postbacks.delivered + postbacks.heldByDead).toBe(postbacks.deliveries);
    // The restarted process found the hourly maintenance done.
    expect(r.jobs['tracking-maintenance']).toHaveLength(1);
    expect(s.cluster.members.every((m) => !m.exited)).toBe(true);
  }, 90_000);
});
