import {
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
} from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/types.ts';
import { SettleLoop } from '../events/events.jobs.ts';
import { ClickTimeoutError, ClickWriter } from './click-writer.ts';
import type { ClickRow } from './click.service.ts';

/** A database that records every statement and fails the ones `fail` picks. */
function recordingDb(fail: (sql: string) => boolean, gate: () => Promise<void> = async () => {}) {
  const seen: string[] = [];
  const connection: DatabaseConnection = {
    async executeQuery<R>(q: CompiledQuery): Promise<QueryResult<R>> {
      seen.push(q.sql);
      await gate();
      if (fail(q.sql)) throw new Error('database unavailable');
      return { rows: [{ any: true, batches: 1, queued: 0 } as R] };
    },
    // eslint-disable-next-line require-yield
    async *streamQuery() {
      throw new Error('not used');
    },
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => driver,
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
  });
  return { db, seen };
}

const click: ClickRow = {
  id: '01a20749-9fb1-70fc-b349-ddc17369cc81',
  created_at: new Date(),
  publisher_id: 7,
  offer_id: 5,
  landing_page_id: 3,
  s1: 'placement-1',
  s2: null,
  s3: null,
  s4: null,
  s5: null,
  pub_click_id: null,
  pub_source: null,
  ip: '127.0.0.1',
  user_agent: 'visitor',
};

describe('click writer: writing stored batches out', () => {
  it('reports a failed settle, leaves the batches stored, retries with no new click, and settles again on close', async () => {
    let failures = 1;
    const { db, seen } = recordingDb((sql) => sql.includes('DELETE FROM click_batches') && failures-- > 0);
    const errors: unknown[] = [];
    const settle = new SettleLoop(db, { settleAfterMs: 5, onError: (err) => errors.push(err) });
    const writer = new ClickWriter(db, { onCommit: () => settle.kick() });
    await writer.submit({ kind: 'click', row: click });
    expect(seen.some((s) => s.includes('INSERT INTO click_batches'))).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('database unavailable');
    // The failed settle was tried again (after 10 ms) although no click came since.
    const deletesBefore = seen.filter((s) => s.includes('DELETE FROM click_batches')).length;
    expect(deletesBefore).toBe(2);
    await writer.close().then(() => settle.close());
    expect(seen.filter((s) => s.includes('DELETE FROM click_batches')).length).toBe(deletesBefore + 1);
    expect(errors).toHaveLength(1);
    await expect(writer.submit({ kind: 'click', row: click })).rejects.toThrow('closing');
  });
});

/** A database whose statements wait until `release()` (a stalled server). */
function stalledDb() {
  let release!: () => void;
  const open = new Promise<void>((r) => (release = r));
  const { db, seen } = recordingDb(
    () => false,
    () => open,
  );
  const inserts = () => seen.filter((s) => s.includes('INSERT INTO click_batches')).length;
  return { db, inserts, release };
}

describe('click writer: deadlines', () => {
  it('answers a click whose batch has not committed by its deadline as not stored, once', async () => {
    const { db, inserts, release } = stalledDb();
    const writer = new ClickWriter(db);
    const t0 = performance.now();
    const outcome = writer.submit({ kind: 'click', row: click }, t0 + 150).then(
      () => 'stored',
      (err: unknown) => err,
    );
    const err = await outcome;
    const waited = performance.now() - t0;
    expect(err).toBeInstanceOf(ClickTimeoutError);
    expect(waited).toBeGreaterThanOrEqual(145);
    expect(waited).toBeLessThan(150 + 1000);
    // Its batch was already being written: the late commit is not a second answer.
    expect(inserts()).toBe(1);
    release();
    await writer.flush();
    await writer.close();
  });

  it('drops a click still queued at its deadline, so it is never written', async () => {
    const { db, inserts, release } = stalledDb();
    const writer = new ClickWriter(db);
    const first = writer.submit({ kind: 'click', row: click });
    await new Promise((r) => setTimeout(r, 20)); // the first batch is in flight, stalled
    const late = writer.submit(
      { kind: 'click', row: { ...click, id: '01a20749-9fb1-70fc-b349-ddc17369cc82' } },
      performance.now() + 100,
    );
    await expect(late).rejects.toBeInstanceOf(ClickTimeoutError);
    expect(writer.pending).toBe(0);
    release();
    await first;
    await writer.flush();
    expect(inserts()).toBe(1);
    await writer.close();
  });

  it('resolves a click committed before its deadline, and its deadline passing later changes nothing', async () => {
    const { db, seen } = recordingDb(() => false);
    const writer = new ClickWriter(db);
    const outcomes: string[] = [];
    await writer.submit({ kind: 'click', row: click }, performance.now() + 120).then(
      () => outcomes.push('stored'),
      (err: unknown) => outcomes.push(String(err)),
    );
    await new Promise((r) => setTimeout(r, 300)); // past the deadline, two sweeps later
    expect(outcomes).toEqual(['stored']);
    expect(seen.filter((s) => s.includes('INSERT INTO click_batches'))).toHaveLength(1);
    await writer.close();
  });
});
