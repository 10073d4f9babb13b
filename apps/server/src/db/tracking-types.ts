import type { ColumnType, Generated } from 'kysely';
import type { DeliveryStatus, EventType, PayoutType } from '@portal/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** Tracking engine (migration 0030): raw events, idempotency keys, caps, postback outbox. */
export interface ClicksTable {
  /** The transaction id (tid): a UUIDv7 whose timestamp is created_at. */
  id: string;
  created_at: Timestamp;
  publisher_id: number;
  offer_id: number;
  landing_page_id: number | null;
  is_unique: boolean;
  s1: string | null;
  s2: string | null;
  s3: string | null;
  s4: string | null;
  s5: string | null;
  pub_click_id: string | null;
  pub_source: string | null;
  ip: string | null;
  user_agent: string | null;
  has_conversion: Generated<boolean>;
}

/** Stored click batches not yet written out to `clicks` (migration 0046): JSON texts, see `events/click-batches.repository.ts`. */
export interface ClickBatchesTable {
  id: Generated<number>;
  clicks: string | null;
  fallbacks: string | null;
}

/** Batches the settle could not write out, with the database's reason, kept for an operator. */
export interface ClickBatchesRejectedTable {
  id: number;
  rejected_at: Generated<Date>;
  error: string;
  clicks: string | null;
  fallbacks: string | null;
}

export interface ClickUniquesTable {
  publisher_id: number;
  offer_id: number;
  visitor_hash: string;
  window_start: Timestamp;
}

export type ClickFallbackReason =
  | 'unknown_offer'
  | 'unknown_publisher'
  | 'inactive_publisher'
  | 'offer_not_allowed'
  | 'offer_paused'
  | 'offer_expired'
  | 'offer_pending'
  | 'offer_inactive'
  | 'cap_reached'
  | 'no_landing_page';

export interface ClickFallbacksTable {
  id: Generated<number>;
  created_at: Timestamp;
  publisher_id: number | null;
  offer_id: number | null;
  reason: ClickFallbackReason;
  redirect_url: string;
  s1: string | null;
  pub_click_id: string | null;
  pub_source: string | null;
  ip: string | null;
  user_agent: string | null;
}

export type ConversionStatus = 'approved' | 'pending' | 'rejected' | 'reversed';

export interface ConversionsTable {
  id: string;
  created_at: Timestamp;
  publisher_id: number;
  offer_id: number;
  advertiser_id: number;
  event_id: number;
  event_type: EventType;
  landing_page_id: number | null;
  click_id: string;
  click_created_at: Timestamp;
  status: Generated<ConversionStatus>;
  payout: number;
  payout_type: PayoutType;
  /** What the advertiser owes the network for it, priced when it is recorded. */
  revenue: Generated<number>;
  sale_amount: number | null;
  adv_transaction_id: string | null;
  adv_s1: string | null;
  adv_s2: string | null;
  adv_s3: string | null;
  adv_s4: string | null;
  adv_s5: string | null;
  s1: string | null;
  s2: string | null;
  s3: string | null;
  s4: string | null;
  s5: string | null;
  pub_click_id: string | null;
  pub_source: string | null;
  source: Generated<'postback' | 'pixel'>;
  /** Migration 0080 (docs/money.md): the status's reason and time, fraud flags, a hold's end, the address. */
  status_reason: Generated<string | null>;
  status_changed_at: NullableTimestamp;
  flags: Generated<string[]>;
  approve_after: NullableTimestamp;
  ip: Generated<string | null>;
}

/** A conversion an operator reversed (migration 0075): one row each, with who, why and the money taken back. */
export interface ConversionReversalsTable {
  id: Generated<number>;
  conversion_id: string;
  conversion_created_at: Timestamp;
  publisher_id: number;
  offer_id: number;
  event_type: EventType;
  payout: number;
  revenue: number;
  reason: string;
  operator_id: number | null;
  actor: string;
  /** How many of the publisher's postbacks were sent the reversal. */
  postbacks: Generated<number>;
  created_at: CreatedAt;
}

export interface ConversionKeysTable {
  offer_id: number;
  dedup_key: string;
  publisher_id: number;
  conversion_id: string;
  /** For an order-id key (`adv:…`): the click the order belongs to. */
  click_id: string | null;
  created_at: Timestamp;
}

export type ConversionRefusalReason =
  | 'missing_token'
  | 'bad_token'
  | 'unknown_tid'
  | 'unknown_event'
  | 'lookback_expired'
  | 'cap_reached'
  | 'offer_inactive'
  | 'bad_request'
  | 'transaction_conflict'
  | 'pixel_not_allowed'
  | 'postback_not_allowed'
  | 'bad_signature'
  | 'loop'
  | 'unsigned_event'
  | 'pixel_repeat'
  | 'pixel_daily_limit';

export interface ConversionRefusalsTable {
  id: Generated<number>;
  created_at: Timestamp;
  reason: ConversionRefusalReason;
  tid: string | null;
  publisher_id: number | null;
  offer_id: number | null;
  advertiser_id: number | null;
  event_id: string | null;
  adv_transaction_id: string | null;
  source: Generated<'postback' | 'pixel'>;
  ip: string | null;
  /** Refusals this row stands for (more than one past the address's per-minute budget). */
  count: Generated<number>;
}

export interface CapCountersTable {
  offer_id: number;
  /** 0: the offer's global cap. */
  publisher_id: number;
  period: 'day' | 'month';
  period_start: string;
  count: number;
  /** How much of `count` came from pixel conversions. */
  pixel_count: Generated<number>;
}

/** A click an unsigned pixel converted (at most one conversion each). */
export interface UnsignedPixelClicksTable {
  click_id: string;
  offer_id: number;
  publisher_id: number;
  created_at: Timestamp;
}

/** A publisher's unsigned pixel conversions per UTC day. */
export interface PixelDayCountsTable {
  publisher_id: number;
  day: string;
  count: number;
}

export interface PostbackDeliveriesTable {
  id: Generated<number>;
  publisher_id: number;
  postback_id: number;
  conversion_id: string | null;
  event_key: string;
  url: string;
  is_test: Generated<boolean>;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  locked_until: Timestamp | null;
  last_status_code: number | null;
  last_error_class: string | null;
  /** The host (and port) the URL names, lower case: the receiver its back-off belongs to. */
  receiver_host: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A publisher's receiver host that is failing (migration 0067): not claimed until `resume_at`. */
export interface PostbackReceiversTable {
  publisher_id: number;
  host: string;
  failures: number;
  resume_at: Timestamp;
  updated_at: Generated<Timestamp>;
  /** When its current run of failures began (migration 0076). */
  failing_since: Timestamp;
}

export interface PostbackAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  publisher_id: number;
  postback_id: number;
  created_at: Timestamp;
  url_masked: string;
  status_code: number | null;
  duration_ms: number;
  error_class: string | null;
  error_message: string | null;
}

/** A publisher's postback signing key (migration 0051); kept in clear: the server signs with it. */
export interface PostbackSigningSecretsTable {
  publisher_id: number;
  secret: string;
  created_at: Timestamp;
}

export interface TrackingTables {
  clicks: ClicksTable;
  click_uniques: ClickUniquesTable;
  click_batches: ClickBatchesTable;
  click_batches_rejected: ClickBatchesRejectedTable;
  click_fallbacks: ClickFallbacksTable;
  conversions: ConversionsTable;
  conversion_keys: ConversionKeysTable;
  conversion_reversals: ConversionReversalsTable;
  conversion_refusals: ConversionRefusalsTable;
  cap_counters: CapCountersTable;
  unsigned_pixel_clicks: UnsignedPixelClicksTable;
  pixel_day_counts: PixelDayCountsTable;
  postback_deliveries: PostbackDeliveriesTable;
  postback_attempts: PostbackAttemptsTable;
  postback_receivers: PostbackReceiversTable;
  postback_signing_secrets: PostbackSigningSecretsTable;
}
