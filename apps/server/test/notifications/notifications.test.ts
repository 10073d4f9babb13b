import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, type ApiAnswer, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { notificationsService } from '../../src/modules/notifications/notifications.service.ts';

let t: TestApp;
let a: { publisherId: number; token: string };
let b: { publisherId: number; token: string };

const EVIL = [
  '<img src=x onerror="alert(1)">',
  '<svg onload="alert(1)"><circle/></svg>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="https://ok.test/x">fine</a>',
  '<script>alert(1)</script>',
  '<iframe src="https://evil.test"></iframe>',
  '<p style="background:url(javascript:alert(1))" onclick="x()">text</p>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>',
  `${'<div>'.repeat(1000)}deep${'</div>'.repeat(1000)}`,
].join('');

function assertSafe(html: string) {
  expect(html).not.toMatch(/onerror|onload|onclick|javascript:|<script|<svg|<iframe|<math|style=/i);
}

beforeAll(async () => {
  t = await createTestApp();
  const pa = await createPublisher(t);
  const pb = await createPublisher(t);
  a = { publisherId: pa.publisherId, token: await login(t, pa) };
  b = { publisherId: pb.publisherId, token: await login(t, pb) };
  // 25 notifications sharing one sent_at (ties), some urgent, some read.
  const sentAt = new Date('2026-10-01T12:00:00Z');
  await t.app.ctx.db
    .insertInto('notifications')
    .values(
      Array.from({ length: 25 }, (_, i) => ({
        publisher_id: a.publisherId,
        summary: `Notice ${i}${i % 5 === 0 ? ' payout' : ''}`,
        description: `<p>Body ${i}</p>`,
        urgent: i % 4 === 0,
        is_read: i % 3 === 0,
        sent_at: sql`${sentAt.toISOString()}::timestamptz`,
      })),
    )
    .execute();
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('notifications', () => {
  it('sanitize HTML before it is stored (B6, server side)', async () => {
    await notificationsService.create(t.app.ctx, {
      publishers: a.publisherId,
      summary: 'Evil',
      description: EVIL,
      urgent: true,
      offerId: null,
    });
    const row = await t.app.ctx.db
      .selectFrom('notifications')
      .select(['id', 'description'])
      .where('summary', '=', 'Evil')
      .executeTakeFirstOrThrow();
    assertSafe(row.description);
    expect(row.description).toContain('href="https://ok.test/x"');
    expect(row.description).toContain('rel="noopener noreferrer nofollow"');
    const r = await t.post('/notifications/get-notification-by-id', { notification_id: row.id }, { token: a.token });
    expect(r.status).toBe(200);
    assertSafe(r.body.data.description);
  });

  it('sanitize rows written by other code when they are read', async () => {
    const raw = await t.app.ctx.db
      .insertInto('notifications')
      .values({
        publisher_id: a.publisherId,
        summary: 'Raw',
        description: EVIL,
        kind: 'campaign_90_cap',
        context_domain: 'offer',
        context_id: 7,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const r = await t.post('/notifications/get-notification-by-id', { notification_id: raw.id }, { token: a.token });
    assertSafe(r.body.data.description);
    expect(r.body.data.context_domain).toBe('offer');
    expect(r.body.data.context_id).toBe(7);
  });

  it('page the table by cursor through equal send times, with read, urgent and search filters', async () => {
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const r: ApiAnswer = await t.post(
        '/notifications/get-notification-table-data',
        { filter_is_read: null, filter_is_urgent: null, search: '', limit: 7, ...(cursor ? { cursor } : {}) },
        { token: a.token },
      );
      expect(r.status).toBe(200);
      seen.push(...r.body.data.map((n: { notification_id: number }) => n.notification_id));
      cursor = r.body.cursor.next;
    } while (cursor);
    expect(seen.length).toBe(27);
    expect(new Set(seen).size).toBe(27);
    const unreadUrgent = await t.post(
      '/notifications/get-notification-table-data',
      { filter_is_read: false, filter_is_urgent: true, limit: 100 },
      { token: a.token },
    );
    for (const n of unreadUrgent.body.data) expect(n.is_read === false && n.urgent === true).toBe(true);
    expect(unreadUrgent.body.data.length).toBe(
      Array.from({ length: 25 }, (_, i) => i).filter((i) => i % 4 === 0 && i % 3 !== 0).length + 1,
    );
    const search = await t.post(
      '/notifications/get-notification-table-data',
      { search: 'payout', limit: 100 },
      { token: a.token },
    );
    expect(search.body.data).toHaveLength(5);
    const pct = await t.post(
      '/notifications/get-notification-table-data',
      { search: '%', limit: 100 },
      { token: a.token },
    );
    expect(pct.body.data).toHaveLength(0);
  });

  it('list unread ones for the bell and mark one read', async () => {
    const before = await t.post('/notifications/get-notification-modal-data', {}, { token: a.token });
    expect(before.status).toBe(200);
    for (const n of before.body.data) expect(n.is_read).toBe(false);
    const id = before.body.data[0].notification_id;
    const read = await t.post(
      '/notifications/set-notification-as-read-by-id',
      { notification_id: id },
      { token: a.token },
    );
    expect(read.body.data.is_read).toBe(true);
    const after = await t.post('/notifications/get-notification-modal-data', undefined, { token: a.token });
    expect(after.body.data.map((n: { notification_id: number }) => n.notification_id)).not.toContain(id);
  });

  it('answer 404 for another publisher’s notification and never list it (A1)', async () => {
    const mine = await t.post('/notifications/get-notification-table-data', { limit: 1 }, { token: a.token });
    const id = mine.body.data[0].notification_id;
    expect(
      (await t.post('/notifications/get-notification-by-id', { notification_id: id }, { token: b.token })).status,
    ).toBe(404);
    expect(
      (await t.post('/notifications/set-notification-as-read-by-id', { notification_id: id }, { token: b.token }))
        .status,
    ).toBe(404);
    expect(
      (await t.post('/notifications/get-notification-by-id', { notification_id: 999999 }, { token: a.token })).status,
    ).toBe(404);
    const list = await t.post('/notifications/get-notification-table-data', { limit: 100 }, { token: b.token });
    expect(list.body.data).toEqual([]);
    expect((await t.post('/notifications/get-notification-modal-data', {}, { token: b.token })).body.data).toEqual([]);
  });

  it('answer 422 for a malformed cursor or unknown fields', async () => {
    expect(
      (await t.post('/notifications/get-notification-table-data', { cursor: 'x!' }, { token: a.token })).status,
    ).toBe(422);
    expect(
      (await t.post('/notifications/get-notification-table-data', { filter_x: 1 }, { token: a.token })).status,
    ).toBe(422);
  });

  it('broadcast to every active publisher, once per dedup key', async () => {
    const n = await notificationsService.create(t.app.ctx, {
      publishers: 'all',
      summary: 'Maintenance tonight',
      description: '<b>22:00 UTC</b>',
      dedupKey: 'maint-1',
    });
    expect(n).toBeGreaterThanOrEqual(2);
    expect(
      await notificationsService.create(t.app.ctx, {
        publishers: 'all',
        summary: 'Maintenance tonight',
        dedupKey: 'maint-1',
      }),
    ).toBe(0);
    const r = await t.post('/notifications/get-notification-modal-data', {}, { token: b.token });
    expect(r.body.data.map((x: { summary: string }) => x.summary)).toContain('Maintenance tonight');
  });

  it('name what a notice is about as its target: offer (also the spec’s context), postback or invoice', async () => {
    const about = [
      { summary: 'About an offer', offerId: 41 },
      { summary: 'About a postback', context: { domain: 'postback' as const, id: 42 } },
      { summary: 'About an invoice', context: { domain: 'invoice' as const, id: 43 } },
      { summary: 'About nothing' },
    ];
    for (const n of about) await notificationsService.create(t.app.ctx, { publishers: b.publisherId, ...n });
    const r = await t.post('/notifications/get-notification-table-data', { search: 'About ' }, { token: b.token });
    type Shown = { summary: string; context_domain: unknown; context_id: unknown; target: unknown };
    const bySummary = Object.fromEntries((r.body.data as Shown[]).map((n) => [n.summary, n] as const));
    const shape = (s: string) => {
      const n = bySummary[s]!;
      return { context_domain: n.context_domain, context_id: n.context_id, target: n.target };
    };
    expect(shape('About an offer')).toEqual({
      context_domain: 'offer',
      context_id: 41,
      target: { domain: 'offer', id: 41 },
    });
    expect(shape('About a postback')).toEqual({
      context_domain: null,
      context_id: null,
      target: { domain: 'postback', id: 42 },
    });
    expect(shape('About an invoice')).toEqual({
      context_domain: null,
      context_id: null,
      target: { domain: 'invoice', id: 43 },
    });
    expect(shape('About nothing')).toEqual({ context_domain: null, context_id: null, target: null });
    // The database holds no other kind of context.
    await expect(
      t.app.ctx.db
        .insertInto('notifications')
        .values({
          publisher_id: b.publisherId,
          summary: 'x',
          context_domain: 'report' as 'offer',
          context_id: 1,
        })
        .execute(),
    ).rejects.toThrow();
  });
});
