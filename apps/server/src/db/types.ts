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

export interface Database {
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
