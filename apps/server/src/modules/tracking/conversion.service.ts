import type { AppContext } from '../../context.ts';
import type { ConversionRefusalReason, EventType } from '../../db/types.ts';
import { sha256 } from '../../lib/tokens.ts';
import { settleEvents } from '../reports/reports.ingest.ts';
import { CapReachedError, notifyCapCrossings } from './caps.service.ts';
import { conversionKey, findConversionKey, isOwnKey, storeConversion, type ConversionRow } from './conversion-store.ts';
import { isValidPixelSignature } from './pixel-signature.ts';
import type { CachedOffer } from './tracking-cache.ts';
import { trackingEngine } from './tracking-engine.ts';
import { uuidv7, uuidv7Time } from './uuid7.ts';

export interface ConversionRequest {
  tid: string | null | undefined;
  eventId?: string | null | undefined;
  amount?: string | number | null | undefined;
  advTransactionId?: string | null | undefined;
  adv?: {
    adv_s1?: string | null;
    adv_s2?: string | null;
    adv_s3?: string | null;
    adv_s4?: string | null;
    adv_s5?: string | null;
  };
  /** The advertiser token; required for 'postback', not asked of the browser 'pixel'. */
  token?: string | null | undefined;
  source: 'postback' | 'pixel';
  /** A pixel's signed query part and its `sig` (pixel-signature.ts); only then may it carry an amount. */
  signature?: { payload: string; value: string } | null;
  /** The call carries this portal's own delivery header: one of its postbacks came back. */
  looped?: boolean;
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
  | {
      kind: 'refused';
      reason: ConversionRefusalReason;
      status: number;
      message: string;
      retryAfterSeconds?: number;
      click?: ClickInfo;
    };

const REFUSAL_STATUS: Record<ConversionRefusalReason, number> = {
  missing_token: 401,
  bad_token: 403,
  bad_signature: 403,
  pixel_not_allowed: 403,
  postback_not_allowed: 403,
  unknown_tid: 404,
  unknown_event: 404,
  transaction_conflict: 409,
  lookback_expired: 422,
  cap_reached: 422,
  offer_inactive: 422,
  bad_request: 422,
  loop: 508,
};

const text = (v: unknown, max = 255): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const t = String(v).trim();
  return t === '' ? null : t.slice(0, max);
};

const money = (n: number) => Math.round(n * 10_000) / 10_000;

/**
 * Records an advertiser conversion (docs/tracking.md) exactly once, or refuses it with a reason that is
 * recorded (docs/reliability.md B11) and earns nothing.
 *
 * Who may claim what: a server postback carries the advertiser's token and may set the amount and
 * claim an order id (`adv_transaction_id`, bound to its click: the same order id for another click
 * answers 409). A pixel carries no secret — anyone holding a tid can send it — so it is accepted
 * only on offers whose conversion method allows it, counts at most once per click and event, pays
 * the event's payout, takes an amount only from a query signed with the advertiser's pixel secret,
 * and keeps an order id as an attribute, never as a key.
 */
export async function recordConversion(ctx: AppContext, req: ConversionRequest): Promise<ConversionResult> {
  const engine = trackingEngine(ctx);
  const at = req.at ?? new Date();
  const tid = text(req.tid, 64);
  const advTransactionId = text(req.advTransactionId);
  const eventIdText = text(req.eventId, 64);
  const refuse = async (
    reason: ConversionRefusalReason,
    message: string,
    extra: { publisher_id?: number; offer_id?: number; advertiser_id?: number; click?: ClickInfo } = {},
  ): Promise<ConversionResult> => {
    const { click, ...ids } = extra;
    const verdict = await engine.refusals.record({
      tid,
      event_id: eventIdText,
      adv_transaction_id: advTransactionId,
      source: req.source,
      ip: req.ip ?? null,
      created_at: at,
      ...ids,
      reason,
    });
    if (verdict.throttled) {
      return {
        kind: 'refused',
        reason,
        status: 429,
        retryAfterSeconds: verdict.retryAfterSeconds,
        message: `Too many refused conversion calls from this address; try again in ${verdict.retryAfterSeconds} s.`,
      };
    }
    return { kind: 'refused', reason, status: REFUSAL_STATUS[reason], message, ...(click ? { click } : {}) };
  };

  if (req.looped)
    return refuse(
      'loop',
      "This call came from one of this portal's own postback deliveries (a loop): it is not recorded.",
    );

  let advertiserId: number | null = null;
  if (req.source === 'postback') {
    const token = text(req.token, 512);
    if (!token)
      return refuse('missing_token', 'The advertiser token is missing (send it as token= or Authorization: Bearer).');
    // A known token answers from memory; an unknown one costs a query, unless its address is past
    // its budget of refusals (then made-up tokens cost nothing more).
    const hash = sha256(token);
    const adv =
      (await engine.cache.advertiserByTokenHash(hash, true)) ??
      ((await engine.refusals.isOverBudget(req.ip)) ? null : await engine.cache.advertiserByTokenHash(hash));
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
  const ids = { publisher_id: click.publisher_id, offer_id: offer.id, advertiser_id: offer.advertiserId };
  if (advertiserId !== null && offer.advertiserId !== advertiserId) {
    // Another advertiser's token: answer as for any bad token, never confirm the tid exists.
    return refuse('bad_token', 'The advertiser token is not valid.', { ...ids, advertiser_id: advertiserId });
  }
  const methodRefusal = refusedByMethod(offer, req.source);
  if (methodRefusal) return refuse(methodRefusal.reason, methodRefusal.message, ids);

  const event = eventIdText
    ? offer.events.find((e) => String(e.id) === eventIdText)
    : (offer.events.find((e) => e.isBase) ?? offer.events[0]);
  if (!event) {
    return refuse(
      'unknown_event',
      eventIdText ? `The offer has no event ${eventIdText}.` : 'The offer has no conversion event.',
      ids,
    );
  }
  const info: ClickInfo = {
    id: click.id,
    publisherId: click.publisher_id,
    offerId: offer.id,
    eventId: event.id,
    eventType: event.eventType,
  };
  const clickAt = new Date(click.created_at);
  if (at.getTime() - clickAt.getTime() > offer.lookbackDays * 86_400_000) {
    return refuse(
      'lookback_expired',
      `The click is older than the offer's ${offer.lookbackDays}-day lookback window.`,
      { ...ids, click: info },
    );
  }

  // A pixel's amount counts only when the advertiser signed the query; unsigned, it is ignored.
  let amountText = req.amount;
  if (req.source === 'pixel') {
    if (req.signature) {
      const secret = (await engine.cache.advertiser(offer.advertiserId))?.pixelSecret;
      if (!secret || !isValidPixelSignature(secret, req.signature.payload, req.signature.value)) {
        return refuse(
          'bad_signature',
          "The pixel's signature does not match its query (sign everything before &sig= with the advertiser's pixel secret).",
          ids,
        );
      }
    } else amountText = null;
  }
  let amount: number | null = null;
  if (amountText != null && amountText !== '') {
    amount = Number(amountText);
    if (!Number.isFinite(amount) || amount < 0 || amount > 1e9)
      return refuse('bad_request', 'amount must be a non-negative number.', ids);
    amount = money(amount);
  }
  const payout = event.payoutType === 'revshare' ? money(((amount ?? 0) * event.payout) / 100) : event.payout;

  const key = conversionKey(req.source, tid, event.id, advTransactionId);
  const conflict = () =>
    refuse(
      'transaction_conflict',
      `adv_transaction_id ${advTransactionId} is already recorded for another click of this offer.`,
      { ...ids, click: info },
    );
  // Fast path for repeats (advertisers retry a lot). Only an optimisation: the guarantee is the
  // unique key inserted in the transaction below.
  const seen = await findConversionKey(ctx.db, offer.id, key.key);
  if (seen) return isOwnKey(seen, key) ? { kind: 'duplicate', conversionId: seen.conversion_id, ...info } : conflict();

  const publisher = await engine.cache.publisher(click.publisher_id);
  const row: ConversionRow = {
    id: uuidv7(at),
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
    adv_s1: text(req.adv?.adv_s1),
    adv_s2: text(req.adv?.adv_s2),
    adv_s3: text(req.adv?.adv_s3),
    adv_s4: text(req.adv?.adv_s4),
    adv_s5: text(req.adv?.adv_s5),
    s1: click.s1,
    s2: click.s2,
    s3: click.s3,
    s4: click.s4,
    s5: click.s5,
    pub_click_id: click.pub_click_id,
    pub_source: click.pub_source,
    source: req.source,
  };

  let outcome;
  try {
    outcome = await storeConversion(ctx, {
      offer,
      key,
      row,
      click: { ...click, created_at: clickAt },
      publisherName: publisher?.name ?? '',
      enqueuePostbacks: req.enqueuePostbacks !== false,
    });
  } catch (err) {
    if (err instanceof CapReachedError)
      return refuse('cap_reached', "The offer's conversion cap is reached.", { ...ids, click: info });
    throw err;
  }
  if (outcome.kind === 'confirms') return { kind: 'duplicate', conversionId: outcome.conversionId, ...info };
  if (outcome.kind === 'taken') {
    const existing = await findConversionKey(ctx.db, offer.id, key.key);
    return !existing || isOwnKey(existing, key)
      ? { kind: 'duplicate', conversionId: existing?.conversion_id ?? null, ...info }
      : conflict();
  }
  if (outcome.postbacks > 0) engine.delivery.wake();
  if (outcome.crossings.length > 0) {
    engine.cache.clear();
    if (req.notify !== false)
      await notifyCapCrossings(ctx, offer, outcome.crossings).catch((err: unknown) =>
        ctx.log.error({ err }, 'cap notification failed'),
      );
  }
  return { kind: 'recorded', conversionId: row.id, payout, postbacks: outcome.postbacks, ...info };
}

/** Whether the offer's conversion method refuses this kind of call. */
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

export type { CachedOffer };
