import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { accountsService } from '../../src/modules/accounts/accounts.service.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { runAdmin } from '../helpers/admin-cli.ts';
import { createCliDatabase } from '../helpers/cli-db.ts';
import { testDbKind } from '../helpers/test-db.ts';

/**
 * The CLI's `advertiser:*` writes and `notification:broadcast` go through the console's services:
 * the same rules, the same audit entries (actor `cli:<os user>`), the same send rows.
 */
describe('admin CLI: advertisers and broadcasts recorded as the console records them', () => {
  const env: Record<string, string> = {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-audit-')),
    NODE_ENV: 'test',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
  };
  const admin = (...args: string[]) => runAdmin(args, env);
  let drop = async () => {};
  let publisherId = 0;

  const withDb = async <T>(fn: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> => {
    const handle = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR']! });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  };
  const audit = () => withDb((db) => db.selectFrom('audit_log').selectAll().orderBy('id').execute());

  beforeAll(async () => {
    if (testDbKind() === 'postgres') {
      const made = await createCliDatabase();
      env['DATABASE_URL'] = made.url;
      drop = made.drop;
    }
    await withDb(async (db) => {
      await migrateToLatest(db);
      const ids = await db.transaction().execute((trx) =>
        accountsService.createPublisherAccount(trx, {
          email: 'cli.reader@example.test',
          password: 'correct-horse-battery',
          firstname: 'Cli',
          lastname: 'Reader',
          publisherName: 'Cli Reader',
          status: 'active',
        }),
      );
      publisherId = ids.publisherId;
    });
  }, 60_000);
  afterAll(async () => {
    await drop();
    fs.rmSync(env['DATA_DIR']!, { recursive: true, force: true });
  });

  it('advertiser:create, update, rotate-token and pixel-secret --rotate each leave an entry without secrets', async () => {
    const created = admin('advertiser:create', 'Terminal Traders');
    expect(created.status, created.stderr).toBe(0);
    const id = Number(/advertiser (\d+) created/.exec(created.stdout)![1]);
    const token = /token .*: (adv_\S+)/.exec(created.stdout)![1]!;
    expect(admin('advertiser:create', ' ').stderr).toContain('name: Please enter a name.');
    const updated = admin('advertiser:update', String(id), '--status', 'inactive');
    expect(updated.status, updated.stderr).toBe(0);
    expect(admin('advertiser:update', '99999', '--name', 'X').stderr).toContain('Advertiser not found.');
    const rotated = admin('advertiser:rotate-token', String(id));
    expect(rotated.status, rotated.stderr).toBe(0);
    const newToken = /shown once\): (adv_\S+)/.exec(rotated.stdout)![1]!;
    const pixel = admin('advertiser:pixel-secret', String(id), '--rotate');
    expect(pixel.status, pixel.stderr).toBe(0);
    const newSecret = /(pxs_\S+)/.exec(pixel.stdout)![1]!;

    const entries = await audit();
    expect(entries.map((e) => e.action)).toEqual([
      'advertiser.create',
      'advertiser.update',
      'advertiser.rotate_token',
      'advertiser.rotate_pixel_secret',
      'advertiser.rotate_pixel_secret',
    ]);
    for (const e of entries) {
      expect(e.actor).toMatch(/^cli:/);
      expect(e.operator_id).toBeNull();
      expect(e.object_id).toBe(String(id));
      const text = JSON.stringify(e);
      for (const s of [token, newToken, newSecret, sha256(newToken)]) expect(text).not.toContain(s);
    }
    expect(entries[1]).toMatchObject({ before: { status: 'active' }, after: { status: 'inactive' } });
    const stored = await withDb((db) =>
      db.selectFrom('advertisers').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    );
    expect(stored.api_token_hash).toBe(sha256(newToken));
    expect(stored.pixel_secret).toBe(newSecret);
    expect(stored.api_token_rotated_at).not.toBeNull();
  }, 600_000);

  it('notification:broadcast makes a send of its own with its entry', async () => {
    const one = admin('notification:broadcast', 'Terminal notice', '--publisher', String(publisherId), '--urgent');
    expect(one.status, one.stderr).toBe(0);
    expect(one.stdout).toContain('1 notification(s) sent');
    expect(admin('notification:broadcast', 'Nobody', '--publisher', '424242').stderr).toContain(
      'publisher_ids: No such publisher: 424242.',
    );
    const { sends, copies } = await withDb(async (db) => ({
      sends: await db.selectFrom('notification_sends').selectAll().execute(),
      copies: await db.selectFrom('notifications').selectAll().execute(),
    }));
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ summary: 'Terminal notice', urgent: true, audience: 'chosen', recipients: 1 });
    expect(sends[0]!.actor).toMatch(/^cli:/);
    expect(copies).toEqual([
      expect.objectContaining({ publisher_id: publisherId, send_id: sends[0]!.id, urgent: true }),
    ]);
    const last = (await audit()).at(-1)!;
    expect(last).toMatchObject({ action: 'notification.send', object_id: String(sends[0]!.id) });
  }, 300_000);
});
