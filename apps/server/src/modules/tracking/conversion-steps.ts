import type { AppContext } from '../../context.ts';
import type { ConversionRefusalReason, PayoutType } from '../../db/types.ts';
import { sha256 } from '../../lib/tokens.ts';
import { eventsService } from '../events/events.service.ts';
import { CapReachedError, type CapCrossing } from './caps.service.ts';
import { conversionKey, findConversionKey, isOwnKey, storeConversion, type ConversionRow } from './conversion-store.ts';
import {
  money,
  refusal,
  textParam,
  type CallFacts,
  type ClickInfo,
  type ConversionRequest,
  type ConversionResult,
  type FoundClick,
  type OfferEvent,
  type Refusal,
} from './conversion.types.ts';
import { arrivalReason, type Arrival } from './conversion-arrival.ts';
import { isValidPixelSignature } from './pixel-signature.ts';
import {
  baseEventOf,
  isUnsignedPixel,
  UNSIGNED_PIXEL_MESSAGES,
  unsignedEventRefusal,
  UnsignedPixelRefused,
} from './unsigned-pixels.ts';
import type { CachedOffer } from './tracking-cache.ts';
import type { TrackingEngine } from './tracking-engine.ts';
import { trackingRepository } from './tracking.repository.ts';
import { uuidv7, uuidv7Time } from './uuid7.ts';

/**
 * The steps of recording a conversion (conversion.service.ts): authenticate the caller, find the
 * click or settle, price the event, store it once. Each answers its result or why the call is refused.
 */

export async function authenticateCaller(
  engine: TrackingEngine,
  req: ConversionRequest,
): Promise<{ advertiserId: number | null } | Refusal> {
  if (req.source !== 'postback') return { advertiserId: null };
  const token = textParam(req.token, 512);
  if (!token)
    return refusal('missing_token', 'The advertiser token is missing (send it as token= or Authorization: Bearer).');
  // A known token answers from memory; an unknown one costs a query, unless its address is past
  // its budget of refusals (then made-up tokens cost nothing more).
  const hash = sha256(token);
  const adv =
    (await engine.cache.advertiserByTokenHash(hash, true)) ??
    ((await engine.refusals.isOverBudget(req.ip)) ? null : await engine.cache.advertiserByTokenHash(hash));
  if (!adv || adv.status !== 'active') return refusal('bad_token', 'The advertiser token is not valid.');
  return { advertiserId: adv.id };
}

/**
 * Step 2: the click the tid names and its offer, which must take this kind of call from this
 * advertiser. A click of the last second may still be in its stored batch: the events are settled
 * (or a settle under way is waited for) and the click looked up again.
 */
export async function findClickOrSettle(
  ctx: AppContext,
  engine: TrackingEngine,
  call: CallFacts,
  advertiserId: number | null,
  source: ConversionRequest['source'],
): Promise<FoundClick | Refusal> {
  const { tid } = call;
  if (!tid) return refusal('unknown_tid', 'The tid parameter is missing.');
  const clickTime = uuidv7Time(tid);
  let click = clickTime ? await trackingRepository.findClick(ctx.db, tid, clickTime) : undefined;
  if (!click && clickTime) {
    await eventsService.settleBeforeRead(ctx);
    click = await trackingRepository.findClick(ctx.db, tid, clickTime);
  }
  if (!click) return refusal('unknown_tid', `No click with tid ${tid} exists.`);

  const offer = await engine.cache.offer(click.offer_id);
  if (!offer) return refusal('unknown_tid', `No click with tid ${tid} exists.`);
  const ids = { publisher_id: click.publisher_id, offer_id: offer.id, advertiser_id: offer.advertiserId };
  if (advertiserId !== null && offer.advertiserId !== advertiserId) {
    // Another advertiser's token: answer as for any bad token, never confirm the tid exists.
    return refusal('bad_token', 'The advertiser token is not valid.', { ids: { ...ids, advertiser_id: advertiserId } });
  }
  const methodRefusal = refusedByMethod(offer, source);
  if (methodRefusal) return refusal(methodRefusal.reason, methodRefusal.message, { ids });
  return { click, offer, ids };
}

export interface PricedEvent {
  event: OfferEvent;
  info: ClickInfo;
  amount: number | null;
  payout: number;
  /** What the advertiser owes for it (docs/tracking.md, Revenue). */
  revenue: number;
}

/**
 * Step 3: the event (the offer's base event when none is named; an unsigned pixel may claim no
 * other), within the lookback window, its amount (a pixel's only when signed) and the publisher's
 * payout for it.
 */
export async function priceEvent(
  engine: TrackingEngine,
  req: ConversionRequest,
  call: CallFacts,
  { click, offer, ids }: FoundClick,
): Promise<PricedEvent | Refusal> {
  const event = call.eventIdText ? offer.events.find((e) => String(e.id) === call.eventIdText) : baseEventOf(offer);
  if (!event) {
    const message = call.eventIdText
      ? `The offer has no event ${call.eventIdText}.`
      : 'The offer has no conversion event.';
    return refusal('unknown_event', message, { ids });
  }
  const info: ClickInfo = {
    id: click.id,
    publisherId: click.publisher_id,
    offerId: offer.id,
    eventId: event.id,
    eventType: event.eventType,
  };
  if (isUnsignedPixel(req)) {
    const unsigned = unsignedEventRefusal(offer, event, ids, info);
    if (unsigned) return unsigned;
  }
  if (call.at.getTime() - new Date(click.created_at).getTime() > offer.lookbackDays * 86_400_000) {
    const message = `The click is older than the offer's ${offer.lookbackDays}-day lookback window.`;
    return refusal('lookback_expired', message, { ids, click: info });
  }

  // A pixel's amount counts only when the advertiser signed the query; unsigned, it is ignored.
  let amountText = req.amount;
  if (req.source === 'pixel') {
    if (req.signature) {
      const secret = (await engine.cache.advertiser(offer.advertiserId))?.pixelSecret;
      if (!secret || !isValidPixelSignature(secret, req.signature.payload, req.signature.value)) {
        return refusal(
          'bad_signature',
          "The pixel's signature does not match its query (sign everything before &sig= with the advertiser's pixel secret).",
          { ids },
        );
      }
    } else amountText = null;
  }
  let amount: number | null = null;
  if (amountText != null && amountText !== '') {
    amount = Number(amountText);
    if (!Number.isFinite(amount) || amount < 0 || amount > 1e9)
      return refusal('bad_request', 'amount must be a non-negative number.', { ids });
    amount = money(amount);
  }
  const priced = (value: number, type: PayoutType) =>
    type === 'revshare' ? money(((amount ?? 0) * value) / 100) : value;
  return {
    event,
    info,
    amount,
    payout: priced(event.payout, event.payoutType),
    revenue: priced(event.revenue, event.revenueType),
  };
}

export type Stored =
  | { kind: 'recorded'; result: ConversionResult; postbacks: number; crossings: CapCrossing[] }
  | { kind: 'repeat'; result: ConversionResult };

/**
 * Step 4: stored once. A repeat is answered from the key it finds (a duplicate of this call, or
 * another click's order id: a conflict); only the call that inserts the key stores the row.
 */
export async function storeOnce(
  ctx: AppContext,
  engine: TrackingEngine,
  req: ConversionRequest,
  call: CallFacts,
  found: FoundClick,
  priced: PricedEvent,
  arrival: Arrival,
): Promise<Stored | Refusal> {
  const { offer, ids } = found;
  const { info } = priced;
  const key = conversionKey(req.source, found.click.id, priced.event.id, call.advTransactionId);
  const repeatOf = (taken: { conversion_id: string; click_id: string | null } | undefined): Stored | Refusal =>
    !taken || isOwnKey(taken, key)
      ? { kind: 'repeat', result: { kind: 'duplicate', conversionId: taken?.conversion_id ?? null, ...info } }
      : refusal(
          'transaction_conflict',
          `adv_transaction_id ${call.advTransactionId} is already recorded for another click of this offer.`,
          { ids, click: info },
        );
  // Fast path for repeats (advertisers retry a lot). Only an optimisation: the guarantee is the
  // unique key inserted in the transaction below.
  const seen = await findConversionKey(ctx.db, offer.id, key.key);
  if (seen) return repeatOf(seen);

  const row = conversionRow(req, call, found, priced, arrival);
  const publisher = await engine.cache.publisher(found.click.publisher_id);
  let outcome;
  try {
    outcome = await storeConversion(ctx, {
      offer,
      key,
      row,
      click: { ...found.click, created_at: row.click_created_at },
      publisherName: publisher?.name ?? '',
      enqueuePostbacks: req.enqueuePostbacks !== false,
      arrival: arrivalReason(arrival, offer.holdDays)
        ? { kind: arrival.actorKind, reason: arrivalReason(arrival, offer.holdDays) }
        : null,
      unsignedPixelLimit: isUnsignedPixel(req)
        ? (publisher?.pixelDailyLimit ?? ctx.config.PIXEL_UNSIGNED_DAILY_LIMIT)
        : null,
    });
  } catch (err) {
    if (err instanceof CapReachedError)
      return refusal('cap_reached', "The offer's conversion cap is reached.", { ids, click: info });
    if (err instanceof UnsignedPixelRefused)
      return refusal(err.reason, UNSIGNED_PIXEL_MESSAGES[err.reason], { ids, click: info });
    throw err;
  }
  if (outcome.kind === 'confirms')
    return { kind: 'repeat', result: { kind: 'duplicate', conversionId: outcome.conversionId, ...info } };
  if (outcome.kind === 'taken') return repeatOf(await findConversionKey(ctx.db, offer.id, key.key));
  const result: ConversionResult = {
    kind: 'recorded',
    conversionId: row.id,
    payout: priced.payout,
    postbacks: outcome.postbacks,
    status: arrival.status,
    ...info,
  };
  return { kind: 'recorded', result, postbacks: outcome.postbacks, crossings: outcome.crossings };
}

/** The conversion's row: the click's sub IDs and landing page, the call's advertiser values. */
export function conversionRow(
  req: ConversionRequest,
  call: CallFacts,
  found: FoundClick,
  priced: PricedEvent,
  arrival?: Arrival,
): ConversionRow {
  const { click, offer } = found;
  return {
    id: uuidv7(call.at),
    created_at: call.at,
    publisher_id: click.publisher_id,
    offer_id: offer.id,
    advertiser_id: offer.advertiserId,
    event_id: priced.event.id,
    event_type: priced.event.eventType,
    landing_page_id: click.landing_page_id,
    click_id: click.id,
    click_created_at: new Date(click.created_at),
    status: arrival?.status ?? 'approved',
    status_reason: arrival?.status === 'rejected' ? arrival.statusReason : null,
    flags: arrival?.flags ?? [],
    approve_after: arrival?.approveAfter ?? null,
    ip: arrival?.ip ?? null,
    payout: priced.payout,
    payout_type: priced.event.payoutType,
    revenue: priced.revenue,
    sale_amount: priced.amount,
    adv_transaction_id: call.advTransactionId,
    adv_s1: textParam(req.adv?.adv_s1),
    adv_s2: textParam(req.adv?.adv_s2),
    adv_s3: textParam(req.adv?.adv_s3),
    adv_s4: textParam(req.adv?.adv_s4),
    adv_s5: textParam(req.adv?.adv_s5),
    s1: click.s1,
    s2: click.s2,
    s3: click.s3,
    s4: click.s4,
    s5: click.s5,
    pub_click_id: click.pub_click_id,
    pub_source: click.pub_source,
    source: req.source,
  };
}

/** Step 5: the delivery worker looks at once; a cap that filled to 90 % or 100 % is told. */

function refusedByMethod(
  offer: CachedOffer,
  source: 'postback' | 'pixel',
): { reason: ConversionRefusalReason; message: string } | null {
  if (source === 'pixel' && offer.conversionMethod === 'postback') {
    return {
      reason: 'pixel_not_allowed',
      message: `Offer ${offer.id} does not accept pixel conversions: its advertiser reports them by server postback.`,
    };
  }
  if (source === 'postback' && offer.conversionMethod === 'pixel') {
    return {
      reason: 'postback_not_allowed',
      message: `Offer ${offer.id} accepts pixel conversions only; ask the network to allow server postbacks for it.`,
    };
  }
  return null;
}
