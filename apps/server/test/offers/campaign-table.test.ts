import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import {
  allPages,
  createAdvertiser,
  createOffer,
  createPrivateOffer,
  insertClicks,
  insertConversion,
  keysetSorted,
} from '../helpers/network-factories.ts';

const ZONE = 'America/Toronto';

/** The calendar day `daysAgo` before today in ZONE, and the UTC instant of a local wall time on it. */
function localDay(daysAgo: number): string {
  const d = new Date(Date.now() - daysAgo * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    d,
  );
}
function at(day: string, time: string): Date {
  // Find the UTC instant whose wall time in ZONE is `day time` (offsets are whole hours here).
  for (const offset of [4, 5]) {
    const guess = new Date(`${day}T${time}Z`);
    const instant = new Date(guess.getTime() + offset * 3_600_000);
    const wall = new Intl.DateTimeFormat('sv-SE', { timeZone: ZONE, dateStyle: 'short', timeStyle: 'medium' }).format(
      instant,
    );
    if (wall === `${day} ${time}`) return instant;
  }
  throw new Error('no such wall time');
}

describe('POST /campaign-table (My Offers)', () => {
  let t: TestApp;
  let token: string;
  let publisherId: number;
  let otherPublisherId: number;
  let otherToken: string;

  beforeAll(async () => {
    t = await createTestApp();
    const p = await createPublisher(t, { timezone: ZONE });
    const o = await createPublisher(t);
    publisherId = p.publisherId;
    otherPublisherId = o.publisherId;
    token = await login(t, p);
    otherToken = await login(t, o);
  });
  afterAll(() => t.close());

  it('answers unique clicks, earnings and EPC over calendar days in the user’s time zone', async () => {
    const tag = `met${crypto.randomBytes(3).toString('hex')}`;
    const o = await createOffer(t, { name: `${tag} one`, payout: 7.25, preview_url: 'https://shop.example/p' });
    const quiet = await createOffer(t, { name: `${tag} two` });
    const day = localDay(3);
    const before = localDay(4);
    const after = localDay(2);
    await insertClicks(t, [
      { publisherId, offerId: o.offerId, at: at(day, '00:00:00'), unique: true },
      { publisherId, offerId: o.offerId, at: at(day, '12:00:00'), unique: true },
      { publisherId, offerId: o.offerId, at: at(day, '12:00:01'), unique: false },
      { publisherId, offerId: o.offerId, at: at(day, '23:59:59'), unique: true },
      // Outside the day in Toronto (though inside it in UTC for the first one).
      { publisherId, offerId: o.offerId, at: at(before, '23:59:59'), unique: true },
      { publisherId, offerId: o.offerId, at: at(after, '00:00:00'), unique: true },
      // Another publisher's clicks never count.
      { publisherId: otherPublisherId, offerId: o.offerId, at: at(day, '12:00:00'), unique: true },
    ]);
    const conv = { publisherId, offerId: o.offerId, advertiserId: o.advertiserId, eventId: o.baseEventId };
    await insertConversion(t, { ...conv, at: at(day, '13:00:00'), payout: 10 });
    await insertConversion(t, { ...conv, at: at(day, '14:00:00'), payout: 5.5 });
    await insertConversion(t, { ...conv, at: at(day, '15:00:00'), payout: 100, status: 'rejected' });
    await insertConversion(t, { ...conv, at: at(before, '23:00:00'), payout: 1000 });
    await insertConversion(t, { ...conv, publisherId: otherPublisherId, at: at(day, '13:00:00'), payout: 50 });

    const r = await t.post(
      '/campaign-table',
      { filters: { date_range: { start: day, end: day } }, search: tag, sort: 'name', order: 1, limit: 20 },
      { token },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      data: [
        {
          offer_id: o.offerId,
          id: o.offerId,
          name: `${tag} one`,
          status: 'active',
          payout: 7.25,
          payout_type: 'cpa',
          clicks: 4,
          clicks_unique: 3,
          epc: 3.875, // 15.5 over 4 clicks (all clicks, docs/reports.md)
          earnings: 15.5,
          preview_url: 'https://shop.example/p',
        },
        {
          offer_id: quiet.offerId,
          id: quiet.offerId,
          name: `${tag} two`,
          status: 'active',
          payout: 10,
          payout_type: 'cpa',
          clicks: 0,
          clicks_unique: 0,
          epc: 0,
          earnings: 0,
          preview_url: null,
        },
      ],
      cursor: { next: null },
    });

    const wide = await t.post(
      '/campaign-table',
      { filters: { date_range: { start: before, end: after } }, search: tag },
      { token },
    );
    expect(wide.body.data[0]).toMatchObject({ clicks_unique: 5, earnings: 1015.5 });

    // Today by default: nothing today yet, then a click now.
    const today = await t.post('/campaign-table', { filters: {}, search: tag }, { token });
    expect(today.body.data[0].clicks_unique).toBe(0);
    await insertClicks(t, [{ publisherId, offerId: o.offerId, at: new Date() }]);
    const now = await t.post('/campaign-table', { search: tag }, { token });
    expect(now.body.data[0].clicks_unique).toBe(1);

    // The other publisher sees its own figures for the same public offer.
    const theirs = await t.post(
      '/campaign-table',
      { filters: { date_range: { start: day, end: day } }, search: `${tag} one` },
      { token: otherToken },
    );
    expect(theirs.body.data[0]).toMatchObject({ clicks_unique: 1, earnings: 50, epc: 50 });
  });

  it('lists only offers the publisher may run, and searches by name or id', async () => {
    const tag = `vis${crypto.randomBytes(3).toString('hex')}`;
    const pub = await createOffer(t, { name: `${tag} Public` });
    const mine = await createPrivateOffer(t, [publisherId], { name: `${tag} Mine` });
    const theirs = await createPrivateOffer(t, [otherPublisherId], { name: `${tag} Theirs` });
    const names = async (tok: string, search: string) =>
      (await allPages(t, '/campaign-table', { filters: {}, search }, tok)).rows.map((r: any) => r.id);
    expect(await names(token, tag)).toEqual([mine.offerId, pub.offerId]);
    expect(await names(otherToken, tag)).toEqual([pub.offerId, theirs.offerId]);
    expect(await names(token, `${tag} mi`.toUpperCase())).toEqual([mine.offerId]);
    expect(await names(token, String(mine.offerId))).toContain(mine.offerId);
    expect(await names(token, String(theirs.offerId))).not.toContain(theirs.offerId);
  });

  describe('sorting and cursors', () => {
    const tag = `srt${crypto.randomBytes(3).toString('hex')}`;
    const offers: {
      id: number;
      name: string;
      payout: number;
      clicks: number;
      clicks_unique: number;
      earnings: number;
      epc: number;
    }[] = [];
    const day = localDay(1);

    beforeAll(async () => {
      const adv = await createAdvertiser(t);
      for (let i = 0; i < 23; i++) {
        const name = `${tag} ${['Beta', 'alpha', 'Gamma', 'delta'][i % 4]}`;
        const payout = [5, 2.5, 5, 10][i % 4]!;
        const o = await createOffer(t, { advertiser_id: adv.id, name, payout });
        const unique = i % 3;
        const clicks = unique + (i % 2);
        await insertClicks(
          t,
          Array.from({ length: clicks }, (_, k) => ({
            publisherId,
            offerId: o.offerId,
            at: at(day, `10:00:0${k}`),
            unique: k < unique,
          })),
        );
        const earnings = (i % 4) * 2.5;
        if (earnings > 0 && clicks > 0) {
          await insertConversion(t, {
            publisherId,
            offerId: o.offerId,
            advertiserId: adv.id,
            eventId: o.baseEventId,
            at: at(day, '11:00:00'),
            payout: earnings,
          });
        }
        const earned = clicks > 0 ? earnings : 0;
        offers.push({
          id: o.offerId,
          name,
          payout,
          clicks,
          clicks_unique: unique,
          earnings: earned,
          epc: clicks > 0 ? Math.round((earned / clicks) * 10_000) / 10_000 : 0,
        });
      }
    });

    const keys: [string, (o: (typeof offers)[number]) => string | number][] = [
      ['name', (o) => o.name.toLowerCase()],
      ['payout', (o) => o.payout],
      ['clicks', (o) => o.clicks],
      ['clicks_unique', (o) => o.clicks_unique],
      ['epc', (o) => o.epc],
      ['earnings', (o) => o.earnings],
    ];
    for (const [sort, key] of keys) {
      for (const order of [1, -1] as const) {
        it(`sorts by ${sort} ${order === 1 ? 'ascending' : 'descending'} across pages with ties`, async () => {
          const body = { filters: { date_range: { start: day, end: day } }, search: tag, sort, order, limit: 4 };
          const { rows, pages } = await allPages(t, '/campaign-table', body, token);
          expect(pages).toBe(6);
          expect(rows.map((r: any) => r.id)).toEqual(keysetSorted(offers, key, (o) => o.id, order).map((o) => o.id));
          for (const r of rows as any[]) {
            const o = offers.find((x) => x.id === r.id)!;
            expect({
              clicks: r.clicks,
              clicks_unique: r.clicks_unique,
              earnings: r.earnings,
              epc: r.epc,
              payout: r.payout,
            }).toEqual({
              clicks: o.clicks,
              clicks_unique: o.clicks_unique,
              earnings: o.earnings,
              epc: o.epc,
              payout: o.payout,
            });
          }
        });
      }
    }

    it('uses page size 20 and name ascending by default', async () => {
      const r = await t.post(
        '/campaign-table',
        { filters: { date_range: { start: day, end: day } }, search: tag },
        { token },
      );
      expect(r.body.data).toHaveLength(20);
      expect(r.body.data.map((x: any) => x.id)).toEqual(
        keysetSorted(
          offers,
          (o) => o.name.toLowerCase(),
          (o) => o.id,
          1,
        )
          .slice(0, 20)
          .map((o) => o.id),
      );
      expect(r.body.cursor.next).toEqual(expect.any(String));
    });

    it('refuses unknown sorts, bad ranges and malformed or foreign cursors with 422', async () => {
      const base = { filters: { date_range: { start: day, end: day } }, search: tag };
      for (const body of [
        { ...base, sort: 'clicks_all' },
        { ...base, sort: 'name; DROP TABLE offers' },
        { ...base, order: 0 },
        { ...base, filters: { date_range: { start: day, end: localDay(5) } } },
        { ...base, filters: { date_range: { start: '2026-02-30', end: '2026-03-01' } } },
        { ...base, filters: { date_range: { start: 'yesterday', end: day } } },
        { ...base, filters: { offer: 1 } },
        { ...base, filters: { date_range: { start: '2020-01-01', end: day } } },
        { ...base, cursor: 'definitely-not-a-cursor' },
      ]) {
        const r = await t.post('/campaign-table', body, { token });
        expect(r.status, JSON.stringify(body)).toBe(422);
      }
      const page = await t.post('/campaign-table', { ...base, sort: 'earnings', limit: 4 }, { token });
      const foreign = await t.post(
        '/campaign-table',
        { ...base, sort: 'payout', limit: 4, cursor: page.body.cursor.next },
        { token },
      );
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors.cursor.code).toBe('0x4010');
    });
  });
});
