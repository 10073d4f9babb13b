import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settleEvents } from '../../src/modules/events/events.service.ts';
import { insertBatch } from '../../src/modules/events/click-batches.repository.ts';
import { uuidv7 } from '../../src/modules/tracking/uuid7.ts';
import { localDate } from '../../src/modules/reports/reports.time.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { click, createTrackedOffer, type TrackedOffer } from '../helpers/tracking-factories.ts';

/**
 * Stored click batches (events/click-batches.repository.ts): each group commit stores its clicks as one row, and
 * `settleEvents` (events.service.ts) writes them out to `clicks` and adds them to the rollups —
 * about a second after a batch, before every read, on close, a share per statement — setting aside
 * a batch a column refuses.
 */
let t: TestApp;
let token: string;
let publisherId: number;
let offer: TrackedOffer;
const today = () => localDate('UTC', Date.now());

async function clicks(n: number, from: number): Promise<void> {
  const answers = await Promise.all(
    Array.from({ length: n }, (_, k) =>
      click(t, offer.offerId, publisherId, { s1: `p${(from + k) % 7}` }, { 'user-agent': `visitor ${from + k}` }),
    ),
  );
  for (const a of answers) expect(a.status).toBe(302);
}

const waiting = async (db = t.app.ctx.db) =>
  (
    await sql<{
      n: number;
    }>`SELECT ((SELECT count(*) FROM click_batches) + (SELECT count(*) FROM report_rollup_queue))::int AS n`.execute(db)
  ).rows[0]!.n;
const rolledUp = async () =>
  (
    await sql<{ clicks: number; uniques: number }>`
      SELECT coalesce(sum(clicks), 0)::int AS clicks, coalesce(sum(clicks_unique), 0)::int AS uniques
      FROM report_publisher_rollups WHERE publisher_id = ${publisherId} AND grain = 3`.execute(t.app.ctx.db)
  ).rows[0]!;

beforeAll(async () => {
  t = await createTestApp();
  const pub = await createPublisher(t, { timezone: 'UTC' });
  publisherId = pub.publisherId;
  token = await login(t, pub);
  offer = await createTrackedOffer(t, { payout: 3 });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('stored click batches', () => {
  it('a backlog larger than one statement takes is written out by one settle', async () => {
    // First in the file, so no click of the writer has a settle due. 1,000 stored batches of one
    // click (an outage's backlog, in small): more than twice a statement's share.
    const own = (await createPublisher(t)).publisherId;
    const at = Date.now();
    for (let b = 0; b < 1000; b++) {
      const created = new Date(at + b);
      const row = {
        id: uuidv7(created),
        created_at: created,
        publisher_id: own,
        offer_id: offer.offerId,
        landing_page_id: offer.landingPageIds[0]!,
        s1: 'backlog',
        s2: null,
        s3: null,
        s4: null,
        s5: null,
        pub_click_id: null,
        pub_source: null,
        ip: '192.0.2.1',
        user_agent: `backlog ${b}`,
      };
      await t.app.ctx.db.executeQuery(insertBatch([{ kind: 'click', row }]));
    }
    expect(await waiting()).toBeGreaterThanOrEqual(1000);
    expect(await settleEvents(t.app.ctx.db)).toBeGreaterThanOrEqual(1000);
    expect(await waiting()).toBe(0);
    const raw = await sql<{ n: number; u: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE is_unique)::int AS u FROM clicks WHERE publisher_id = ${own} AND s1 = 'backlog'`.execute(
      t.app.ctx.db,
    );
    expect(raw.rows[0]).toEqual({ n: 1000, u: 1000 });
  });

  it('one a column refuses is set aside with the reason and logged; the others are written out', async () => {
    // Also before any click of the writer: this settle is the one that meets the refused batch.
    const own = (await createPublisher(t)).publisherId;
    const neighbour = (n: number) => {
      const created = new Date(Date.now() + n);
      return insertBatch([
        {
          kind: 'click',
          row: {
            id: uuidv7(created),
            created_at: created,
            publisher_id: own,
            offer_id: offer.offerId,
            landing_page_id: null,
            s1: 'neighbour',
            s2: null,
            s3: null,
            s4: null,
            s5: null,
            pub_click_id: null,
            pub_source: null,
            ip: '192.0.2.2',
            user_agent: `neighbour ${n}`,
          },
        },
      ]);
    };
    await t.app.ctx.db.executeQuery(neighbour(0));
    // A fallback reason the table's check refuses: no click the writer stores can carry one.
    const refused = JSON.stringify([{ t: Date.now(), p: own, n: 'no_such_reason', u: 'https://fallback.example/' }]);
    await sql`INSERT INTO click_batches (clicks, fallbacks) VALUES (NULL, ${refused})`.execute(t.app.ctx.db);
    await t.app.ctx.db.executeQuery(neighbour(1));
    const logged: { obj: object; msg: string }[] = [];
    expect(await settleEvents(t.app.ctx.db, { error: (obj, msg) => logged.push({ obj, msg }) })).toBe(2);
    expect(await waiting()).toBe(0);
    const written = await t.app.ctx.db
      .selectFrom('clicks')
      .select('id')
      .where('publisher_id', '=', own)
      .where('s1', '=', 'neighbour')
      .execute();
    expect(written).toHaveLength(2);
    const aside = await t.app.ctx.db.selectFrom('click_batches_rejected').selectAll().execute();
    expect(aside).toHaveLength(1);
    expect(aside[0]).toMatchObject({ clicks: null, fallbacks: refused });
    expect(aside[0]!.error).toMatch(/check constraint/);
    expect(logged).toEqual([
      { obj: { batch: aside[0]!.id, reason: aside[0]!.error }, msg: expect.stringContaining('set aside') },
    ]);
  });

  it('a refusal no batch causes sets nothing aside: the batches are written out and the error is raised', async () => {
    const own = (await createPublisher(t)).publisherId;
    const created = new Date();
    await t.app.ctx.db.executeQuery(
      insertBatch([
        {
          kind: 'click',
          row: {
            id: uuidv7(created),
            created_at: created,
            publisher_id: own,
            offer_id: offer.offerId,
            landing_page_id: null,
            s1: 'innocent',
            s2: null,
            s3: null,
            s4: null,
            s5: null,
            pub_click_id: null,
            pub_source: null,
            ip: '192.0.2.3',
            user_agent: 'innocent',
          },
        },
      ]),
    );
    // Earnings past what the rollups' numeric(18, 4) holds: the queue row, not the batch, is refused.
    await t.app.ctx.db
      .insertInto('report_rollup_queue')
      .values({
        publisher_ids: [own],
        offer_ids: [offer.offerId],
        landing_page_ids: [null],
        sub_ids: [null],
        created_at: [created],
        uniques: [false],
        event_types: ['conversion'],
        earnings: [1e15],
      })
      .execute();
    try {
      await expect(settleEvents(t.app.ctx.db, { error: () => {} })).rejects.toMatchObject({ code: '22003' });
      const written = await t.app.ctx.db.selectFrom('clicks').select('id').where('publisher_id', '=', own).execute();
      expect(written).toHaveLength(1);
      expect(await t.app.ctx.db.selectFrom('click_batches_rejected').select('id').execute()).toHaveLength(1);
    } finally {
      await sql`DELETE FROM report_rollup_queue WHERE ${own} = ANY (publisher_ids)`.execute(t.app.ctx.db);
    }
    expect(await waiting()).toBe(0);
  });

  it('are written out by the click writer without any read, within a few seconds', async () => {
    await clicks(40, 0);
    expect(await waiting()).toBeGreaterThan(0);
    const deadline = Date.now() + 10_000;
    while ((await waiting()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(await waiting()).toBe(0);
    const raw = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM clicks WHERE publisher_id = ${publisherId}`.execute(t.app.ctx.db);
    expect(raw.rows[0]!.n).toBe(40);
    expect(await rolledUp()).toEqual({ clicks: 40, uniques: 40 });
  });

  it('are written out before a report is read, so the report counts every click committed before it', async () => {
    await clicks(30, 40);
    expect(await waiting()).toBeGreaterThan(0);
    const r = await t.post(
      '/report-total/daily',
      { filters: { date_range: { start: today(), end: today() } } },
      { token },
    );
    expect(r.status).toBe(200);
    expect(r.body.data.clicks).toBe(70);
    // My Offers reads the per-offer rollup, unique clicks included.
    await clicks(10, 70);
    expect(await waiting()).toBeGreaterThan(0);
    const offers = await t.post(
      '/campaign-table',
      { filters: { date_range: { start: today(), end: today() } }, limit: 20 },
      { token },
    );
    expect(offers.status).toBe(200);
    expect(offers.body.data).toEqual([expect.objectContaining({ offer_id: offer.offerId, clicks_unique: 80 })]);
  });

  it('are written out once however many settles run at the same time', async () => {
    const writing = Promise.all([clicks(50, 100), clicks(50, 150), clicks(50, 200)]);
    const settling: Promise<unknown>[] = [];
    for (let i = 0; i < 12; i++) {
      settling.push(settleEvents(t.app.ctx.db));
      settling.push(
        t.post('/report/sub-id', { filters: { date_range: { start: today(), end: today() } }, limit: 20 }, { token }),
      );
      await new Promise((r) => setTimeout(r, 5));
    }
    await writing;
    await Promise.all(settling);
    await settleEvents(t.app.ctx.db);
    const raw = await sql<{ n: number; u: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE is_unique)::int AS u FROM clicks WHERE publisher_id = ${publisherId}`.execute(
      t.app.ctx.db,
    );
    expect(raw.rows[0]).toEqual({ n: 230, u: 230 });
    expect(await rolledUp()).toEqual({ clicks: 230, uniques: 230 });
    const subs = await sql<{ n: number }>`
      SELECT coalesce(sum(clicks), 0)::int AS n FROM report_subid_rollups WHERE publisher_id = ${publisherId} AND grain = 2`.execute(
      t.app.ctx.db,
    );
    expect(subs.rows[0]!.n).toBe(230);
  });

  it('are written out when the server closes', async () => {
    const second = await createTestApp();
    try {
      const pub = await createPublisher(second, { timezone: 'UTC' });
      const o = await createTrackedOffer(second, { payout: 1 });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, k) => click(second, o.offerId, pub.publisherId, {}, { 'user-agent': `v${k}` })),
      );
      expect(answers.every((a) => a.status === 302)).toBe(true);
      const db = second.app.ctx.db;
      // Closing the app leaves the database to the test (the test owns it): nothing may wait.
      await second.app.close();
      expect(await waiting(db)).toBe(0);
      const raw = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM clicks WHERE publisher_id = ${pub.publisherId}`.execute(db);
      expect(raw.rows[0]!.n).toBe(20);
      const rolled = await sql<{ n: number }>`
        SELECT coalesce(sum(clicks), 0)::int AS n FROM report_publisher_rollups WHERE publisher_id = ${pub.publisherId} AND grain = 1`.execute(
        db,
      );
      expect(rolled.rows[0]!.n).toBe(20);
    } finally {
      await second.close();
    }
  });
});
