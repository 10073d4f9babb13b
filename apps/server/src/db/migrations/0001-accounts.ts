import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE settings (key text PRIMARY KEY, value text NOT NULL);

    CREATE TABLE business_units (
      id serial PRIMARY KEY,
      domain text NOT NULL UNIQUE,
      name text NOT NULL,
      brand text,
      three_step_signup boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE account_managers (
      id serial PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      phone text
    );

    CREATE TABLE publishers (
      id serial PRIMARY KEY,
      name text NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'active', 'rejected', 'suspended')),
      referral_code text NOT NULL UNIQUE,
      business_unit_id integer REFERENCES business_units(id),
      account_manager_id integer REFERENCES account_managers(id),
      referrer_publisher_id integer REFERENCES publishers(id),
      website_url text,
      phone text,
      tax_id text,
      address_street_1 text,
      address_street_2 text,
      address_city text,
      address_region text,
      address_postal_code text,
      address_country text,
      created_at timestamptz NOT NULL DEFAULT now(),
      approved_at timestamptz
    );
    CREATE INDEX publishers_referrer_idx ON publishers (referrer_publisher_id) WHERE referrer_publisher_id IS NOT NULL;

    CREATE TABLE users (
      id serial PRIMARY KEY,
      email text NOT NULL,
      password_hash text NOT NULL,
      firstname text NOT NULL,
      lastname text NOT NULL,
      title text,
      phone text,
      chat_platform text,
      chat_platform_id text,
      timezone text NOT NULL DEFAULT 'UTC',
      token_version integer NOT NULL DEFAULT 0,
      totp_secret text,
      totp_pending_secret text,
      totp_enabled boolean NOT NULL DEFAULT false,
      totp_last_step bigint,
      notification_subscriptions text[] NOT NULL DEFAULT ARRAY['campaign_90_cap', 'campaign_reach_cap', 'offer_expire'],
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (lower(email));

    CREATE TABLE publisher_users (
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      publisher_id integer NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, publisher_id)
    );
    CREATE INDEX publisher_users_publisher_idx ON publisher_users (publisher_id);

    CREATE TABLE recovery_codes (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      code_hash text NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX recovery_codes_user_idx ON recovery_codes (user_id);

    CREATE TABLE password_reset_tokens (
      id serial PRIMARY KEY,
      user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      token_hash text NOT NULL UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE signup_counters (day date PRIMARY KEY, count integer NOT NULL);

    CREATE TABLE throttle_buckets (
      key text PRIMARY KEY,
      window_start timestamptz NOT NULL,
      count integer NOT NULL
    );
  `,
  );
}
