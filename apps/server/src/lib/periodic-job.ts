import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { databaseKind, sameKind } from '../db/database.ts';

/** Namespace of the jobs' advisory locks (the second key is the job's name, hashed). */
const LOCK_NAMESPACE = 1_900_030;
/** How often each process looks whether a job is due: how soon a survivor takes over a dead runner's job. */
const CHECK_EVERY_MS = 60_000;

export type JobOutcome = 'ran' | 'not_due' | 'running_elsewhere';

/**
 * Runs `work` if the job `name` last completed `periodMs` or more ago, in whichever process of
 * those sharing the database looks first. On PostgreSQL the look and the run hold a session-level
 * advisory lock on one connection (`pg_try_advisory_lock`): a process that finds it taken skips,
 * and one that dies mid-run releases it with its session, so the job is still due and the next
 * process to look runs it. The completion time (the database's clock) is kept in `settings`
 * (`job:<name>`) and written only on success. `work` runs on the lock's connection (one pooled connection, however small the
 * pool); on PGlite, one process and one connection, it runs on the database as is.
 */
export async function runWhenDue(
  ctx: AppContext,
  name: string,
  periodMs: number,
  work: (ctx: AppContext) => Promise<void>,
): Promise<JobOutcome> {
  const key = `job:${name}`;
  const dueRun = async (c: AppContext): Promise<JobOutcome> => {
    // The database's clock, not this host's: processes on several hosts agree on what is due.
    const last = await sql<{ recent: boolean }>`
      SELECT value::timestamptz > now() - make_interval(secs => ${periodMs / 1000}) AS recent FROM settings WHERE key = ${key}`.execute(
      c.db,
    );
    if (last.rows[0]?.recent) return 'not_due';
    const started = performance.now();
    await work(c);
    await sql`INSERT INTO settings (key, value) VALUES (${key}, now()::text)
      ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`.execute(c.db);
    c.log.info({ job: name, ms: Math.round(performance.now() - started) }, 'scheduled job done');
    return 'ran';
  };
  if (databaseKind(ctx.db) === 'pglite') return dueRun(ctx);
  return ctx.db.connection().execute(async (conn) => {
    const got = await sql<{
      ok: boolean;
    }>`SELECT pg_try_advisory_lock(${LOCK_NAMESPACE}, hashtext(${name})) AS ok`.execute(conn);
    if (!got.rows[0]?.ok) return 'running_elsewhere';
    try {
      return await dueRun({ ...ctx, db: sameKind(conn, ctx.db) });
    } finally {
      await sql`SELECT pg_advisory_unlock(${LOCK_NAMESPACE}, hashtext(${name}))`.execute(conn);
    }
  });
}

export interface PeriodicJob {
  /** The first look (and run, if due), as `firstAfterMs` 0 makes it: awaited by a start that needs it. */
  first: Promise<void>;
  stop(): void;
}

/**
 * Looks every minute (first after `firstAfterMs`) whether the job is due and runs it then
 * (`runWhenDue`): once per period across every process, whichever starts or survives. A failed
 * run is logged and, not having completed, is tried again at the next look.
 */
export function schedulePeriodic(
  ctx: AppContext,
  opts: { name: string; periodMs: number; firstAfterMs?: number; work: (ctx: AppContext) => Promise<void> },
): PeriodicJob {
  let running = false;
  let stopped = false;
  const look = async () => {
    if (running || stopped) return;
    running = true;
    try {
      await runWhenDue(ctx, opts.name, opts.periodMs, opts.work);
    } catch (err) {
      ctx.log.error({ err, job: opts.name }, 'scheduled job failed');
    } finally {
      running = false;
    }
  };
  let first: Promise<void> = Promise.resolve();
  let firstTimer: NodeJS.Timeout | null = null;
  if (!opts.firstAfterMs) first = look();
  else {
    firstTimer = setTimeout(() => void look(), opts.firstAfterMs);
    firstTimer.unref();
  }
  const every = setInterval(() => void look(), CHECK_EVERY_MS);
  every.unref();
  return {
    first,
    stop() {
      stopped = true;
      if (firstTimer) clearTimeout(firstTimer);
      clearInterval(every);
    },
  };
}
