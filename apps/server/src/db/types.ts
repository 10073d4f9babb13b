import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export interface SettingsTable {
  key: string;
  value: string;
}

export interface BusinessUnitsTable {
  id: Generated<number>;
  domain: string;
  name: string;
  brand: string | null;
  three_step_signup: Generated<boolean>;
  created_at: CreatedAt;
}

export interface AccountManagersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
}

export type PublisherStatus = 'pending' | 'active' | 'rejected' | 'suspended';

export interface PublishersTable {
  id: Generated<number>;
  name: string;
  status: Generated<PublisherStatus>;
  referral_code: string;
  business_unit_id: number | null;
  account_manager_id: number | null;
  referrer_publisher_id: number | null;
  website_url: string | null;
  phone: string | null;
  tax_id: string | null;
  address_street_1: string | null;
  address_street_2: string | null;
  address_city: string | null;
  address_region: string | null;
  address_postal_code: string | null;
  address_country: string | null;
  created_at: CreatedAt;
  approved_at: Timestamp | null;
}

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  firstname: string;
  lastname: string;
  title: string | null;
  phone: string | null;
  chat_platform: string | null;
  chat_platform_id: string | null;
  timezone: Generated<string>;
  token_version: Generated<number>;
  totp_secret: string | null;
  totp_pending_secret: string | null;
  totp_enabled: Generated<boolean>;
  totp_last_step: number | null;
  notification_subscriptions: Generated<string[]>;
  created_at: CreatedAt;
}

export interface PublisherUsersTable {
  user_id: number;
  publisher_id: number;
  created_at: CreatedAt;
}

export interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Timestamp | null;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SignupCountersTable {
  day: string;
  count: number;
}

export interface ThrottleBucketsTable {
  key: string;
  window_start: Timestamp;
  count: number;
}

export interface Database extends NetworkTables, TrackingTables, ReportsTables {
  settings: SettingsTable;
  business_units: BusinessUnitsTable;
  account_managers: AccountManagersTable;
  publishers: PublishersTable;
  users: UsersTable;
  publisher_users: PublisherUsersTable;
  recovery_codes: RecoveryCodesTable;
  password_reset_tokens: PasswordResetTokensTable;
  signup_counters: SignupCountersTable;
  throttle_buckets: ThrottleBucketsTable;
}

export type PayoutType = 'cpa' | 'revshare';
export type EventType = 'conversion' | 'partial' | 'upsell';

export interface AdvertisersTable {
  id: Generated<number>;
  name: string;
  status: Generated<'active' | 'inactive'>;
  api_token_hash: string;
  created_at: CreatedAt;
}

export interface OffersTable {
  id: Generated<number>;
  advertiser_id: number;
  name: string;
  description: Generated<string>;
  status: Generated<'active' | 'ready' | 'paused' | 'expired' | 'pending'>;
  preview_url: string | null;
  expire_date: string | null;
  geos: Generated<string[]>;
  tags: Generated<string[]>;
  payout: Generated<number>;
  payout_type: Generated<PayoutType>;
  daily_cap: number | null;
  monthly_cap: number | null;
  cap_scope: Generated<'global' | 'publisher'>;
  fallback_url: string | null;
  lookback_days: Generated<number>;
  is_public: Generated<boolean>;
  created_at: CreatedAt;
}

export interface PublisherOffersTable {
  publisher_id: number;
  offer_id: number;
  created_at: CreatedAt;
}

export interface OfferEventsTable {
  id: Generated<number>;
  offer_id: number;
  name: string;
  event_type: Generated<EventType>;
  payout: Generated<number>;
  payout_type: Generated<PayoutType>;
  is_base: Generated<boolean>;
}

export interface LandingPagesTable {
  id: Generated<number>;
  offer_id: number;
  name: string;
  url: string;
  is_default: Generated<boolean>;
}

export interface CreativesTable {
  id: Generated<number>;
  offer_id: number;
  name: string;
  type: 'image' | 'video' | 'audio' | 'link' | 'flash' | 'text' | 'html';
  url: string;
  created_at: CreatedAt;
}

export interface PostbacksTable {
  id: Generated<number>;
  publisher_id: number;
  name: string;
  offer_id: number | null;
  event_id: number | null;
  event_type: EventType | null;
  type: 'postback' | 'pixel';
  status: Generated<'active' | 'inactive'>;
  value: string;
  failing_since: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Generated<Timestamp>;
}

export interface NotificationsTable {
  id: Generated<number>;
  publisher_id: number;
  summary: string;
  description: Generated<string>;
  urgent: Generated<boolean>;
  is_read: Generated<boolean>;
  context_domain: 'offer' | null;
  context_id: number | null;
  kind: Generated<string>;
  dedup_key: string | null;
  sent_at: Generated<Timestamp>;
}

export interface NetworkTables {
  advertisers: AdvertisersTable;
  offers: OffersTable;
  publisher_offers: PublisherOffersTable;
  offer_events: OfferEventsTable;
  landing_pages: LandingPagesTable;
  creatives: CreativesTable;
  postbacks: PostbacksTable;
  notifications: NotificationsTable;
}

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

export type ConversionStatus = 'approved' | 'pending' | 'rejected';

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
}

export interface ConversionKeysTable {
  offer_id: number;
  dedup_key: string;
  publisher_id: number;
  conversion_id: string;
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
  | 'bad_request';

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
}

export interface CapCountersTable {
  offer_id: number;
  /** 0: the offer's global cap. */
  publisher_id: number;
  period: 'day' | 'month';
  period_start: string;
  count: number;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed' | 'stopped';

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
  created_at: Timestamp;
  updated_at: Timestamp;
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

export interface TrackingTables {
  clicks: ClicksTable;
  click_uniques: ClickUniquesTable;
  click_fallbacks: ClickFallbacksTable;
  conversions: ConversionsTable;
  conversion_keys: ConversionKeysTable;
  conversion_refusals: ConversionRefusalsTable;
  cap_counters: CapCountersTable;
  postback_deliveries: PostbackDeliveriesTable;
  postback_attempts: PostbackAttemptsTable;
}

/** Reports, invoices and exports (migrations 0040–0042). */
export interface ReportRollupsTable {
  publisher_id: number;
  grain: number;
  bucket: Timestamp;
  offer_id: number;
  landing_page_id: number;
  clicks: number;
  clicks_unique: number;
  conversions: number;
  partials: number;
  upsells: number;
  earnings: number;
}

export interface ReportSubidRollupsTable extends ReportRollupsTable {
  sub_id: string;
}

export interface InvoicesTable {
  id: Generated<number>;
  publisher_id: number;
  period_start: string;
  period_end: string;
  payout_total: number;
  status: Generated<'generated' | 'request_payment' | 'processing' | 'paid'>;
  created_at: CreatedAt;
  updated_at: Generated<Timestamp>;
}

export interface InvoiceItemsTable {
  id: Generated<number>;
  invoice_id: number;
  kind: 'offer' | 'referral';
  offer_id: number | null;
  referred_publisher_id: number | null;
  name: string;
  price_per_action: number;
  payed_actions: number;
  total: number;
}

export interface ExportJobsTable {
  id: string;
  publisher_id: number;
  user_id: number;
  type: string;
  request: ColumnType<unknown, string, string>;
  timezone: string;
  status: Generated<'pending' | 'processing' | 'completed' | 'error'>;
  file_name: string;
  row_count: number | null;
  error: string | null;
  data_as_of: Timestamp | null;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

export interface ReportsTables {
  report_rollups: ReportRollupsTable;
  report_subid_rollups: ReportSubidRollupsTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  export_jobs: ExportJobsTable;
}
