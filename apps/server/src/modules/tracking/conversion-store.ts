import type { Insertable, Selectable } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { ClicksTable, ConversionsTable, EventType } from '../../db/types.ts';
import { eventsService } from '../events/events.service.ts';
import { countCaps, type CapCrossing } from './caps.service.ts';
import { enqueueDeliveries } from '../postback-deliveries/postback-deliveries.service.ts';
import type { CachedOffer } from './tracking-cache.ts';
import { trackingRepository } from './tracking.repository.ts';
import { claimUnsignedPixel } from './unsigned-pixels.ts';
import { uuidv7Time } from './uuid7.ts';

type AdvFields = 'adv_transaction_id' | 'adv_s1' | 'adv_s2' | 'adv_s3' | 'adv_s4' | 'adv_s5';
export type ConversionRow = Insertable<ConversionsTable> &
  Record<AdvFields, string | null> & {
    id: string;
    created_at: Date;
    click_created_at: Date;
    event_id: number;
    event_type: EventType;
    payout: number;
    sale_amount: number | null;
  };

/**
 * The idempotency key of a conversion (docs/tracking.md). An authenticated call's order id is the
 * advertiser's own key for a sale: `adv:<adv_transaction_id>`, once per offer, bound to its click.
 * Everything else — a pixel, or a call without an order id — is `tid:<tid>:<event>`: at most one
 * conversion per click and event. A pixel's order id is kept on its conversion, never as a key.
 */
export interface ConversionKey {
  key: string;
  /** Set for an order-id key: the click the order belongs to. */
  orderOfClick: string | null;
}

export const clickEventKey = (tid: string, eventId: number) => `tid:${tid}:${eventId}`;

export function conversionKey(
  source: 'postback' | 'pixel',
  tid: string,
  eventId: number,
  advTransactionId: string | null,
): ConversionKey {
  if (source === 'postback' && advTransactionId) return { key: `adv:${advTransactionId}`, orderOfClick: tid };
  return { key: clickEventKey(tid, eventId), orderOfClick: null };
}

export const findConversionKey = (db: Db, offerId: number, key: string) =>
  trackingRepository.findConversionKey(db, offerId, key);

/** Whether a taken key counts as a repeat of this call (same click), or belongs to another click. */
export const isOwnKey = (taken: { click_id: string | null }, key: ConversionKey) =>
  key.orderOfClick === null || taken.click_id === null || taken.click_id === key.orderOfClick;

export type StoreOutcome =
  | { kind: 'recorded'; postbacks: number; crossings: CapCrossing[] }
  /** The key was taken meanwhile (a concurrent or earlier call). */
  | { kind: 'taken' }
  /** The order id confirms the pixel conversion this click already has for the event. */
  | { kind: 'confirms'; conversionId: string };

export interface StoreInput {
  offer: CachedOffer;
  key: ConversionKey;
  row: ConversionRow;
  click: Pick<
    Selectable<ClicksTable>,
    'id' | 's1' | 's2' | 's3' | 's4' | 's5' | 'pub_source' | 'pub_click_id' | 'has_conversion'
  > & { created_at: Date };
  publisherName: string;
  enqueuePostbacks: boolean;
  /** The arrival row of the conversion's history, when it did not simply arrive approved (docs/money.md). */
  arrival?: { kind: 'engine' | 'advertiser'; reason: string | null } | null;
  /** Set for an unsigned pixel: the publisher's daily limit of them (unsigned-pixels.ts). */
  unsignedPixelLimit?: number | null;
}

/**
 * Stores one conversion exactly once, in one transaction: the key is inserted with ON CONFLICT DO
 * NOTHING, and only the call that inserted it stores the row, marks the click, writes the postback
 * jobs (the outbox), queues the rollup counts and counts the caps. A full cap throws
 * CapReachedError, and an unsigned pixel past what it may claim UnsignedPixelRefused: either rolls
 * everything back, the key included.
 */
export async function storeConversion(ctx: AppContext, input: StoreInput): Promise<StoreOutcome> {
  const { offer, key, row, click } = input;
  return ctx.db.transaction().execute(async (trx): Promise<StoreOutcome> => {
    const inserted = await trackingRepository.insertConversionKey(trx, {
      offerId: offer.id,
      key: key.key,
      publisherId: row.publisher_id,
      conversionId: row.id,
      clickId: key.orderOfClick,
    });
    if (!inserted) return { kind: 'taken' };

    if (key.orderOfClick && offer.conversionMethod !== 'postback') {
      const confirmed = await pixelConversionWithOrder(
        trx,
        offer.id,
        click.id,
        row.event_id,
        row.adv_transaction_id ?? null,
      );
      if (confirmed) {
        await trackingRepository.pointKeyAt(trx, offer.id, key.key, confirmed);
        return { kind: 'confirms', conversionId: confirmed };
      }
    }

    if (input.unsignedPixelLimit != null)
      await claimUnsignedPixel(trx, {
        clickId: click.id,
        offerId: offer.id,
        publisherId: row.publisher_id,
        at: row.created_at,
        dailyLimit: input.unsignedPixelLimit,
      });
    await trackingRepository.insertConversion(trx, row);
    if (input.arrival)
      await trx
        .insertInto('conversion_status_changes')
        .values({
          conversion_id: row.id,
          conversion_created_at: row.created_at,
          publisher_id: row.publisher_id,
          offer_id: row.offer_id,
          from_status: null,
          to_status: row.status ?? 'approved',
          reason: input.arrival.reason,
          actor_kind: input.arrival.kind,
          actor: input.arrival.kind === 'advertiser' ? 'advertiser' : 'engine',
          operator_id: null,
          reconciliation_id: null,
          created_at: row.created_at,
        })
        .execute();
    if (!click.has_conversion) await trackingRepository.markClickConverted(trx, click);
    let postbacks = 0;
    if (input.enqueuePostbacks) {
      const fanout = ctx.config.POSTBACK_FANOUT_LIMIT;
      const enqueued = await enqueueDeliveries(
        trx,
        {
          publisher: { id: row.publisher_id, name: input.publisherName },
          offer: { id: offer.id, name: offer.name },
          event: { id: row.event_id, eventType: row.event_type },
          click,
          conversion: row,
        },
        fanout,
      );
      postbacks = enqueued.queued;
      if (enqueued.refused > 0) {
        ctx.log.warn(
          { conversion: row.id, publisher: row.publisher_id, refused: enqueued.refused, limit: fanout },
          'conversion matched more postbacks than the fan-out limit: the rest refused (in the delivery log)',
        );
      }
    }
    // Queued for the rollups (settled later, so no rollup row is locked here). Last, the rows
    // every conversion of a capped offer updates: their locks are held only until the COMMIT
    // that follows.
    await eventsService.queueConversion(trx, {
      created_at: row.created_at,
      publisher_id: row.publisher_id,
      offer_id: row.offer_id,
      landing_page_id: row.landing_page_id ?? null,
      event_type: row.event_type,
      payout: row.payout,
      revenue: row.revenue ?? 0,
      s1: row.s1 ?? null,
      status: row.status === 'reversed' ? 'rejected' : (row.status ?? 'approved'),
    });
    const crossings = await countCaps(trx, offer, row.publisher_id, row.created_at, row.source === 'pixel');
    return { kind: 'recorded', postbacks, crossings };
  });
}

/**
 * The conversion a pixel recorded for this click and event carrying this order id, if any: an
 * authenticated call with that order id then reports the same sale, not a second one.
 */
async function pixelConversionWithOrder(
  trx: Db,
  offerId: number,
  clickId: string,
  eventId: number,
  orderId: string | null,
): Promise<string | null> {
  if (!orderId) return null;
  const pixelKey = await findConversionKey(trx, offerId, clickEventKey(clickId, eventId));
  const at = pixelKey && uuidv7Time(pixelKey.conversion_id);
  if (!pixelKey || !at) return null;
  const c = await trackingRepository.findConversionAt(trx, pixelKey.conversion_id, at);
  return c && c.source === 'pixel' && c.adv_transaction_id === orderId ? c.id : null;
}
