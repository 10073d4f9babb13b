import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { accountsService } from '../../src/modules/accounts/accounts.service.ts';
import { runAdmin } from '../helpers/admin-cli.ts';
import { describeCli, createCliStore } from '../helpers/cli-db.ts';

/** Each command is a process of its own that opens the database: seconds apiece on a busy machine. */
const CLI_TIMEOUT = 240_000;

/**
 * The CLI's status and user commands call the console's service: the same transitions, the same
 * e-mails, the same audit entries (as `cli:<os user>`).
 */
describeCli('admin CLI: publisher:approve|reject|suspend|reactivate and user:link|unlink', () => {
  const env: Record<string, string> = {
    PUBLIC_URL: 'https://portal.example.test',
    NODE_ENV: 'test',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
  };
  const admin = (...args: string[]) => runAdmin(args, env);
  let remove = async () => {};
  let ids: { publisherId: number; userId: number };
  let other: { publisherId: number; userId: number };

  /** Reads the database between commands (PGlite: one process at a time, so opened and closed each time). */
  async function read<T>(fn: (h: DatabaseHandle) => Promise<T>): Promise<T> {
    const h = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR']! });
    try {
      return await fn(h);
    } finally {
      await h.close();
    }
  }

  // The database starts migrated (the run's snapshot), so neither the test nor a command creates it.
  beforeAll(async () => {
    const store = await createCliStore('portal-cli-pub-', async (db) => {
      const account = (email: string, name: string) =>
        db.transaction().execute((trx) =>
          accountsService.createPublisherAccount(trx, {
            email,
            password: 'cli-password',
            passwordHash: 'not-a-real-hash',
            firstname: 'Cli',
            lastname: 'User',
            publisherName: name,
          }),
        );
      ids = await account('cli.pending@example.test', 'Cli Pending');
      other = await account('cli.other@example.test', 'Cli Other');
    });
    Object.assign(env, store.env);
    remove = store.remove;
  }, CLI_TIMEOUT);
  afterAll(() => remove());

  const status = () =>
    read(
      async (h) =>
        (
          await h.db
            .selectFrom('publishers')
            .select('status')
            .where('id', '=', ids.publisherId)
            .executeTakeFirstOrThrow()
        ).status,
    );

  it(
    'changes a status only with a reason and only where the change applies, in the audit log',
    async () => {
      const id = String(ids.publisherId);
      const noReason = admin('publisher:approve', id);
      expect(noReason.status).toBe(1);
      expect(noReason.stderr).toContain("required option '--reason <text>'");
      const wrong = admin('publisher:suspend', id, '--reason', 'too early');
      expect(wrong.status).toBe(1);
      expect(wrong.stderr).toContain('This publisher is pending: it cannot be suspended.');
      expect(await status()).toBe('pending');

      const approved = admin('publisher:approve', id, '--reason', 'checked by phone');
      expect(approved.status, approved.stderr).toBe(0);
      expect(approved.stdout).toContain(`publisher ${id} is now active`);
      expect(await status()).toBe('active');
      expect(admin('publisher:suspend', id, '--reason', 'fraud review').status).toBe(0);
      expect(admin('publisher:reactivate', id, '--reason', 'cleared').status).toBe(0);

      const entries = await read((h) =>
        h.db.selectFrom('audit_log').select(['action', 'actor', 'reason']).orderBy('id').execute(),
      );
      expect(entries.map((e) => [e.action, e.reason, e.actor.startsWith('cli:')])).toEqual([
        ['publisher.approve', 'checked by phone', true],
        ['publisher.suspend', 'fraud review', true],
        ['publisher.reactivate', 'cleared', true],
      ]);
      const outbox = fs.readdirSync(path.join(env['DATA_DIR']!, 'outbox')).filter((f) => f.endsWith('.json'));
      expect(outbox).toHaveLength(3);
    },
    CLI_TIMEOUT,
  );

  it(
    'links and unlinks a user through the same service, in the audit log',
    async () => {
      const id = String(ids.publisherId);
      const linked = admin('user:link', 'CLI.other@example.test', id);
      expect(linked.status, linked.stderr).toBe(0);
      expect(admin('user:link', 'cli.other@example.test', id).stderr).toContain(
        'email: This user already has this publisher account.',
      );
      expect(admin('user:link', 'nobody@example.test', id).stderr).toContain('email: No user has this e-mail address.');
      const users = () =>
        read((h) =>
          h.db
            .selectFrom('publisher_users')
            .select('user_id')
            .where('publisher_id', '=', ids.publisherId)
            .orderBy('user_id')
            .execute(),
        );
      expect((await users()).map((u) => u.user_id)).toEqual([ids.userId, other.userId]);
      expect(admin('user:unlink', 'cli.other@example.test', id).status).toBe(0);
      expect((await users()).map((u) => u.user_id)).toEqual([ids.userId]);
      const actions = await read((h) =>
        h.db.selectFrom('audit_log').select(['action', 'after']).orderBy('id', 'desc').limit(2).execute(),
      );
      expect(actions).toEqual([
        { action: 'publisher.unlink_user', after: { users: ['cli.pending@example.test'] } },
        { action: 'publisher.link_user', after: { users: ['cli.pending@example.test', 'cli.other@example.test'] } },
      ]);
    },
    CLI_TIMEOUT,
  );
});
