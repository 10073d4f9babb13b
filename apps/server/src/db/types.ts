import type { ColumnType, Generated } from 'kysely';
import type { ApiKeyScope, ConversionMethod, EventType, NotificationTargetDomain, PayoutType } from '@portal/shared';
import type { TrackingTables } from './tracking-types.ts';
import type { ReportsTables } from './report-types.ts';
import type { OperatorTables } from './operator-types.ts';
import type { ConversionApproval, MoneyTables } from './money-types.ts';
import type { PublisherStatus } from '@portal/shared/admin/publishers.constants';
import type { OfferVisibility } from '@portal/shared/offers/offers.constants';

export type * from './tracking-types.ts';
export type * from './report-types.ts';
export type * from './operator-types.ts';

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
  /** Unsigned pixel conversions a day this publisher may have; null: PIXEL_UNSIGNED_DAILY_LIMIT. */
  pixel_daily_limit: number | null;
  /** This publisher's minimum payout (migration 0080); null: MINIMUM_PAYOUT_USD. */
  minimum_payout: number | null;
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

/** Logged-out sessions (the tokens' `sid`), refused until their last token has expired. */
export interface RevokedSessionsTable {
  sid: string;
  user_id: number;
  expires_at: Timestamp;
}

/** One-time login codes of operators' impersonation links (migration 0048); only the hash is kept. */
export interface LoginCodesTable {
  id: Generated<number>;
  code_hash: string;
  user_id: number;
  publisher_id: number;
  token_version: number;
  operator: string;
  /** The console's operator who made it (migration 0072); null for the command line's. */
  operator_id: number | null;
  /** That operator's own sign-in session and token version then (migration 0087): the view-as session ends with them. */
  operator_session_id: string | null;
  operator_token_version: number | null;
  created_at: CreatedAt;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Publisher API keys (migration 0052): the key's SHA-256 and its shown prefix, never the key. */
export interface ApiKeysTable {
  id: Generated<number>;
  publisher_id: number;
  user_id: number;
  name: string;
  prefix: string;
  key_hash: string;
  /** `read` (reports, offers, invoices) or `read_write` (the postbacks too). */
  scope: Generated<ApiKeyScope>;
  /** The user's token version the key belongs to: it works only while the user's is the same. */
  token_version: number;
  created_at: CreatedAt;
  expires_at: Timestamp;
  last_used_at: Timestamp | null;
  revoked_at: Timestamp | null;
}

export type ImpersonationAction = 'code_created' | 'code_exchanged';

/** Who let whom in, and from where (migration 0048). */
export interface ImpersonationAuditTable {
  id: Generated<number>;
  at: CreatedAt;
  action: ImpersonationAction;
  operator: string;
  user_id: number;
  user_email: string;
  publisher_id: number;
  login_code_id: number | null;
  address: string | null;
  user_agent: string | null;
}

export interface Database extends NetworkTables, TrackingTables, ReportsTables, OperatorTables, MoneyTables {
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
  login_codes: LoginCodesTable;
  impersonation_audit: ImpersonationAuditTable;
  revoked_sessions: RevokedSessionsTable;
  api_keys: ApiKeysTable;
}

export type { EventType, PayoutType };
export type { ConversionMethod, OfferVisibility, PublisherStatus };

export interface AdvertisersTable {
  id: Generated<number>;
  name: string;
  status: Generated<'active' | 'inactive'>;
  api_token_hash: string;
  /** Key of the HMAC that lets a pixel carry a sale amount (kept in clear: the server computes it). */
  pixel_secret: string | null;
  created_at: CreatedAt;
  /** When the conversion API token / pixel secret was last replaced (migration 0074). */
  api_token_rotated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  pixel_secret_rotated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
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
  /** Always `visibility === 'public'` (a trigger and a check of the table hold it). */
  is_public: Generated<boolean>;
  visibility: Generated<OfferVisibility>;
  conversion_method: Generated<ConversionMethod>;
  /** How its conversions arrive (migration 0080, docs/money.md). */
  conversion_approval: Generated<ConversionApproval>;
  /** Days a held conversion waits before it is approved; set exactly when `conversion_approval` is `hold`. */
  hold_days: number | null;
  /** A conversion sooner than this after its click is held (0: off). */
  min_ctit_seconds: Generated<number>;
  created_at: CreatedAt;
}

export interface OfferAccessRequestsTable {
  id: Generated<number>;
  offer_id: number;
  publisher_id: number;
  status: Generated<'pending' | 'approved' | 'declined'>;
  created_at: CreatedAt;
  decided_at: Date | null;
  /** Why an operator declined it, shown to the publisher. */
  decline_reason: string | null;
}

export interface CreativeFilesTable {
  creative_id: number;
  /** The unguessable part of the file's address (`/media/creatives/{token}`). */
  token: string;
  content_type: string;
  bytes: Uint8Array;
  created_at: CreatedAt;
}

export interface PublisherOffersTable {
  /** Grants numbered as they are made. */
  id: Generated<number>;
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
  /** What the advertiser pays for the event: an amount (`cpa`) or a percentage of the sale (`revshare`). */
  revenue: Generated<number>;
  revenue_type: Generated<PayoutType>;
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
  /** Told of every status change of a conversion, not only its approval (migration 0080). */
  send_on_status_change: Generated<boolean>;
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
  context_domain: NotificationTargetDomain | null;
  context_id: number | null;
  kind: Generated<string>;
  dedup_key: string | null;
  sent_at: Generated<Timestamp>;
  /** The operator's send this copy belongs to (migration 0074); null for automatic notices. */
  send_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One notice an operator sent, grouping its per-publisher copies (migration 0074). */
export interface NotificationSendsTable {
  id: Generated<number>;
  summary: string;
  description: Generated<string>;
  urgent: Generated<boolean>;
  audience: 'all' | 'chosen';
  recipients: Generated<number>;
  operator_id: number | null;
  actor: string;
  sent_at: Timestamp;
}

export interface NetworkTables {
  advertisers: AdvertisersTable;
  offers: OffersTable;
  publisher_offers: PublisherOffersTable;
  offer_events: OfferEventsTable;
  landing_pages: LandingPagesTable;
  creatives: CreativesTable;
  creative_files: CreativeFilesTable;
  offer_access_requests: OfferAccessRequestsTable;
  postbacks: PostbacksTable;
  notifications: NotificationsTable;
  notification_sends: NotificationSendsTable;
}
