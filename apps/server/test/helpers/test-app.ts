import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { API_BASE } from '@portal/shared';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig, type Env } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { createDatabase, testDbKind } from './test-db.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    snapshotFile: string;
    templateDb: string;
    /** The server and the operator CLI bundled from the current sources (global setup). */
    serverBundle: string;
    adminBundle: string;
  }
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
  /** Send this raw string as the body instead of JSON.stringify(body). */
  raw?: string;
}

export interface TestApp {
  app: App;
  /** http://127.0.0.1:port */
  url: string;
  dataDir: string;
  post<T = any>(apiPath: string, body?: unknown, opts?: CallOptions): Promise<ApiAnswer<T>>;
  get<T = any>(apiPath: string, opts?: CallOptions): Promise<ApiAnswer<T>>;
  /** Messages the app wrote to its outbox (no SMTP in tests), oldest first. */
  outbox(): { to: string; subject: string; text: string }[];
  close(): Promise<void>;
}

async function openTestDatabase(): Promise<{
  handle: DatabaseHandle;
  databaseUrl?: string;
  drop: () => Promise<void>;
}> {
  if (testDbKind() === 'postgres') {
    const made = await createDatabase('portal_t', inject('templateDb'));
    const handle = await openDatabase({ databaseUrl: made.url, dataDir: os.tmpdir(), poolSize: 10 });
    return { handle, databaseUrl: made.url, drop: made.drop };
  }
  const blob = new Blob([fs.readFileSync(inject('snapshotFile'))]);
  const handle = await openDatabase({ dataDir: os.tmpdir(), inMemory: true, loadDataDir: blob });
  return { handle, drop: async () => {} };
}

/**
 * A real server on a random port over a freshly migrated database (PGlite snapshot or a new
 * PostgreSQL database, per TEST_DB). Tests talk to it over HTTP like any client.
 */
export async function createTestApp(
  env: Partial<Record<keyof Env, string>> = {},
  /** Give a stream to read the server's log (with LOG_LEVEL in env); none by default. */
  opts: { logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'));
  const db = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DEMO_SEED: 'false',
    // Tests invoice by calling the service.
    DISABLED_JOBS: 'monthly-invoices',
    // Invoices of a few dollars are payable unless a test sets a minimum payout of its own.
    MINIMUM_PAYOUT_USD: '0',
    PORT: '0',
    ...(db.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
    ...env,
  });
  const app = await buildApp({
    config,
    database: db.handle,
    skipMigrations: true,
    ...(opts.logStream ? { logStream: opts.logStream } : { logger: false }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const url = `http://127.0.0.1:${port}`;

  const call = async (method: string, apiPath: string, body: unknown, opts: CallOptions = {}): Promise<ApiAnswer> => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers['authorization'] = `Bearer ${opts.token}`;
    let payload: string | undefined;
    if (opts.raw !== undefined) payload = opts.raw;
    else if (body !== undefined) {
      payload = JSON.stringify(body);
      headers['content-type'] ??= 'application/json';
    }
    const target =
      apiPath.startsWith('/api/') || apiPath.startsWith('http')
        ? apiPath
        : `${API_BASE}${apiPath.startsWith('/') ? '' : '/'}${apiPath}`;
    const res = await fetch(target.startsWith('http') ? target : `${url}${target}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };

  return {
    app,
    url,
    dataDir,
    post: (p, body, opts) => call('POST', p, body ?? {}, opts),
    get: (p, opts) => call('GET', p, undefined, opts),
    outbox() {
      const dir = path.join(dataDir, 'outbox');
      if (!fs.existsSync(dir)) return [];
      return fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map(
          (f) =>
            JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as {
              to: { address: string }[];
              subject: string;
              text: string;
            },
        )
        .map((m) => ({ to: m.to[0]?.address ?? '', subject: m.subject, text: m.text }));
    },
    async close() {
      await app.close();
      await db.handle.close();
      await db.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits until `check` returns a truthy value (for work done after the answer, such as e-mail). */
export async function eventually<T>(check: () => T | Promise<T>, timeoutMs = 5000): Promise<NonNullable<T>> {
  const start = Date.now();
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<T>;
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}
