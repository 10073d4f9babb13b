import type { ColumnType, Generated } from 'kysely';
import type { ApiKeyScope, ConversionMethod, EventType, PayoutType } from '@portal/shared';
import type { TrackingTables } from './tracking-types.ts';
import type { ReportsTables } from './report-types.ts';
import type { OperatorTables } from './operator-types.ts';
import type { MoneyTables } from './money-types.ts';
import type { NetworkTables } from './network-types.ts';
import type { PublisherStatus } from '@portal/shared/admin/publishers.constants';
import type { OfferVisibility } from '@portal/shared/offers/offers.constants';

export type * from './tracking-types.ts';
export type * from './report-types.ts';
export type * from './operator-types.ts';
export type * from './network-types.ts';

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
