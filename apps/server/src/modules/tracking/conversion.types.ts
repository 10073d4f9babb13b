import { trackingText } from '@portal/shared';
import type { Selectable } from 'kysely';
import type { ClicksTable, ConversionRefusalReason, EventType } from '../../db/types.ts';
import type { CachedOffer } from './tracking-cache.ts';

/** What a conversion call carries, what it answers, and the refusals its steps return. */

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
  /** The advertiser's `status` (pending|approved|rejected) and `reason` (docs/money.md); a server postback's only. */
  status?: string | null | undefined;
  reason?: string | null | undefined;
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
  /** Look for fraud signals (docs/money.md); false only for the demo seed's history. */
  fraudSignals?: boolean;
  /** Send cap notifications now (the demo seed batches them). */
  notify?: boolean;
}

export interface ClickInfo {
  id: string;
  publisherId: number;
  offerId: number;
  eventId: number;
  eventType: EventType;
}

export type ConversionResult =
  | ({
      kind: 'recorded';
      conversionId: string;
      payout: number;
      postbacks: number;
      /** How it arrived: approved, or pending (held) or rejected (docs/money.md). */
      status?: 'approved' | 'pending' | 'rejected';
    } & ClickInfo)
  | ({ kind: 'duplicate'; conversionId: string | null } & ClickInfo)
  | {
      kind: 'refused';
      reason: ConversionRefusalReason;
      status: number;
      message: string;
      retryAfterSeconds?: number;
      click?: ClickInfo;
    };

export const REFUSAL_STATUS: Record<ConversionRefusalReason, number> = {
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
  unsigned_event: 403,
  pixel_repeat: 409,
  pixel_daily_limit: 422,
};

/** A call's text parameter, sanitised as every tracking text parameter is (the shared trackingText). */
export const textParam = trackingText;

export const money = (n: number) => Math.round(n * 10_000) / 10_000;

/** Why a call is refused, and what of it is known (recorded with the refusal). */
export interface Refusal {
  reason: ConversionRefusalReason;
  message: string;
  ids?: { publisher_id?: number; offer_id?: number; advertiser_id?: number };
  click?: ClickInfo;
}

export const refusal = (
  reason: ConversionRefusalReason,
  message: string,
  extra: Omit<Refusal, 'reason' | 'message'> = {},
) => ({ reason, message, ...extra }) satisfies Refusal;
export const isRefusal = (v: object): v is Refusal => 'reason' in v;

export type Click = Selectable<ClicksTable>;

/** A conversion call's click and its offer, found (conversion-steps.ts's step 2). */
export interface FoundClick {
  click: Click;
  offer: CachedOffer;
  ids: { publisher_id: number; offer_id: number; advertiser_id: number };
}

export type OfferEvent = CachedOffer['events'][number];

/** What the call says, read once: trimmed and bounded, empty values as none. */
export interface CallFacts {
  at: Date;
  tid: string | null;
  advTransactionId: string | null;
  eventIdText: string | null;
}
