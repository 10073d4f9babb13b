import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/** The network the publishers work in: advertisers, offers and their parts, postbacks, notifications. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE advertisers (
      id serial PRIMARY KEY,
      name text NOT NULL,
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      -- Conversion calls authenticate with this token; only its SHA-256 is stored.
      api_token_hash text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE offers (
      id serial PRIMARY KEY,
      advertiser_id integer NOT NULL REFERENCES advertisers(id),
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'ready', 'paused', 'expired', 'pending')),
      preview_url text,
      expire_date date,
      geos text[] NOT NULL DEFAULT '{}',
      tags text[] NOT NULL DEFAULT '{}',
      -- Payout of the base conversion event, repeated here for lists; events carry their own.
      payout numeric(14, 4) NOT NULL DEFAULT 0,
      payout_type text NOT NULL DEFAULT 'cpa' CHECK (payout_type IN ('cpa', 'revshare')),
      -- Conversion caps: per day / per calendar month (UTC), over all publishers or per publisher.
      daily_cap integer CHECK (daily_cap > 0),
      monthly_cap integer CHECK (monthly_cap > 0),
      cap_scope text NOT NULL DEFAULT 'global' CHECK (cap_scope IN ('global', 'publisher')),
      -- Where clicks go when the offer cannot take them (paused, expired, capped).
      fallback_url text,
      -- Conversions are accepted for clicks at most this many days old.
      lookback_days integer NOT NULL DEFAULT 30 CHECK (lookback_days > 0),
      -- Every publisher may run it (true) or only those in publisher_offers.
      is_public boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX offers_advertiser_idx ON offers (advertiser_id);

    CREATE TABLE publisher_offers (
      publisher_id integer NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
      offer_id integer NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (publisher_id, offer_id)
    );
    CREATE INDEX publisher_offers_offer_idx ON publisher_offers (offer_id);

    CREATE TABLE offer_events (
      id serial PRIMARY KEY,
      offer_id integer NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
      name text NOT NULL,
      event_type text NOT NULL DEFAULT 'conversion' CHECK (event_type IN ('conversion', 'partial', 'upsell')),
      payout numeric(14, 4) NOT NULL DEFAULT 0,
      payout_type text NOT NULL DEFAULT 'cpa' CHECK (payout_type IN ('cpa', 'revshare')),
      -- The event a conversion call without event_id records; one per offer.
      is_base boolean NOT NULL DEFAULT false
    );
    CREATE INDEX offer_events_offer_idx ON offer_events (offer_id);
    CREATE UNIQUE INDEX offer_events_base_key ON offer_events (offer_id) WHERE is_base;

    CREATE TABLE landing_pages (
      id serial PRIMARY KEY,
      offer_id integer NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
      name text NOT NULL,
      url text NOT NULL,
      is_default boolean NOT NULL DEFAULT false
    );
    CREATE INDEX landing_pages_offer_idx ON landing_pages (offer_id);
    CREATE UNIQUE INDEX landing_pages_default_key ON landing_pages (offer_id) WHERE is_default;

    CREATE TABLE creatives (
      id serial PRIMARY KEY,
      offer_id integer NOT NULL REFERENCES offers(id) ON DELETE CASCADE,
      name text NOT NULL,
      type text NOT NULL CHECK (type IN ('image', 'video', 'audio', 'link', 'flash', 'text', 'html')),
      url text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX creatives_offer_idx ON creatives (offer_id);

    CREATE TABLE postbacks (
      id serial PRIMARY KEY,
      publisher_id integer NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
      name text NOT NULL,
      -- null: all offers / all events / all event types.
      offer_id integer REFERENCES offers(id) ON DELETE CASCADE,
      event_id integer REFERENCES offer_events(id) ON DELETE CASCADE,
      event_type text CHECK (event_type IN ('conversion', 'partial', 'upsell')),
      type text NOT NULL CHECK (type IN ('postback', 'pixel')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'inactive')),
      -- A URL for type postback, HTML for type pixel.
      value text NOT NULL,
      -- Set when deliveries keep failing after the retry budget; cleared by a success or an edit.
      failing_since timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX postbacks_publisher_idx ON postbacks (publisher_id, id);

    CREATE TABLE notifications (
      id serial PRIMARY KEY,
      publisher_id integer NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
      summary text NOT NULL,
      -- Sanitized HTML.
      description text NOT NULL DEFAULT '',
      urgent boolean NOT NULL DEFAULT false,
      is_read boolean NOT NULL DEFAULT false,
      context_domain text CHECK (context_domain IN ('offer')),
      context_id integer,
      -- What raised it (campaign_90_cap, campaign_reach_cap, offer_expire, postback_failing, broadcast)
      -- and a key that makes automatic notifications idempotent.
      kind text NOT NULL DEFAULT 'broadcast',
      dedup_key text,
      sent_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_publisher_idx ON notifications (publisher_id, sent_at DESC, id DESC);
    CREATE UNIQUE INDEX notifications_dedup_key ON notifications (publisher_id, dedup_key) WHERE dedup_key IS NOT NULL;
    `,
  );
}
