import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { accountsService } from '../../src/modules/accounts/accounts.service.ts';
import { runAdmin } from '../helpers/admin-cli.ts';
import { describeCli, createCliDatabase, loadMigratedSnapshot } from '../helpers/cli-db.ts';
import { testDbKind } from '../helpers/test-db.ts';

const PUBLIC_URL = 'https://portal.example.test';

/** The operator's impersonate and audit:list commands, against a real database, as an operator runs them. */
describeCli('admin CLI: impersonate prints a one-time login link; audit:list shows who used it', () => {
  const env: Record<string, string> = {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-imp-')),
    PUBLIC_URL,
    NODE_ENV: 'test',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
  };
  const admin = (...args: string[]) => runAdmin(args, env);
  let drop = async () => {};
  let ids: { userId: number; publisherId: number };

  beforeAll(async () => {
    if (testDbKind() === 'postgres') {
      const made = await createCliDatabase();
      env['DATABASE_URL'] = made.url;
      drop = made.drop;
    } else await loadMigratedSnapshot(env['DATA_DIR']!);
    const handle = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR']! });
    await migrateToLatest(handle.db);
    ids = await handle.db.transaction().execute((trx) =>
      accountsService.createPublisherAccount(trx, {
        email: 'support-case@example.test',
        password: 'correct-horse-battery',
        firstname: 'Sam',
        lastname: 'Case',
        publisherName: 'Case Media',
        status: 'active',
      }),
    );
    await handle.close();
  });
  afterAll(async () => {
    await drop();
    fs.rmSync(env['DATA_DIR']!, { recursive: true, force: true });
  });

  it('documents the command, its --operator option and audit:list', () => {
    const help = admin('--help');
    expect(help.stdout).toContain('impersonate');
    expect(help.stdout).toContain('audit:list');
    const imp = admin('impersonate', '--help');
    expect(imp.stdout).toContain('--operator');
    expect(imp.stdout).toMatch(/one-time login code/);
    expect(imp.stdout).not.toContain('--ttl');
  });

  it('prints a login_code link (never a session token), which logs in once with the operator named', async () => {
    const made = admin('impersonate', 'support-case@example.test', '--operator', 'dana');
    expect(made.status, made.stderr).toBe(0);
    const link = made.stdout.trim();
    const m = new RegExp(
      `^${PUBLIC_URL.replace(/\./g, '\\.')}/\\?login_code=([A-Za-z0-9_-]{43})&publisher_id=${ids.publisherId}$`,
    ).exec(link);
    expect(m, link).not.toBeNull();
    expect(link).not.toContain('token=');
    expect(made.stderr).toContain('operator dana');

    const app = await buildApp({ config: loadConfig(env), logger: false });
    try {
      const exchange = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/user/exchange-login-code',
          payload: { code: m![1] },
          headers: { 'user-agent': 'cli-test-browser' },
        });
      const first = await exchange();
      expect(first.statusCode).toBe(200);
      expect(decodeJwt(first.json<{ data: { jwt: string } }>().data.jwt)['act']).toEqual({ sub: 'dana' });
      expect((await exchange()).statusCode).toBe(401);
    } finally {
      await app.close();
    }

    const audit = admin('audit:list', '--email', 'support-case@example.test');
    expect(audit.status, audit.stderr).toBe(0);
    expect(audit.stdout).toMatch(/code_exchanged.*dana.*support-case@example\.test.*cli-test-browser/s);
    expect(audit.stdout).toMatch(/code_created.*dana.*support-case@example\.test/s);
    expect(audit.stdout).not.toContain(m![1]);
    expect(admin('audit:list', '--since', 'not-a-date').stderr).toContain('not a date');
  });

  it('says why it cannot make a link', () => {
    const r = admin('impersonate', 'nobody@example.test', '--operator', 'dana');
    expect(r.status).not.toBe(0);
    expect(r.stderr).toContain('no user nobody@example.test');
  });
});
