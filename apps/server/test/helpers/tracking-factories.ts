import crypto from 'node:crypto';
import { Agent, fetch } from 'undici';
import { sha256 } from '../../src/lib/tokens.ts';
import type { ConversionMethod, EventType, PayoutType } from '../../src/db/types.ts';
import { trackingEngine } from '../../src/modules/tracking/tracking-engine.ts';
import { settleEvents } from '../../src/modules/events/events.service.ts';
import type { TestApp } from './test-app.ts';

let counter = 0;

/** Tracking calls share a bounded pool, like a load balancer in front of the tracker would. */
export const trackingClient = new Agent({ connections: 128, keepAliveTimeout: 2000 });
const uniq = () => `${++counter}-${crypto.randomBytes(2).toString('hex')}`;

export interface TrackedOffer {
  offerId: number;
  advertiserId: number;
  /** The advertiser's conversion API token. */
  token: string;
  /** The advertiser's pixel signing secret. */
  pixelSecret: string;
  baseEventId: number;
  /** Event ids by name (the base event is 'Sale'). */
  events: Record<string, number>;
  landingPageIds: number[];
}

export interface TrackedOfferOptions {
  name?: string;
  status?: 'active' | 'ready' | 'paused' | 'expired' | 'pending';
  expire_date?: string | null;
  payout?: number;
  payout_type?: PayoutType;
  daily_cap?: number | null;
  monthly_cap?: number | null;
  cap_scope?: 'global' | 'publisher';
  fallback_url?: string | null;
  lookback_days?: number;
  is_public?: boolean;
  /** Default 'postback' (pixels refused), as for a new offer. */
  conversion_method?: ConversionMethod;
  allowedPublishers?: number[];
  /** Landing page URLs; the first is the default. */
  landingUrls?: string[];
  /** Extra events besides the base 'Sale'. */
  extraEvents?: {
    name: string;
    event_type: EventType;
    payout: number;
    payout_type?: PayoutType;
    revenue?: number;
    revenue_type?: PayoutType;
  }[];
  /** What the advertiser pays for the base event (amount); 0 when absent. */
  revenue?: number;
  advertiser?: TrackingAdvertiser;
}

export interface TrackingAdvertiser {
  id: number;
  token: string;
  pixelSecret: string;
}

/** An advertiser with its API token (only the hash is stored) and pixel signing secret. */
export async function createTrackingAdvertiser(t: TestApp): Promise<TrackingAdvertiser> {
  const token = crypto.randomBytes(24).toString('base64url');
  const pixelSecret = `pxs_${crypto.randomBytes(24).toString('base64url')}`;
  const row = await t.app.ctx.db
    .insertInto('advertisers')
    .values({ name: `Advertiser ${uniq()}`, api_token_hash: sha256(token), pixel_secret: pixelSecret })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token, pixelSecret };
}

/** An offer with a base event, landing pages and optional extra events (direct inserts). */
export async function createTrackedOffer(t: TestApp, o: TrackedOfferOptions = {}): Promise<TrackedOffer> {
  const db = t.app.ctx.db;
  const adv = o.advertiser ?? (await createTrackingAdvertiser(t));
  const payout = o.payout ?? 10;
  const payoutType = o.payout_type ?? 'cpa';
  const offer = await db
    .insertInto('offers')
    .values({
      advertiser_id: adv.id,
      name: o.name ?? `Offer ${uniq()}`,
      status: o.status ?? 'active',
      expire_date: o.expire_date ?? null,
      payout,
      payout_type: payoutType,
      daily_cap: o.daily_cap ?? null,
      monthly_cap: o.monthly_cap ?? null,
      cap_scope: o.cap_scope ?? 'global',
      fallback_url: o.fallback_url === undefined ? 'https://fallback.example/offer' : o.fallback_url,
      lookback_days: o.lookback_days ?? 30,
      is_public: o.is_public ?? true,
      conversion_method: o.conversion_method ?? 'postback',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const base = await db
    .insertInto('offer_events')
    .values({
      offer_id: offer.id,
      name: 'Sale',
      event_type: 'conversion',
      payout,
      payout_type: payoutType,
      revenue: o.revenue ?? 0,
      is_base: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const events: Record<string, number> = { Sale: base.id };
  for (const e of o.extraEvents ?? []) {
    const r = await db
      .insertInto('offer_events')
      .values({
        offer_id: offer.id,
        name: e.name,
        event_type: e.event_type,
        payout: e.payout,
        payout_type: e.payout_type ?? 'cpa',
        revenue: e.revenue ?? 0,
        revenue_type: e.revenue_type ?? 'cpa',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    events[e.name] = r.id;
  }
  const landingPageIds: number[] = [];
  const urls = o.landingUrls ?? [
    'https://shop.example/landing?clickid={tid}&o={offer_id}&p={pub_id}&s1={s1}&src={pub_source}',
  ];
  for (const [i, url] of urls.entries()) {
    const r = await db
      .insertInto('landing_pages')
      .values({ offer_id: offer.id, name: `Landing ${i + 1}`, url, is_default: i === 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    landingPageIds.push(r.id);
  }
  for (const p of o.allowedPublishers ?? []) {
    await db.insertInto('publisher_offers').values({ publisher_id: p, offer_id: offer.id }).execute();
  }
  return {
    offerId: offer.id,
    advertiserId: adv.id,
    token: adv.token,
    pixelSecret: adv.pixelSecret,
    baseEventId: base.id,
    events,
    landingPageIds,
  };
}

/** A publisher postback or pixel (direct insert). */
export async function createTrackingPostback(
  t: TestApp,
  publisherId: number,
  v: {
    value: string;
    type?: 'postback' | 'pixel';
    offer_id?: number | null;
    event_id?: number | null;
    event_type?: EventType | null;
    status?: 'active' | 'inactive';
    name?: string;
  },
): Promise<number> {
  const row = await t.app.ctx.db
    .insertInto('postbacks')
    .values({
      publisher_id: publisherId,
      name: v.name ?? `Postback ${uniq()}`,
      type: v.type ?? 'postback',
      status: v.status ?? 'active',
      value: v.value,
      offer_id: v.offer_id ?? null,
      event_id: v.event_id ?? null,
      event_type: v.event_type ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Writes stored click batches out to `clicks` (and the rollups) now, as every reader of them does
 * first: a 302 means the click's batch is stored, and the settle a moment later writes the row.
 */
export const settle = (t: TestApp) => settleEvents(t.app.ctx.db);

/** Drops the tracking engine's in-memory cache (after changing offers behind its back). */
export const clearTrackingCache = (t: TestApp) => trackingEngine(t.app.ctx).cache.clear();

export interface ClickAnswer {
  status: number;
  location: string | null;
  tid: string | null;
  cookie: string | null;
}

/** A click over HTTP, not following the redirect. */
export async function click(
  t: TestApp,
  offerId: number | string,
  publisherId: number | string,
  query: Record<string, string> = {},
  headers: Record<string, string> = {},
): Promise<ClickAnswer> {
  const qs = new URLSearchParams(query).toString();
  const res = await fetch(`${t.url}/c/${offerId}/${publisherId}${qs ? `?${qs}` : ''}`, {
    redirect: 'manual',
    headers,
    dispatcher: trackingClient,
  });
  await res.arrayBuffer();
  const location = res.headers.get('location');
  let tid: string | null = null;
  if (location) {
    try {
      tid = new URL(location).searchParams.get('clickid');
    } catch {
      tid = null;
    }
  }
  return { status: res.status, location, tid, cookie: res.headers.get('set-cookie') };
}

/** An advertiser conversion call over HTTP (GET with query parameters). */
export async function convert(
  t: TestApp,
  params: Record<string, string | number>,
  opts: { method?: 'GET' | 'POST'; headers?: Record<string, string> } = {},
) {
  const qs = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const res =
    opts.method === 'POST'
      ? await fetch(`${t.url}/postback`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(opts.headers ?? {}) },
          body: qs,
          dispatcher: trackingClient,
        })
      : await fetch(`${t.url}/postback?${qs}`, { headers: opts.headers ?? {}, dispatcher: trackingClient });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* keep text */
  }
  return { status: res.status, body, headers: res.headers };
}
