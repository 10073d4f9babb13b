import type { AppContext } from '../../context.ts';
import { notifyCapCrossings, type CapCrossing } from './caps.service.ts';
import { decideArrival } from './conversion-arrival.ts';
import { authenticateCaller, findClickOrSettle, priceEvent, storeOnce } from './conversion-steps.ts';
import {
  isRefusal,
  refusal,
  REFUSAL_STATUS,
  textParam,
  type CallFacts,
  type ConversionRequest,
  type ConversionResult,
  type Refusal,
} from './conversion.types.ts';
import type { CachedOffer } from './tracking-cache.ts';
import { trackingEngine, type TrackingEngine } from './tracking-engine.ts';

export type { ConversionRequest, ConversionResult } from './conversion.types.ts';
export type { CachedOffer };

/**
 * Records an advertiser conversion (docs/tracking.md) exactly once, or refuses it with a reason that is
 * recorded (docs/reliability.md B11) and earns nothing.
 *
 * Who may claim what: a server postback carries the advertiser's token and may set the amount and
 * claim an order id (`adv_transaction_id`, bound to its click: the same order id for another click
 * answers 409). A pixel carries no secret — anyone holding a tid can send it — so it is accepted
 * only on offers whose conversion method allows it, counts at most once per click and event, pays
 * the event's payout, takes an amount only from a query signed with the advertiser's pixel secret,
 * and keeps an order id as an attribute, never as a key. Unsigned, it proves only that the visitor
 * reached the thank-you page: the base event, once per click, within the publisher's daily
 * ceiling (unsigned-pixels.ts).
 *
 * The steps: authenticate the caller, find the click (or settle and look again), price the event,
 * decide how it arrives (approved, or pending or rejected: conversion-arrival.ts), store it once, notify.
 */
export async function recordConversion(ctx: AppContext, req: ConversionRequest): Promise<ConversionResult> {
  const engine = trackingEngine(ctx);
  const call: CallFacts = {
    at: req.at ?? new Date(),
    tid: textParam(req.tid, 64),
    advTransactionId: textParam(req.advTransactionId),
    eventIdText: textParam(req.eventId, 64),
  };
  const refuse = (r: Refusal) => recordRefusal(engine, req, call, r);

  if (req.looped)
    return refuse(
      refusal('loop', "This call came from one of this portal's own postback deliveries (a loop): it is not recorded."),
    );
  const caller = await authenticateCaller(engine, req);
  if (isRefusal(caller)) return refuse(caller);
  const found = await findClickOrSettle(ctx, engine, call, caller.advertiserId, req.source);
  if (isRefusal(found)) return refuse(found);
  const priced = await priceEvent(engine, req, call, found);
  if (isRefusal(priced)) return refuse(priced);
  const arrival = await decideArrival(ctx, req, call, found);
  if (isRefusal(arrival)) return refuse(arrival);
  const stored = await storeOnce(ctx, engine, req, call, found, priced, arrival);
  if (isRefusal(stored)) return refuse(stored);
  if (stored.kind === 'recorded') await notifyRecorded(ctx, engine, req, found.offer, stored);
  return stored.result;
}

/** Records a refusal with its reason (within the address's budget: 429 past it). */
async function recordRefusal(
  engine: TrackingEngine,
  req: ConversionRequest,
  call: CallFacts,
  r: Refusal,
): Promise<ConversionResult> {
  const verdict = await engine.refusals.record({
    tid: call.tid,
    event_id: call.eventIdText,
    adv_transaction_id: call.advTransactionId,
    source: req.source,
    ip: req.ip ?? null,
    created_at: call.at,
    ...r.ids,
    reason: r.reason,
  });
  if (verdict.throttled) {
    return {
      kind: 'refused',
      reason: r.reason,
      status: 429,
      retryAfterSeconds: verdict.retryAfterSeconds,
      message: `Too many refused conversion calls from this address; try again in ${verdict.retryAfterSeconds} s.`,
    };
  }
  const click = r.click ? { click: r.click } : {};
  return { kind: 'refused', reason: r.reason, status: REFUSAL_STATUS[r.reason], message: r.message, ...click };
}

/** Step 1: a server postback names its advertiser by token; a pixel carries none. */

async function notifyRecorded(
  ctx: AppContext,
  engine: TrackingEngine,
  req: ConversionRequest,
  offer: CachedOffer,
  stored: { postbacks: number; crossings: CapCrossing[] },
): Promise<void> {
  if (stored.postbacks > 0) engine.delivery.wake();
  if (stored.crossings.length === 0) return;
  engine.cache.clear();
  if (req.notify !== false)
    await notifyCapCrossings(ctx, offer, stored.crossings).catch((err: unknown) =>
      ctx.log.error({ err }, 'cap notification failed'),
    );
}

/** Whether the offer's conversion method refuses this kind of call. */
