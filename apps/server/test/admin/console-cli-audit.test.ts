import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_API_BASE, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type { AuditEntry, AuditListRequest } from '@portal/shared/admin/audit.schemas';
import type { AdminOffer, AdminOfferSaveRequest } from '@portal/shared/admin/offers.schemas';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { openDatabase, type DatabaseHandle } from '../../src/db/database.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { accountsService } from '../../src/modules/accounts/accounts.service.ts';
import { networkService } from '../../src/modules/offers/network-catalogue.service.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { runAdmin } from '../helpers/admin-cli.ts';
import { describeCli, createCliStore } from '../helpers/cli-db.ts';

/**
 * The CLI's `advertiser:*` and offer writes and `notification:broadcast` go through the console's
 * services: the same rules, the same audit entries (actor `cli:<os user>`), the same send rows.
 * Each command is a process of its own opening the database, so the steps share one database,
 * made from the run's migrated snapshot; the test opens it between commands (PGlite: one process
 * at a time).
 */
describeCli('admin CLI: advertisers, offers and broadcasts recorded as the console records them', () => {
  const env: Record<string, string> = { NODE_ENV: 'test', DEMO_SEED: 'false', LOG_LEVEL: 'silent' };
  const admin = (...args: string[]) => runAdmin(args, env);
  /** A command that must succeed; answers what it printed. */
  const step = (...args: string[]) => {
    const r = admin(...args);
    expect(r.status, `${args.join(' ')}: ${r.stderr}`).toBe(0);
    return r.stdout;
  };
  const manager = { email: 'cli.audit.manager@example.test', password: 'manager-password' };
  let remove = async () => {};
  let publisherId = 0;
  let advertiserId = 0;

  const withDb = async <T>(fn: (db: DatabaseHandle['db']) => Promise<T>): Promise<T> => {
    const handle = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR']! });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  };
  const auditRows = (db: DatabaseHandle['db']) => db.selectFrom('audit_log').selectAll().orderBy('id').execute();

  /** The operator API as a signed-in manager sees it (the portal opened in this process, then closed). */
  async function withConsole<T>(
    fn: (api: {
      post: (path: string, body: unknown) => Promise<any>;
      get: (path: string) => Promise<any>;
    }) => Promise<T>,
  ): Promise<T> {
    const app = await buildApp({ config: loadConfig(env), logger: false });
    try {
      const call = async (method: 'GET' | 'POST', path: string, body?: unknown, jwt?: string) => {
        const r = await app.inject({
          method,
          url: `${ADMIN_API_BASE}${path}`,
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
          headers: jwt ? { authorization: `Bearer ${jwt}` } : {},
        });
        expect(r.statusCode, `${path}: ${r.body}`).toBe(200);
        return r.json();
      };
      const jwt = (await call('POST', ADMIN_API_PATHS.login, manager)).data.jwt as string;
      return await fn({
        post: (path, body) => call('POST', path, body, jwt),
        get: (path) => call('GET', path, undefined, jwt),
      });
    } finally {
      await app.close();
    }
  }
  /** An object's entries through `POST /api/admin/v1/audit-log`, oldest first. */
  const auditOf = async (
    api: { post: (path: string, body: unknown) => Promise<any> },
    filters: NonNullable<AuditListRequest['filters']>,
  ): Promise<AuditEntry[]> =>
    ((await api.post(ADMIN_API_PATHS.auditLog, { filters, limit: 100 })).data as AuditEntry[]).reverse();

  beforeAll(async () => {
    const store = await createCliStore('portal-cli-audit-', async (db) => {
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
      advertiserId = (await networkService.createAdvertiser(db, { name: 'Terminal Offers Inc' })).id;
      await db
        .insertInto('operators')
        .values({
          email: manager.email,
          name: 'Cli Audit Manager',
          role: 'manager',
          password_hash: await hashPassword(manager.password),
          status: 'active',
        })
        .execute();
    });
    Object.assign(env, store.env);
    remove = store.remove;
  }, 120_000);
  afterAll(() => remove());

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

    // One read of the database for both (PGlite: each open starts the database anew).
    const { entries, stored } = await withDb(async (db) => ({
      entries: await auditRows(db),
      stored: await db.selectFrom('advertisers').selectAll().where('id', '=', id).executeTakeFirstOrThrow(),
    }));
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
    const { sends, copies, entries } = await withDb(async (db) => ({
      sends: await db.selectFrom('notification_sends').selectAll().execute(),
      copies: await db.selectFrom('notifications').selectAll().execute(),
      entries: await auditRows(db),
    }));
    expect(sends).toHaveLength(1);
    expect(sends[0]).toMatchObject({ summary: 'Terminal notice', urgent: true, audience: 'chosen', recipients: 1 });
    expect(sends[0]!.actor).toMatch(/^cli:/);
    expect(copies).toEqual([
      expect.objectContaining({ publisher_id: publisherId, send_id: sends[0]!.id, urgent: true }),
    ]);
    expect(entries.at(-1)).toMatchObject({ action: 'notification.send', object_id: String(sends[0]!.id) });
  }, 300_000);

  it('the offer commands leave the console’s entries on the offer, read through the operator API', async () => {
    const offerId = Number(
      /offer (\d+) created/.exec(
        step(
          'offer:create',
          '--advertiser',
          String(advertiserId),
          '--name',
          'Terminal Offer',
          '--payout',
          '4',
          '--private',
          '--tags',
          'cli',
        ),
      )![1],
    );
    expect(step('offer:update', String(offerId), '--payout', '6', '--daily-cap', '50', '--tags', 'cli,summer')).toBe(
      `offer ${offerId} updated\n`,
    );
    const eventId = Number(
      /event (\d+) added/.exec(step('event:add', String(offerId), 'Upsell', '--type', 'upsell', '--payout', '2'))![1],
    );
    step('event:update', String(eventId), '--payout', '3');
    const pageUrl = 'https://shop.example.test/?tid={tid}';
    const pageId = Number(
      /landing page (\d+) added/.exec(step('landing-page:add', String(offerId), 'Home', pageUrl))![1],
    );
    step('landing-page:update', String(pageId), '--name', 'Start');
    expect(step('landing-page:remove', String(pageId))).toBe(`landing page ${pageId} removed\n`);
    const bannerUrl = 'https://cdn.example.test/banner.png';
    const creativeId = Number(
      /creative (\d+) added/.exec(step('creative:add', String(offerId), 'Banner', 'image', bannerUrl))![1],
    );
    step('creative:update', String(creativeId), '--name', 'Wide banner');
    step('creative:remove', String(creativeId));
    expect(step('offer:grant', String(offerId), String(publisherId))).toBe(
      `publisher ${publisherId} may run offer ${offerId}\n`,
    );
    expect(step('offer:revoke', String(offerId), String(publisherId))).toBe(
      `publisher ${publisherId} no longer has offer ${offerId}\n`,
    );
    // A refusal prints the network's words as before and records nothing.
    const refused = admin('event:update', '99999', '--payout', '1');
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain('no event 99999');

    await withConsole(async (api) => {
      const entries = await auditOf(api, { object_type: 'offer', object_id: String(offerId) });
      expect(entries.map((e) => e.action)).toEqual([
        'offer.create',
        ...Array<string>(6).fill('offer.update'),
        'offer.creative_add',
        'offer.creative_update',
        'offer.creative_remove',
        'offer.grant',
        'offer.revoke',
      ]);
      for (const e of entries) {
        expect(e.actor).toMatch(/^cli:./);
        expect(e).toMatchObject({ operator_id: null, object_type: 'offer', object_id: String(offerId) });
      }
      const [create, update, eventAdd, eventUpdate, pageAdd, pageUpdate, pageRemove] = entries;
      const [creativeAdd, creativeUpdate, creativeRemove, grant, revoke] = entries.slice(7);
      const base = { name: 'Conversion', event_type: 'conversion', payout_type: 'cpa', is_base: true };
      expect(create).toMatchObject({
        before: null,
        after: {
          id: offerId,
          name: 'Terminal Offer',
          advertiser_id: advertiserId,
          visibility: 'private',
          daily_cap: null,
          tags: ['cli'],
          events: [{ ...base, payout: 4 }],
          landing_pages: [],
        },
      });
      expect(update).toMatchObject({
        before: { daily_cap: null, tags: ['cli'], events: [{ payout: 4 }] },
        after: { daily_cap: 50, tags: ['cli', 'summer'], events: [{ ...base, payout: 6 }] },
      });
      const upsell = { id: eventId, name: 'Upsell', event_type: 'upsell', is_base: false };
      expect(eventAdd).toMatchObject({
        before: { events: [{ payout: 6 }] },
        after: { events: [{ payout: 6 }, { ...upsell, payout: 2 }] },
      });
      expect(eventUpdate).toMatchObject({
        before: { events: [{ payout: 6 }, { ...upsell, payout: 2 }] },
        after: { events: [{ payout: 6 }, { ...upsell, payout: 3 }] },
      });
      const page = { id: pageId, url: pageUrl, is_default: true };
      expect(pageAdd).toMatchObject({
        before: { landing_pages: [] },
        after: { landing_pages: [{ ...page, name: 'Home' }] },
      });
      expect(pageUpdate).toMatchObject({
        before: { landing_pages: [{ ...page, name: 'Home' }] },
        after: { landing_pages: [{ ...page, name: 'Start' }] },
      });
      expect(pageRemove).toMatchObject({ before: { landing_pages: [page] }, after: { landing_pages: [] } });
      const banner = { id: creativeId, type: 'image', url: bannerUrl };
      expect(creativeAdd).toMatchObject({ before: null, after: { ...banner, name: 'Banner', uploaded: false } });
      expect(creativeUpdate).toMatchObject({
        before: { ...banner, name: 'Banner' },
        after: { ...banner, name: 'Wide banner' },
      });
      expect(creativeRemove).toMatchObject({ before: { ...banner, name: 'Wide banner' }, after: null });
      expect(grant).toMatchObject({
        before: { publisher_id: publisherId, granted: false },
        after: { publisher_id: publisherId, granted: true },
      });
      expect(revoke).toMatchObject({
        before: { publisher_id: publisherId, granted: true },
        after: { publisher_id: publisherId, granted: false },
      });

      // The console's own save of the offer records the same shape of entry as the CLI's.
      const offer = (await api.get(ADMIN_API_PATHS.offer.replace(':id', String(offerId)))).data as AdminOffer;
      const { id: _id, advertiser_name: _a, creatives: _c, created_at: _t, events, ...fields } = offer;
      const save: AdminOfferSaveRequest = {
        ...fields,
        name: 'Terminal Offer (console)',
        events: events.map(({ is_base: _b, ...e }) => e),
        landing_pages: [{ url: pageUrl }],
      };
      await api.post(ADMIN_API_PATHS.offerUpdate.replace(':id', String(offerId)), save);
      const fromConsole = (await auditOf(api, { object_type: 'offer', object_id: String(offerId) })).at(-1)!;
      expect(fromConsole).toMatchObject({ action: 'offer.update', actor: manager.email });
      expect(Object.keys(fromConsole.before!).sort()).toEqual(Object.keys(eventUpdate!.after!).sort());
      expect(Object.keys(fromConsole.after!).sort()).toEqual(Object.keys(create!.after!).sort());
    });
  }, 600_000);
});
