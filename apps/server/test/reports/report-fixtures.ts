import crypto from 'node:crypto';
import { sql } from 'kysely';
import { eventsService } from '../../src/modules/events/events.service.ts';
import type { TestApp } from '../helpers/test-app.ts';

/**
 * Events for report tests: raw clicks and conversions written the way the tracking engine stores
 * them, with the report ingestion hooks called in the same transaction (so the rollups under test
 * are the ones ingestion maintains).
 */

export interface OfferFixture {
  offerId: number;
  name: string;
  landingPageIds: [number, number];
  events: { conversion: number; partial: number; upsell: number };
}

let n = 0;

export async function createOffer(t: TestApp, name?: string): Promise<OfferFixture> {
  n += 1;
  const db = t.app.ctx.db;
  const adv = await db
    .insertInto('advertisers')
    .values({ name: `Advertiser ${n}`, api_token_hash: crypto.randomBytes(16).toString('hex') })
    .returning('id')
    .executeTakeFirstOrThrow();
  const offerName = name ?? `Offer ${n}`;
  const offer = await db
    .insertInto('offers')
    .values({ advertiser_id: adv.id, name: offerName, payout: 2 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lp1 = await db
    .insertInto('landing_pages')
    .values({ offer_id: offer.id, name: `${offerName} main`, url: 'https://lp.test/a?tid={tid}', is_default: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const lp2 = await db
    .insertInto('landing_pages')
    .values({ offer_id: offer.id, name: `${offerName} alt`, url: 'https://lp.test/b?tid={tid}' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ev = async (event_type: 'conversion' | 'partial' | 'upsell', payout: number, is_base: boolean) =>
    (
      await db
        .insertInto('offer_events')
        .values({ offer_id: offer.id, name: event_type, event_type, payout, is_base })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  return {
    offerId: offer.id,
    name: offerName,
    landingPageIds: [lp1.id, lp2.id],
    events: {
      conversion: await ev('conversion', 2, true),
      partial: await ev('partial', 0.5, false),
      upsell: await ev('upsell', 1.25, false),
    },
  };
}

export interface ClickInput {
  at: Date;
  publisherId: number;
  offerId: number;
  landingPageId: number | null;
  isUnique?: boolean;
  s1?: string | null;
  s2?: string | null;
  pubSource?: string | null;
  pubClickId?: string | null;
  ip?: string | null;
}

export interface StoredClick extends ClickInput {
  id: string;
}

export async function insertClicks(t: TestApp, inputs: ClickInput[]): Promise<StoredClick[]> {
  const clicks = inputs.map((c) => ({ ...c, id: crypto.randomUUID() }));
  for (let i = 0; i < clicks.length; i += 500) {
    const chunk = clicks.slice(i, i + 500);
    await t.app.ctx.db.transaction().execute(async (trx) => {
      await sql`INSERT INTO clicks (id, created_at, publisher_id, offer_id, landing_page_id, is_unique, s1, s2, pub_source, pub_click_id, ip)
        SELECT * FROM unnest(${chunk.map((c) => c.id)}::uuid[], ${chunk.map((c) => c.at.toISOString())}::timestamptz[],
          ${chunk.map((c) => c.publisherId)}::int[], ${chunk.map((c) => c.offerId)}::int[], ${chunk.map((c) => c.landingPageId)}::int[],
          ${chunk.map((c) => c.isUnique ?? true)}::bool[], ${chunk.map((c) => c.s1 ?? null)}::text[], ${chunk.map((c) => c.s2 ?? null)}::text[],
          ${chunk.map((c) => c.pubSource ?? null)}::text[], ${chunk.map((c) => c.pubClickId ?? null)}::text[], ${chunk.map((c) => c.ip ?? null)}::text[])`.execute(
        trx,
      );
      await eventsService.countClicks(
        trx,
        chunk.map((c) => ({
          created_at: c.at,
          publisher_id: c.publisherId,
          offer_id: c.offerId,
          landing_page_id: c.landingPageId,
          is_unique: c.isUnique ?? true,
          s1: c.s1 ?? null,
        })),
      );
    });
  }
  return clicks;
}

export interface ConversionInput {
  at: Date;
  click: StoredClick;
  eventId: number;
  eventType: 'conversion' | 'partial' | 'upsell';
  payout: number;
  /** As it stands (approved unless said); only an approved one reaches the rollups. */
  status?: 'approved' | 'pending' | 'rejected' | 'reversed';
  statusReason?: string | null;
  flags?: string[];
}

export async function insertConversion(t: TestApp, c: ConversionInput): Promise<string> {
  const id = crypto.randomUUID();
  await t.app.ctx.db.transaction().execute(async (trx) => {
    await sql`INSERT INTO conversions (id, created_at, publisher_id, offer_id, advertiser_id, event_id, event_type, landing_page_id, click_id,
        click_created_at, status, status_reason, flags, payout, payout_type, s1, s2, pub_source)
      SELECT ${id}::uuid, ${c.at.toISOString()}::timestamptz, ${c.click.publisherId}, ${c.click.offerId}, o.advertiser_id, ${c.eventId}, ${c.eventType},
        ${c.click.landingPageId}, ${c.click.id}::uuid, ${c.click.at.toISOString()}::timestamptz, ${c.status ?? 'approved'},
        ${c.statusReason ?? null}, ${c.flags ?? []}::text[], ${c.payout}, 'cpa',
        ${c.click.s1 ?? null}, ${c.click.s2 ?? null}, ${c.click.pubSource ?? null}
      FROM offers o WHERE o.id = ${c.click.offerId}`.execute(trx);
    await sql`UPDATE clicks SET has_conversion = true WHERE id = ${c.click.id}::uuid AND created_at = ${c.click.at.toISOString()}::timestamptz`.execute(
      trx,
    );
    if ((c.status ?? 'approved') !== 'approved') return;
    await eventsService.queueConversion(trx, {
      created_at: c.at,
      publisher_id: c.click.publisherId,
      offer_id: c.click.offerId,
      landing_page_id: c.click.landingPageId,
      event_type: c.eventType,
      payout: c.payout,
      s1: c.click.s1 ?? null,
      status: 'approved',
    });
  });
  return id;
}

/** Every page of a list call, following cursors (fails on a repeated cursor). */
export async function allPages<T = Record<string, unknown>>(
  t: TestApp,
  path: string,
  body: Record<string, unknown>,
  token: string,
): Promise<{ rows: T[]; pages: number }> {
  const rows: T[] = [];
  let cursor: string | null = null;
  let pages = 0;
  const seen = new Set<string>();
  do {
    const r = await t.post(path, { ...body, ...(cursor ? { cursor } : {}) }, { token });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    rows.push(...(r.body.data as T[]));
    pages += 1;
    cursor = r.body.cursor.next as string | null;
    if (cursor) {
      if (seen.has(cursor)) throw new Error('cursor repeated');
      seen.add(cursor);
    }
  } while (cursor && pages < 1000);
  return { rows, pages };
}
