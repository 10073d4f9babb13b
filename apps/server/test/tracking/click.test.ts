import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import { click, clearTrackingCache, createTrackedOffer, settle } from '../helpers/tracking-factories.ts';
import { testDbKind } from '../helpers/test-db.ts';

describe('click redirect', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRACKING_FALLBACK_URL: 'https://network.example/no-offer' });
  });
  afterAll(() => t.close());

  const clickRow = async (tid: string) => {
    await settle(t);
    return t.app.ctx.db.selectFrom('clicks').selectAll().where('id', '=', tid).executeTakeFirstOrThrow();
  };
  const fallbacks = async (offerId: number) => {
    await settle(t);
    return t.app.ctx.db
      .selectFrom('click_fallbacks')
      .selectAll()
      .where('offer_id', '=', offerId)
      .orderBy('id')
      .execute();
  };

  it('stores the click before redirecting to the default landing page with every macro filled and encoded', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, {
      landingUrls: [
        'https://shop.example/l?clickid={tid}&o={offer_id}&p={pub_id}&a={s1}&b={s2}&c={s3}&d={s4}&e={s5}&src={pub_source}&pc={pub_click_id}&x={unknown}',
      ],
    });
    const r = await click(t, offer.offerId, pub.publisherId, {
      s1: 'a b&c',
      s2: '{tid}',
      s3: '3',
      s4: '4',
      s5: '5',
      pub_source: 'news',
      pub_click_id: 'PC#1',
      extra: 'ignored',
    });
    expect(r.status).toBe(302);
    expect(r.tid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    const u = new URL(r.location!);
    expect(u.host).toBe('shop.example');
    expect(Object.fromEntries(u.searchParams)).toEqual({
      clickid: r.tid,
      o: String(offer.offerId),
      p: String(pub.publisherId),
      a: 'a b&c',
      b: '{tid}',
      c: '3',
      d: '4',
      e: '5',
      src: 'news',
      pc: 'PC#1',
      x: '{unknown}',
    });
    const row = await clickRow(r.tid!);
    expect(row).toMatchObject({
      publisher_id: pub.publisherId,
      offer_id: offer.offerId,
      landing_page_id: offer.landingPageIds[0],
      s1: 'a b&c',
      s2: '{tid}',
      pub_source: 'news',
      pub_click_id: 'PC#1',
      is_unique: true,
      has_conversion: false,
      ip: '127.0.0.1',
    });
  });

  it('stores a click whose sub IDs carry NUL characters, without them (a NUL would fail the whole batch)', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const [r, neighbour] = await Promise.all([
      click(t, offer.offerId, pub.publisherId, { s1: 'a\u0000b', pub_source: '\u0000src' }),
      click(t, offer.offerId, pub.publisherId, { s1: 'plain' }),
    ]);
    expect(r.status).toBe(302);
    expect(neighbour.status).toBe(302);
    const row = await clickRow(r.tid!);
    expect([row.s1, row.pub_source]).toEqual(['ab', 'src']);
    expect((await clickRow(neighbour.tid!)).s1).toBe('plain');
  });

  it('chooses the landing page by cr, else the default', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, {
      landingUrls: ['https://a.example/?t={tid}', 'https://b.example/?t={tid}'],
    });
    expect(
      new URL((await click(t, offer.offerId, pub.publisherId, { cr: String(offer.landingPageIds[1]) })).location!).host,
    ).toBe('b.example');
    expect(new URL((await click(t, offer.offerId, pub.publisherId, { cr: '999999' })).location!).host).toBe(
      'a.example',
    );
    const other = await createTrackedOffer(t);
    expect(
      new URL((await click(t, offer.offerId, pub.publisherId, { cr: String(other.landingPageIds[0]) })).location!).host,
    ).toBe('a.example');
  });

  it('sets the click cookie for the pixel, and security headers still apply', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const r = await fetch(`${t.url}/c/${offer.offerId}/${pub.publisherId}`, { redirect: 'manual' });
    expect(r.status).toBe(302);
    expect(r.headers.get('set-cookie')).toMatch(/^ptid=[0-9a-f-]{36}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax$/);
    expect(r.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(r.headers.get('x-content-type-options')).toBe('nosniff');
    expect(r.headers.get('cache-control')).toBe('no-store');
  });

  it('unique click: first from the same IP + user agent for publisher and offer within 24 h', async () => {
    const pub = await createPublisher(t);
    const other = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const ua = { 'user-agent': 'UA-unique-test' };
    const a = await click(t, offer.offerId, pub.publisherId, {}, ua);
    const b = await click(t, offer.offerId, pub.publisherId, {}, ua);
    const c = await click(t, offer.offerId, pub.publisherId, {}, { 'user-agent': 'another' });
    const d = await click(t, offer.offerId, other.publisherId, {}, ua);
    expect((await clickRow(a.tid!)).is_unique).toBe(true);
    expect((await clickRow(b.tid!)).is_unique).toBe(false);
    expect((await clickRow(c.tid!)).is_unique).toBe(true);
    expect((await clickRow(d.tid!)).is_unique).toBe(true);
    // 24 h later the window starts again.
    await t.app.ctx.db
      .updateTable('click_uniques')
      .set({ window_start: new Date(Date.now() - 25 * 3600_000) })
      .where('publisher_id', '=', pub.publisherId)
      .execute();
    const e = await click(t, offer.offerId, pub.publisherId, {}, ua);
    expect((await clickRow(e.tid!)).is_unique).toBe(true);
  });

  it('falls back with the reason recorded', async () => {
    const pub = await createPublisher(t);
    const pending = await createPublisher(t, { status: 'pending' });
    const cases: [
      string,
      () => Promise<{ offerId: number; publisherId: number | string; expected: string; location: string }>,
    ][] = [
      [
        'unknown offer',
        async () => ({
          offerId: 987654,
          publisherId: pub.publisherId,
          expected: 'unknown_offer',
          location: 'https://network.example/no-offer',
        }),
      ],
      [
        'unknown publisher',
        async () => ({
          offerId: (await createTrackedOffer(t)).offerId,
          publisherId: 987654,
          expected: 'unknown_publisher',
          location: 'https://fallback.example/offer',
        }),
      ],
      [
        'non-numeric publisher',
        async () => ({
          offerId: (await createTrackedOffer(t)).offerId,
          publisherId: 'abc',
          expected: 'unknown_publisher',
          location: 'https://fallback.example/offer',
        }),
      ],
      [
        'inactive publisher',
        async () => ({
          offerId: (await createTrackedOffer(t)).offerId,
          publisherId: pending.publisherId,
          expected: 'inactive_publisher',
          location: 'https://fallback.example/offer',
        }),
      ],
      [
        'paused offer',
        async () => ({
          offerId: (await createTrackedOffer(t, { status: 'paused' })).offerId,
          publisherId: pub.publisherId,
          expected: 'offer_paused',
          location: 'https://fallback.example/offer',
        }),
      ],
      [
        'expired offer',
        async () => ({
          offerId: (await createTrackedOffer(t, { status: 'expired' })).offerId,
          publisherId: pub.publisherId,
          expected: 'offer_expired',
          location: 'https://fallback.example/offer',
        }),
      ],
      [
        'offer past its expiry date',
        async () => ({
          offerId: (await createTrackedOffer(t, { expire_date: '2020-01-01' })).offerId,
          publisherId: pub.publisherId,
          expected: 'offer_expired',
          location: 'https://fallback.example/offer',
        }),
      ],
      [
        'pending offer',
        async () => ({
          offerId: (await createTrackedOffer(t, { status: 'pending' })).offerId,
          publisherId: pub.publisherId,
          expected: 'offer_pending',
          location: 'https://fallback.example/offer',
        }),
      ],
      [
        'private offer not granted',
        async () => ({
          offerId: (await createTrackedOffer(t, { is_public: false })).offerId,
          publisherId: pub.publisherId,
          expected: 'offer_not_allowed',
          location: 'https://fallback.example/offer',
        }),
      ],
      [
        'no offer fallback URL',
        async () => ({
          offerId: (await createTrackedOffer(t, { status: 'paused', fallback_url: null })).offerId,
          publisherId: pub.publisherId,
          expected: 'offer_paused',
          location: 'https://network.example/no-offer',
        }),
      ],
    ];
    for (const [name, make] of cases) {
      const c = await make();
      const r = await click(t, c.offerId, c.publisherId, { s1: 'fb' });
      expect(r.status, name).toBe(302);
      expect(r.location, name).toBe(c.location);
      expect(r.cookie, name).toBeNull();
      const rows = await fallbacks(c.offerId);
      expect(rows.at(-1)?.reason, name).toBe(c.expected);
      expect(rows.at(-1)?.s1, name).toBe('fb');
    }
    await settle(t);
    const stored = await t.app.ctx.db
      .selectFrom('clicks')
      .select('id')
      .where('publisher_id', '=', pending.publisherId)
      .execute();
    expect(stored).toHaveLength(0);
  });

  it('falls back, never a 500, for ids no id column can hold', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const bigOffer = await click(t, '2147483648', pub.publisherId, { s1: 'huge-offer' });
    expect(bigOffer.status).toBe(302);
    expect(bigOffer.location).toBe('https://network.example/no-offer');
    const bigPublisher = await click(t, offer.offerId, '9999999999', { s1: 'huge-publisher' });
    expect(bigPublisher.status).toBe(302);
    expect(bigPublisher.location).toBe('https://fallback.example/offer');
    await settle(t);
    const rows = await t.app.ctx.db
      .selectFrom('click_fallbacks')
      .select(['s1', 'reason', 'offer_id', 'publisher_id'])
      .where('s1', 'in', ['huge-offer', 'huge-publisher'])
      .orderBy('s1')
      .execute();
    expect(rows).toEqual([
      { s1: 'huge-offer', reason: 'unknown_offer', offer_id: null, publisher_id: pub.publisherId },
      { s1: 'huge-publisher', reason: 'unknown_publisher', offer_id: offer.offerId, publisher_id: null },
    ]);
  });

  it('a granted private offer runs', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, { is_public: false, allowedPublishers: [pub.publisherId] });
    const r = await click(t, offer.offerId, pub.publisherId);
    expect(r.location).toMatch(/^https:\/\/shop\.example\//);
  });

  it('answers 503, never a 302, when the click cannot be stored', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    clearTrackingCache(t);
    // The table the click's own statement writes: the stored batches on PostgreSQL; on PGlite the
    // batch is written through (the unique windows are the first table it touches).
    const table = sql.table(testDbKind() === 'postgres' ? 'click_batches' : 'click_uniques');
    const away = sql.table('click_table_away');
    await sql`ALTER TABLE ${table} RENAME TO ${away}`.execute(t.app.ctx.db);
    try {
      const r = await click(t, offer.offerId, pub.publisherId, { s1: 'lost' });
      expect(r.status).toBe(503);
      expect(r.location).toBeNull();
    } finally {
      await sql`ALTER TABLE ${away} RENAME TO ${table}`.execute(t.app.ctx.db);
    }
    await settle(t);
    const stored = await t.app.ctx.db.selectFrom('clicks').select('id').where('s1', '=', 'lost').execute();
    expect(stored).toHaveLength(0);
    expect((await click(t, offer.offerId, pub.publisherId)).status).toBe(302);
  });
});
