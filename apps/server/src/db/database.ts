import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Kysely, Migrator, PostgresDialect, sql, type Dialect } from 'kysely';
import type { Database } from './types.ts';
import { migrations } from './migrations/index.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL only: how long opening a connection may take (DATABASE_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** PostgreSQL only: how long a statement may wait for its answer (DATABASE_QUERY_TIMEOUT_MS); none when unset. */
  queryTimeoutMs?: number;
  /** PGlite only: start from this data-dir tarball (tests use a migrated snapshot). */
  loadDataDir?: Blob;
  /** PGlite only: keep everything in memory. */
  inMemory?: boolean;
}

const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;

/** Both drivers answer with the same JS types: int8 and numeric as numbers, dates as 'YYYY-MM-DD'. */
const parsers = {
  [INT8]: (v: string) => Number(v),
  [NUMERIC]: (v: string) => Number(v),
  [DATE]: (v: string) => v,
};

/** Marks a hot statement whose plan each connection keeps (see `preparePinnedStatements`). */
export const PREPARED = '/* prepared */';

/**
 * Statements that start with PREPARED run as named prepared statements on PostgreSQL, so a
 * connection parses and plans them once (the click writer's batch: planning it cost about a
 * millisecond per batch). The name is a hash of the text, so texts never collide.
 */
function preparePinnedStatements(client: { query: (...args: never[]) => unknown }) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: (...args: unknown[]) => unknown }).query = (text: unknown, ...rest: unknown[]) => {
    if (typeof text === 'string' && text.startsWith(PREPARED) && Array.isArray(rest[0])) {
      return query({ name: statementName(text), text, values: rest[0] }, ...rest.slice(1));
    }
    return query(text, ...rest);
  };
}

/**
 * pg's `query_timeout` fails the statement but leaves it running on its connection, so every later
 * statement on that connection would queue behind it (a stalled database would then hold the whole
 * pool). A connection whose statement timed out is cut instead: the pool drops it on release and
 * opens a fresh one when the database answers again.
 */
function dropOnQueryTimeout(client: { query: (...args: never[]) => unknown }) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  const socket = () => (client as unknown as { connection?: { stream?: { destroy(): void } } }).connection?.stream;
  (client as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) {
      result.catch((err: unknown) => {
        if (err instanceof Error && /Query read timeout/.test(err.message)) socket()?.destroy();
      });
    }
    return result;
  };
}

/** Pinned statements are a handful of constant texts: name each once, not on every call. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `p_${crypto.createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size < 1000) statementNames.set(text, name);
  }
  return name;
}

const kinds = new WeakMap<Db, DatabaseHandle['kind']>();
/** The server a PostgreSQL database opened here connects to (the setup lock opens a session of its own). */
const serverUrls = new WeakMap<Db, string>();

/** The engine a database opened here runs on (PGlite runs statements on this process's thread). */
export function databaseKind(db: Db): DatabaseHandle['kind'] {
  return kinds.get(db) ?? 'postgres';
}

/** `conn`, one connection of `db` (`db.connection()`), is on the same engine as `db`. */
export function sameKind(conn: Db, db: Db): Db {
  kinds.set(conn, databaseKind(db));
  return conn;
}

/** Fixed keys of the setup lock (any pair will do, as long as nothing else uses it). */
const SETUP_LOCK = [40_410_000, 1] as const;

/**
 * Runs `fn` while holding the database's setup lock, so that of several processes started together
 * on one PostgreSQL database one migrates (and seeds) while the others wait, then find the work
 * done. The lock is a session-level advisory lock on a connection of its own, outside the pool:
 * `fn` has every pooled connection (the migrator takes one of them, and the pool may be of one),
 * and a process that dies while holding it releases it with its session. PGlite serves one process
 * only: there `fn` just runs, as it does on a database not opened by `openDatabase`.
 */
export async function withSetupLock<T>(db: Db, fn: () => Promise<T>): Promise<T> {
  const url = serverUrls.get(db);
  if (url === undefined) return fn();
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [...SETUP_LOCK]);
    return await fn();
  } finally {
    // Ending the session releases the lock.
    await client.end().catch(() => {});
  }
}

export async function openDatabase(opts: DatabaseOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pg = await import('pg');
    const Pool = pg.default.Pool;
    for (const [oid, fn] of Object.entries(parsers)) pg.default.types.setTypeParser(Number(oid), fn);
    const pool = new Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? 5000,
      ...(opts.queryTimeoutMs ? { query_timeout: opts.queryTimeoutMs } : {}),
      // JIT compilation costs more than it saves on statements this short: the rollup settle's
      // estimate crossed jit_above_cost and compiling took 400 ms of a 650 ms statement.
      options: '-c jit=off',
      idleTimeoutMillis: 30_000,
    });
    // A dropped connection must not crash the process; the next query reconnects.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      preparePinnedStatements(client);
      dropOnQueryTimeout(client);
      // Nor one lost while in use (the server restarted, the session was ended): its query fails
      // and the pool drops it on release, but an 'error' event nobody listens to ends the process.
      client.on('error', () => {});
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    kinds.set(db, 'postgres');
    serverUrls.set(db, opts.databaseUrl);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGliteDialect } = await import('kysely-pglite-dialect');
  let dataDir: string | undefined;
  if (!opts.inMemory) {
    dataDir = path.join(opts.dataDir, 'pgdata');
    fs.mkdirSync(opts.dataDir, { recursive: true });
  }
  const pglite = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}),
    parsers,
  });
  const dialect: Dialect = new PGliteDialect(pglite);
  const db = new Kysely<Database>({ dialect });
  kinds.set(db, 'pglite');
  return {
    db,
    kind: 'pglite',
    close: async () => {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** Runs the migrations not yet applied; processes started together take turns (`withSetupLock`). */
export async function migrateToLatest(db: Db): Promise<void> {
  await withSetupLock(db, () => migrate(db));
}

async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    // Feature areas number their migrations in their own ranges (0010s accounts, 0020s offers,
    // 0030s tracking, 0040s reports), so a lower number may land after a higher one.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}

export async function ping(db: Db): Promise<void> {
  await sql`SELECT 1`.execute(db);
}
