import os from 'node:os';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { runWhenDue } from '../../src/lib/periodic-job.ts';
import type { AppContext } from '../../src/context.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';

/**
 * Scheduled work (the hourly maintenance, monthly invoices) runs once per period across every
 * process sharing the database, and a run whose process dies is taken over. A second process is
 * a second connection pool on the same database, as another server's would be.
 */
describe('scheduled jobs: once per period, whichever process looks first', () => {
  let t: TestApp;
  let other: DatabaseHandle | null = null;
  const HOUR = 3_600_000;

  beforeAll(async () => {
    t = await createTestApp();
    const url = t.app.ctx.config.DATABASE_URL;
    if (url) other = await openDatabase({ databaseUrl: url, dataDir: os.tmpdir(), poolSize: 2 });
  });

  afterAll(async () => {
    await other?.close();
    await t.close();
  });

  it('runs when due, not again within the period; a failed run is not counted as done', async () => {
    const ctx = t.app.ctx;
    let runs = 0;
    const work = async () => void runs++;
    expect(await runWhenDue(ctx, 'test-due', HOUR, work)).toBe('ran');
    expect(await runWhenDue(ctx, 'test-due', HOUR, work)).toBe('not_due');
    expect(runs).toBe(1);
    // A period that has passed (here: one of 0 ms) makes it due again.
    expect(await runWhenDue(ctx, 'test-due', 0, work)).toBe('ran');

    await expect(
      runWhenDue(ctx, 'test-fails', HOUR, async () => {
        throw new Error('broken');
      }),
    ).rejects.toThrow('broken');
    expect(await runWhenDue(ctx, 'test-fails', HOUR, work)).toBe('ran');
    expect(runs).toBe(3);
  });

  it.skipIf(testDbKind() !== 'postgres')(
    'PostgreSQL: two processes looking at once run it once; a run whose process dies is taken over by the next look',
    async () => {
      const ctx = t.app.ctx;
      const second: AppContext = { ...ctx, db: other!.db };
      let runs = 0;
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let entered!: () => void;
      const inside = new Promise<void>((r) => (entered = r));
      const slow = async (c: AppContext) => {
        runs++;
        entered();
        await gate;
        await sql`SELECT 1`.execute(c.db);
      };
      const first = runWhenDue(ctx, 'test-once', HOUR, slow);
      await inside;
      expect(await runWhenDue(second, 'test-once', HOUR, slow)).toBe('running_elsewhere');
      release();
      expect(await first).toBe('ran');
      expect(await runWhenDue(second, 'test-once', HOUR, slow)).toBe('not_due');
      expect(runs).toBe(1);

      // The runner's session ends mid-run (its process died): the lock goes with it, the run is
      // not recorded as done, and the other process's next look runs it.
      let hang!: () => void;
      const hung = new Promise<void>((r) => (hang = r));
      let started!: () => void;
      const running = new Promise<void>((r) => (started = r));
      const dying = runWhenDue(ctx, 'test-takeover', HOUR, async (c) => {
        started();
        await hung;
        await sql`SELECT 1`.execute(c.db);
      });
      await running;
      expect(await runWhenDue(second, 'test-takeover', HOUR, async () => {})).toBe('running_elsewhere');
      await sql`SELECT pg_terminate_backend(pid) FROM pg_locks
        WHERE locktype = 'advisory' AND classid = 1900030 AND objsubid = 2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`.execute(
        other!.db,
      );
      hang();
      await expect(dying).rejects.toThrow();
      let tookOver = 0;
      expect(await runWhenDue(second, 'test-takeover', HOUR, async () => void tookOver++)).toBe('ran');
      expect(tookOver).toBe(1);
    },
  );
});
