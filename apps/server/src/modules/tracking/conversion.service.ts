import type { AppContext } from '../../context.ts';
import type { ConversionRefusalReason, ConversionsTable, EventType } from '../../db/types.ts';
import { sha256 } from '../../lib/tokens.ts';
import { reportsIngest, settleEvents } from '../reports/reports.ingest.ts';
import { CapReachedError, countCaps, notifyCapCrossings, type CapCrossing } from './caps.service.ts';
import { enqueueDeliveries } from './delivery.service.ts';
import type { CachedOffer } from './tracking-cache.ts';
import { trackingEngine } from './tracking-engine.ts';
import { uuidv7, uuidv7Time } from './uuid7.ts';
import type { Insertable } from 'kysely';

export interface ConversionRequest {
  tid: string | null | undefined;
  eventId?: string | null | undefined;
  amount?: string | number | null | undefined;
  advTransactionId?: string | null | undefined;
  adv?: { adv_s1?: string | null; adv_s2?: string | null; adv_s3?: string | null; adv_s4?: string | null; adv_s5?: string | null };
  /** The advertiser token; required for 'postback', not asked of the browser 'pixel'. */
  token?: string | null | undefined;
  source: 'postback' | 'pixel';
  ip?: string | null;
  /** Now, unless the demo seed replays history. */
  at?: Date;
  /** Deliver publisher postbacks (false only for demo history older than a day). */
  enqueuePostbacks?: boolean;
  /** Send cap notifications now (the demo seed batches them). */
  notify?: boolean;
}

interface ClickInfo {
  id: string;
  publisherId: number;
  offerId: number;
  eventId: number;
  eventType: EventType;
}

export type ConversionResult =
  | ({ kind: 'recorded'; conversionId: string; payout: number; postbacks: number } & ClickInfo)
  | ({ kind: 'duplicate'; conversionId: string | null } & ClickInfo)
  | { kind: 'refused'; reason: ConversionRefusalReason; status: number; message: string; click?: ClickInfo };

const REFUSAL_STATUS: Record<ConversionRefusalReason, number> = {
  missing_token: 401,
  bad_token: 403,
  unknown_tid: 404,
  unknown_event: 404,
  lookback_expired: 422,
  cap_reached: 422,
  offer_inactive: 422,
  bad_request: 422,
};

const text = (v: unknown, max = 255): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const t = String(v).trim();
  return t === '' ? null : t.slice(0, max);
};

/**
 * Records an advertiser conversion (DESIGN.md §4) exactly once:
 * the idempotency key ('adv:<adv_transaction_id>' when given, else 'tid:<tid>:<event>') is inserted
 * with ON CONFLICT DO NOTHING, and only the call that inserted it counts caps, stores the
 * conversion, feeds the reports and writes the postback jobs, all in that one transaction.
 * Anything refused is recorded with its reason (RELIABILITY B11) and earns nothing.
 */
export async function recordConversion(ctx: AppContext, req: ConversionRequest): Promise<ConversionResult> {
  const engine = trackingEngine(ctx);
  const at = req.at ?? new Date();
  const tid = text(req.tid, 64);
  const advTransactionId = text(req.advTransactionId);
  const refusal = {
    tid,
    event_id: text(req.eventId, 64),
    adv_transaction_id: advTransactionId,
    source: req.source,
    ip: req.ip ?? null,
    created_at: at,
  };
  const refuse = async (
    reason: ConversionRefusalReason,
    message: string,
    extra: { publisher_id?: number; offer_id?: number; advertiser_id?: number; click?: ClickInfo } = {},
  ): Promise<ConversionResult> => {
    const { click, ...ids } = extra;
    await ctx.db.insertInto('conversion_refusals').values({ ...refusal, ...ids, reason }).execute();
    return { kind: 'refused', reason, status: REFUSAL_STATUS[reason], message, ...(click ? { click } : {}) };
  };

  let advertiserId: number | null = null;
  if (req.source === 'postback') {
    const token = text(req.token, 512);
    if (!token) return refuse('missing_token', 'The advertiser token is missing (send it as token= or Authorization: Bearer).');
    const adv = await engine.cache.advertiserByTokenHash(sha256(token));
    if (!adv || adv.status !== 'active') return refuse('bad_token', 'The advertiser token is not valid.');
    advertiserId = adv.id;
  }

  if (!tid) return refuse('unknown_tid', 'The tid parameter is missing.');
  const clickTime = uuidv7Time(tid);
  const findClick = (time: Date) =>
    ctx.db
      .selectFrom('clicks')
      .selectAll()
      .where('id', '=', tid)
      .where('created_at', '>=', time)
      .where('created_at', '<', new Date(time.getTime() + 1))
      .executeTakeFirst();
  let click = clickTime ? await findClick(clickTime) : undefined;
  // A click of the last second may still be in its stored batch: write the batches out (or wait for
  // a settle under way to commit them) and look again.
  if (!click && clickTime) {
    await settleEvents(ctx.db, ctx.log);
    click = await findClick(clickTime);
  }
  if (!click) return refuse('unknown_tid', `No click with tid ${tid} exists.`);

  const offer = await engine.cache.offer(click.offer_id);
  if (!offer) return refuse('unknown_tid', `No click with tid ${tid} exists.`);
  const ids = { publisher_id: click.publisher_id, offer_id: offer.id, ...(advertiserId ? { advertiser_id: advertiserId } : {}) };
  if (advertiserId !== null && offer.advertiserId !== advertiserId) {
    // Another advertiser's token: answer as for any bad token, never confirm the tid exists.
    return refuse('bad_token', 'The advertiser token is not valid.', ids);
  }
  const eventIdText = text(req.eventId, 64);
  const event = eventIdText
    ? offer.events.find((e) => String(e.id) === eventIdText)
    : offer.events.find((e) => e.isBase) ?? offer.events[0];
  if (!event) {
    return refuse('unknown_event', eventIdText ? `The offer has no event ${eventIdText}.` : 'The offer has no conversion event.', ids);
  }
  const info: ClickInfo = { id: click.id, publisherId: click.publisher_id, offerId: offer.id, eventId: event.id, eventType: event.eventType };
  const clickAt = new Date(click.created_at);
  if (at.getTime() - clickAt.getTime() > offer.lookbackDays * 86_400_000) {
    return refuse('lookback_expired', `The click is older than the offer's ${offer.lookbackDays}-day lookback window.`, { ...ids, click: info });
  }
  let amount: number | null = null;
  if (req.amount != null && req.amount !== '') {
    amount = Number(req.amount);
    if (!Number.isFinite(amount) || amount < 0 || amount > 1e9) return refuse('bad_request', 'amount must be a non-negative number.', ids);
    amount = Math.round(amount * 10_000) / 10_000;
  }
  const payout = event.payoutType === 'revshare' ? Math.round(((amount ?? 0) * event.payout) / 100 * 10_000) / 10_000 : event.payout;

  const publisher = await engine.cache.publisher(click.publisher_id);
  const conversionId = uuidv7(at);
  const dedupKey = advTransactionId ? `adv:${advTransactionId}` : `tid:${tid}:${event.id}`;
  const adv = {
    adv_s1: text(req.adv?.adv_s1),
    adv_s2: text(req.adv?.adv_s2),
    adv_s3: text(req.adv?.adv_s3),
    adv_s4: text(req.adv?.adv_s4),
    adv_s5: text(req.adv?.adv_s5),
  };
  const row: Insertable<ConversionsTable> & { created_at: Date; click_created_at: Date; payout: number } = {
    id: conversionId,
    created_at: at,
    publisher_id: click.publisher_id,
    offer_id: offer.id,
    advertiser_id: offer.advertiserId,
    event_id: event.id,
    event_type: event.eventType,
    landing_page_id: click.landing_page_id,
    click_id: click.id,
    click_created_at: clickAt,
    status: 'approved',
    payout,
    payout_type: event.payoutType,
    sale_amount: amount,
    adv_transaction_id: advTransactionId,
    ...adv,
    s1: click.s1,
    s2: click.s2,
    s3: click.s3,
    s4: click.s4,
    s5: click.s5,
    pub_click_id: click.pub_click_id,
    pub_source: click.pub_source,
    source: req.source,
  };

  // Fast path for repeats (advertisers retry a lot). Only an optimisation: the guarantee is the
  // unique key inserted in the transaction below.
  const seen = await ctx.db
    .selectFrom('conversion_keys')
    .select('conversion_id')
    .where('offer_id', '=', offer.id)
    .where('dedup_key', '=', dedupKey)
    .executeTakeFirst();
  if (seen) return { kind: 'duplicate', conversionId: seen.conversion_id, ...info };

  let crossings: CapCrossing[] = [];
  let postbacks = 0;
  let inserted: boolean;
  try {
    inserted = await ctx.db.transaction().execute(async (trx) => {
      const key = await trx
        .insertInto('conversion_keys')
        .values({ offer_id: offer.id, dedup_key: dedupKey, publisher_id: click.publisher_id, conversion_id: conversionId })
        .onConflict((oc) => oc.columns(['offer_id', 'dedup_key']).doNothing())
        .returning('conversion_id')
        .executeTakeFirst();
      if (!key) return false;
      await trx.insertInto('conversions').values(row).execute();
      if (!click.has_conversion) {
        await trx
          .updateTable('clicks')
          .set({ has_conversion: true })
          .where('id', '=', click.id)
          .where('created_at', '=', clickAt)
          .execute();
      }
      if (req.enqueuePostbacks !== false) {
        postbacks = await enqueueDeliveries(trx, {
          publisher: { id: click.publisher_id, name: publisher?.name ?? '' },
          offer: { id: offer.id, name: offer.name },
          event: { id: event.id, eventType: event.eventType },
          click,
          conversion: { ...row, ...adv, sale_amount: amount, adv_transaction_id: advTransactionId },
        });
      }
      // Queued for the rollups (settled later, so no rollup row is locked here). Last, the rows
      // every conversion of a capped offer updates: their locks are held only until the COMMIT
      // that follows. A cap reached here rolls the whole conversion back.
      await reportsIngest.onConversion(trx, { ...row, status: 'approved' } as Parameters<typeof reportsIngest.onConversion>[1]);
      crossings = await countCaps(trx, offer, click.publisher_id, at);
      return true;
    });
  } catch (err) {
    if (err instanceof CapReachedError) return refuse('cap_reached', "The offer's conversion cap is reached.", { ...ids, click: info });
    throw err;
  }

  if (!inserted) {
    const existing = await ctx.db
      .selectFrom('conversion_keys')
      .select('conversion_id')
      .where('offer_id', '=', offer.id)
      .where('dedup_key', '=', dedupKey)
      .executeTakeFirst();
    return { kind: 'duplicate', conversionId: existing?.conversion_id ?? null, ...info };
  }
  if (postbacks > 0) engine.delivery.wake();
  if (crossings.length > 0) {
    engine.cache.clear();
    if (req.notify !== false) await notifyCapCrossings(ctx, offer, crossings).catch((err: unknown) => ctx.log.error({ err }, 'cap notification failed'));
  }
  return { kind: 'recorded', conversionId, payout, postbacks, ...info };
}

export type { CachedOffer };
