import { sql, type Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * The tracking engine's tables (docs/tracking.md, docs/production.md "Scale").
 *
 * Raw clicks and conversions are range-partitioned by month on `created_at`, with a DEFAULT
 * partition so a row never fails for want of a partition; the maintenance job
 * (`tracking-partitions.ts`) creates next months' partitions ahead. Partitioned tables cannot hold
 * a unique constraint that leaves out the partition key, so the idempotency keys live in small
 * plain tables (`click_uniques`, `conversion_keys`) written with INSERT … ON CONFLICT in the same
 * transaction as the event. The transaction id (`tid`) is a UUIDv7 whose timestamp is the click's
 * `created_at`, so a lookup by tid prunes to one partition.
 *
 * Hot-path tables carry no foreign keys (one trigger per row is what group commit saves), and every
 * event table carries `publisher_id` so the schema can be distributed by publisher (docs/production.md, "Scale").
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE clicks (
      id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      publisher_id integer NOT NULL,
      offer_id integer NOT NULL,
      landing_page_id integer,
      is_unique boolean NOT NULL,
      s1 text,
      s2 text,
      s3 text,
      s4 text,
      s5 text,
      pub_click_id text,
      pub_source text,
      ip text,
      user_agent text,
      has_conversion boolean NOT NULL DEFAULT false,
      PRIMARY KEY (id, created_at)
    ) PARTITION BY RANGE (created_at);
    CREATE INDEX clicks_publisher_time_idx ON clicks (publisher_id, created_at);
    CREATE INDEX clicks_offer_time_idx ON clicks (offer_id, created_at);
    CREATE TABLE clicks_default PARTITION OF clicks DEFAULT;

    -- The unique-click window: one row per visitor (hash of IP + user agent), publisher and offer;
    -- window_start moves only when a click arrives 24 h or more after it (that click is unique).
    CREATE TABLE click_uniques (
      publisher_id integer NOT NULL,
      offer_id integer NOT NULL,
      visitor_hash text NOT NULL,
      window_start timestamptz NOT NULL,
      PRIMARY KEY (publisher_id, offer_id, visitor_hash)
    );
    CREATE INDEX click_uniques_window_idx ON click_uniques (window_start);

    -- Clicks that were not sent to the offer, and why.
    CREATE TABLE click_fallbacks (
      id bigserial PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      publisher_id integer,
      offer_id integer,
      reason text NOT NULL CHECK (reason IN ('unknown_offer', 'unknown_publisher', 'inactive_publisher', 'offer_not_allowed',
        'offer_paused', 'offer_expired', 'offer_pending', 'offer_inactive', 'cap_reached', 'no_landing_page')),
      redirect_url text NOT NULL,
      s1 text,
      pub_click_id text,
      pub_source text,
      ip text,
      user_agent text
    );
    CREATE INDEX click_fallbacks_publisher_idx ON click_fallbacks (publisher_id, created_at);

    CREATE TABLE conversions (
      id uuid NOT NULL,
      created_at timestamptz NOT NULL,
      publisher_id integer NOT NULL,
      offer_id integer NOT NULL,
      advertiser_id integer NOT NULL,
      event_id integer NOT NULL,
      event_type text NOT NULL CHECK (event_type IN ('conversion', 'partial', 'upsell')),
      landing_page_id integer,
      click_id uuid NOT NULL,
      click_created_at timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'approved' CHECK (status IN ('approved', 'pending', 'rejected')),
      payout numeric(14, 4) NOT NULL,
      payout_type text NOT NULL CHECK (payout_type IN ('cpa', 'revshare')),
      sale_amount numeric(14, 4),
      adv_transaction_id text,
      adv_s1 text,
      adv_s2 text,
      adv_s3 text,
      adv_s4 text,
      adv_s5 text,
      s1 text,
      s2 text,
      s3 text,
      s4 text,
      s5 text,
      pub_click_id text,
      pub_source text,
      -- How it arrived: 'postback' (server to server) or 'pixel'.
      source text NOT NULL DEFAULT 'postback',
      PRIMARY KEY (id, created_at)
    ) PARTITION BY RANGE (created_at);
    CREATE INDEX conversions_publisher_time_idx ON conversions (publisher_id, created_at);
    CREATE INDEX conversions_offer_time_idx ON conversions (offer_id, created_at);
    CREATE TABLE conversions_default PARTITION OF conversions DEFAULT;

    -- Idempotency (docs/tracking.md, docs/reliability.md L2/L3): 'adv:<adv_transaction_id>' when the advertiser
    -- sends one, else 'tid:<tid>:<event_id>'; a conversion is stored only when its key is inserted.
    CREATE TABLE conversion_keys (
      offer_id integer NOT NULL,
      dedup_key text NOT NULL,
      publisher_id integer NOT NULL,
      conversion_id uuid NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (offer_id, dedup_key)
    );

    -- Conversion calls that were refused, and why (docs/reliability.md B11).
    CREATE TABLE conversion_refusals (
      id bigserial PRIMARY KEY,
      created_at timestamptz NOT NULL DEFAULT now(),
      reason text NOT NULL CHECK (reason IN ('missing_token', 'bad_token', 'unknown_tid', 'unknown_event', 'lookback_expired',
        'cap_reached', 'offer_inactive', 'bad_request')),
      tid text,
      publisher_id integer,
      offer_id integer,
      advertiser_id integer,
      event_id text,
      adv_transaction_id text,
      source text NOT NULL DEFAULT 'postback',
      ip text
    );
    CREATE INDEX conversion_refusals_time_idx ON conversion_refusals (created_at);

    -- Conversion cap counters per offer, scope (0 = all publishers) and period (UTC day / month).
    CREATE TABLE cap_counters (
      offer_id integer NOT NULL,
      publisher_id integer NOT NULL,
      period text NOT NULL CHECK (period IN ('day', 'month')),
      period_start date NOT NULL,
      count integer NOT NULL,
      PRIMARY KEY (offer_id, publisher_id, period, period_start)
    );

    -- Publisher postback deliveries: an outbox written in the conversion's transaction, worked by
    -- the delivery jobs. event_key is sent as a header so receivers can deduplicate.
    CREATE TABLE postback_deliveries (
      id bigserial PRIMARY KEY,
      publisher_id integer NOT NULL,
      postback_id integer NOT NULL,
      conversion_id uuid,
      event_key text NOT NULL,
      url text NOT NULL,
      is_test boolean NOT NULL DEFAULT false,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'stopped')),
      attempts integer NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      last_status_code integer,
      last_error_class text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX postback_deliveries_due_idx ON postback_deliveries (next_attempt_at) WHERE status = 'pending';
    CREATE INDEX postback_deliveries_publisher_idx ON postback_deliveries (publisher_id, id);
    CREATE UNIQUE INDEX postback_deliveries_event_key ON postback_deliveries (event_key) WHERE NOT is_test;

    CREATE TABLE postback_attempts (
      id bigserial PRIMARY KEY,
      delivery_id bigint NOT NULL REFERENCES postback_deliveries(id) ON DELETE CASCADE,
      publisher_id integer NOT NULL,
      postback_id integer NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      -- The URL as sent, with secret-looking query values and userinfo masked.
      url_masked text NOT NULL,
      status_code integer,
      duration_ms integer NOT NULL,
      error_class text,
      error_message text
    );
    CREATE INDEX postback_attempts_publisher_idx ON postback_attempts (publisher_id, id);
    CREATE INDEX postback_attempts_delivery_idx ON postback_attempts (delivery_id);
    `,
  );
  await createMonthlyPartitions(db, new Date(), -3, 3);
}

/** Monthly partitions of clicks and conversions from `from` months before/after `at` to `to`. */
export async function createMonthlyPartitions(db: Kysely<unknown>, at: Date, from: number, to: number): Promise<void> {
  for (let i = from; i <= to; i++) {
    const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + i, 1));
    const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + i + 1, 1));
    const suffix = `${start.getUTCFullYear()}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
    for (const table of ['clicks', 'conversions']) {
      await sql
        .raw(
          `CREATE TABLE IF NOT EXISTS ${table}_${suffix} PARTITION OF ${table} FOR VALUES FROM ('${start.toISOString()}') TO ('${end.toISOString()}')`,
        )
        .execute(db);
    }
  }
}
