import crypto from 'node:crypto';
import { eventsService } from '../../src/modules/events/events.service.ts';
import { expect } from 'vitest';
import { networkService, type NewOffer } from '../../src/modules/offers/network-catalogue.service.ts';
import type { ApiAnswer, TestApp } from './test-app.ts';

let counter = 0;
const uniq = () => `${++counter}-${crypto.randomBytes(2).toString('hex')}`;

/** An advertiser; answers its id and conversion API token. */
export async function createAdvertiser(t: TestApp, opts: { name?: string } = {}) {
  return networkService.createAdvertiser(t.app.ctx.db, { name: opts.name ?? `Advertiser ${uniq()}` });
}

export interface OfferFixture {
  offerId: number;
  advertiserId: number;
  baseEventId: number;
}

/** An offer (public unless said otherwise) with its base event; an advertiser is made when none is given. */
export async function createOffer(t: TestApp, opts: Partial<NewOffer> = {}): Promise<OfferFixture> {
  const advertiserId = opts.advertiser_id ?? (await createAdvertiser(t)).id;
  const offerId = await networkService.createOffer(t.app.ctx.db, {
    name: `Offer ${uniq()}`,
    payout: 10,
    ...opts,
    advertiser_id: advertiserId,
  });
  const { events } = await networkService.describeOffer(t.app.ctx.db, offerId);
  return { offerId, advertiserId, baseEventId: events.find((e) => e.is_base)!.id };
}

/** A private offer granted to the given publishers only. */
export async function createPrivateOffer(
  t: TestApp,
  publisherIds: number[],
  opts: Partial<NewOffer> = {},
): Promise<OfferFixture> {
  const o = await createOffer(t, { ...opts, is_public: false });
  for (const p of publisherIds) await networkService.grant(t.app.ctx.db, p, o.offerId);
  return o;
}

export const addLandingPage = (
  t: TestApp,
  offerId: number,
  opts: { name?: string; url?: string; is_default?: boolean } = {},
) =>
  networkService.addLandingPage(t.app.ctx.db, {
    offer_id: offerId,
    name: opts.name ?? `Landing ${uniq()}`,
    url: opts.url ?? 'https://shop.example/landing?clickid={tid}',
    ...(opts.is_default !== undefined ? { is_default: opts.is_default } : {}),
  });

export const addEvent = (
  t: TestApp,
  offerId: number,
  opts: {
    name?: string;
    event_type?: 'conversion' | 'partial' | 'upsell';
    payout?: number;
    payout_type?: 'cpa' | 'revshare';
  } = {},
) => networkService.addEvent(t.app.ctx.db, { offer_id: offerId, name: opts.name ?? `Event ${uniq()}`, ...opts });

export const addCreative = (
  t: TestApp,
  offerId: number,
  opts: { name?: string; type?: 'image' | 'video' | 'audio' | 'link' | 'flash' | 'text' | 'html'; url?: string } = {},
) =>
  networkService.addCreative(t.app.ctx.db, {
    offer_id: offerId,
    name: opts.name ?? `Creative ${uniq()}`,
    type: opts.type ?? 'image',
    url: opts.url ?? 'https://cdn.example/banner.png',
  });

/** A postback row written straight through the database (for list tests that need many). */
export async function insertPostback(
  t: TestApp,
  publisherId: number,
  v: Partial<{
    name: string;
    status: 'active' | 'inactive';
    type: 'postback' | 'pixel';
    value: string;
    offer_id: number | null;
    event_id: number | null;
  }> = {},
): Promise<number> {
  const row = await t.app.ctx.db
    .insertInto('postbacks')
    .values({
      publisher_id: publisherId,
      name: v.name ?? `Postback ${uniq()}`,
      status: v.status ?? 'active',
      type: v.type ?? 'postback',
      value: v.value ?? 'https://tracker.example/pb?cid={pub_click_id}',
      offer_id: v.offer_id ?? null,
      event_id: v.event_id ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Follows `cursor.next` to the end of a list call; checks each page's size and that it ends. */
export async function allPages<T = any>(
  t: TestApp,
  path: string,
  body: Record<string, unknown>,
  token: string,
  maxPages = 100,
): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  for (let pages = 1; pages <= maxPages; pages++) {
    const r: ApiAnswer = await t.post(path, cursor ? { ...body, cursor } : body, { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const limit = (body['limit'] as number | undefined) ?? 20;
    expect(r.body.data.length).toBeLessThanOrEqual(limit);
    rows.push(...(r.body.data as T[]));
    cursor = r.body.cursor.next;
    if (cursor === null) return { rows, pages };
    expect(r.body.data.length).toBe(limit);
  }
  throw new Error('list did not end');
}

/** Expected keyset order: by key then id, both in the given direction. */
export function keysetSorted<T>(rows: T[], key: (r: T) => string | number, id: (r: T) => number, order: 1 | -1): T[] {
  return [...rows].sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    const c = ka < kb ? -1 : ka > kb ? 1 : id(a) - id(b);
    return c * order;
  });
}

/**
 * Raw tracking events for list metrics tests, counted into the report rollups by the ingestion
 * hooks as the tracking engine does. (The demo data and the round-trip tests go through the
 * tracking engine; these only need rows with known times and payouts.)
 */
export async function insertClicks(
  t: TestApp,
  rows: { publisherId: number; offerId: number; at: Date; unique?: boolean }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const values = rows.map((r) => ({
    id: crypto.randomUUID(),
    created_at: r.at,
    publisher_id: r.publisherId,
    offer_id: r.offerId,
    landing_page_id: null,
    is_unique: r.unique ?? true,
  }));
  await t.app.ctx.db.insertInto('clicks').values(values).execute();
  await eventsService.countClicks(
    t.app.ctx.db,
    values.map((v) => ({ ...v, s1: null })),
  );
  return values.map((v) => v.id);
}

export async function insertConversion(
  t: TestApp,
  r: {
    publisherId: number;
    offerId: number;
    advertiserId: number;
    eventId: number;
    at: Date;
    payout: number;
    /** What the advertiser pays for it; 0 when absent. */
    revenue?: number;
    status?: 'approved' | 'pending' | 'rejected';
  },
): Promise<void> {
  const id = crypto.randomUUID();
  await t.app.ctx.db
    .insertInto('conversions')
    .values({
      id,
      created_at: r.at,
      publisher_id: r.publisherId,
      offer_id: r.offerId,
      advertiser_id: r.advertiserId,
      event_id: r.eventId,
      event_type: 'conversion',
      landing_page_id: null,
      click_id: crypto.randomUUID(),
      click_created_at: r.at,
      status: r.status ?? 'approved',
      payout: r.payout,
      revenue: r.revenue ?? 0,
      payout_type: 'cpa',
      sale_amount: null,
      adv_transaction_id: null,
      adv_s1: null,
      adv_s2: null,
      adv_s3: null,
      adv_s4: null,
      adv_s5: null,
      s1: null,
      s2: null,
      s3: null,
      s4: null,
      s5: null,
      pub_click_id: null,
      pub_source: null,
    })
    .execute();
  await eventsService.queueConversion(t.app.ctx.db, {
    created_at: r.at,
    publisher_id: r.publisherId,
    offer_id: r.offerId,
    landing_page_id: null,
    event_type: 'conversion',
    payout: r.payout,
    revenue: r.revenue ?? 0,
    s1: null,
    status: r.status ?? 'approved',
  });
}
