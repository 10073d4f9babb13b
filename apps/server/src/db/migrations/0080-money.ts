import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Conversion statuses, reconciliation and payouts (docs/money.md).
 *
 * - `offers.conversion_approval`: how the offer's conversions arrive: `auto` (approved at once),
 *   `hold` (pending for `hold_days`, then approved unless rejected meanwhile) or `manual` (pending
 *   until an operator or the advertiser decides). `min_ctit_seconds`: a conversion sooner than this
 *   after its click is held (0: off).
 * - `conversions`: the current status's reason and time, the fraud flags that held it (the
 *   operator's to see, never the publisher's), when a hold ends (`approve_after`), and the address
 *   the conversion came from (for the repeat-address flag).
 * - `conversion_status_changes`: every change of status, a row of its own (who, when, why).
 * - `conversion_reconciliations`: an applied reconciliation file and its outcome, kept.
 * - `invoice_adjustments`: what changed after a month was invoiced (a late approval, a rejection or
 *   reversal of an invoiced conversion, a month carried over below the minimum payout), waiting for
 *   the next open invoice (`invoice_id` null) or on it.
 * - `invoices`: `carried_over` (below the minimum payout, not payable) and the payment's date,
 *   method and reference; `invoice_items.kind` `adjustment` and `carried_over` lines.
 * - `publishers.minimum_payout`: a publisher's own minimum (null: MINIMUM_PAYOUT_USD).
 * - `payment_details`: where a publisher is paid; a change pauses payment until `paused_until`.
 * - `postbacks.send_on_status_change`: a postback told of every status change, set where the URL
 *   already sends `{conversion_status}` (which is how a reversal was told before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE offers ADD COLUMN conversion_approval text NOT NULL DEFAULT 'auto'
      CHECK (conversion_approval IN ('auto', 'hold', 'manual'));
    ALTER TABLE offers ADD COLUMN hold_days integer CHECK (hold_days BETWEEN 1 AND 90);
    ALTER TABLE offers ADD COLUMN min_ctit_seconds integer NOT NULL DEFAULT 0
      CHECK (min_ctit_seconds BETWEEN 0 AND 2592000);
    ALTER TABLE offers ADD CONSTRAINT offers_hold_mode_check
      CHECK ((conversion_approval = 'hold') = (hold_days IS NOT NULL));

    ALTER TABLE conversions ADD COLUMN status_reason text;
    ALTER TABLE conversions ADD COLUMN status_changed_at timestamptz;
    ALTER TABLE conversions ADD COLUMN flags text[] NOT NULL DEFAULT '{}';
    ALTER TABLE conversions ADD COLUMN approve_after timestamptz;
    ALTER TABLE conversions ADD COLUMN ip text;
    CREATE INDEX conversions_pending_idx ON conversions (publisher_id, created_at) WHERE status = 'pending';
    CREATE INDEX conversions_hold_idx ON conversions (approve_after) WHERE status = 'pending' AND approve_after IS NOT NULL;
    CREATE INDEX conversions_address_idx ON conversions (offer_id, ip, created_at) WHERE ip IS NOT NULL;
    CREATE INDEX conversions_status_idx ON conversions (status, id);

    CREATE TABLE conversion_reconciliations (
      id serial PRIMARY KEY,
      operator_id integer,
      actor text NOT NULL,
      file_name text,
      csv text NOT NULL,
      rows integer NOT NULL,
      summary jsonb NOT NULL,
      outcome jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE conversion_status_changes (
      id bigserial PRIMARY KEY,
      conversion_id uuid NOT NULL,
      conversion_created_at timestamptz NOT NULL,
      publisher_id integer NOT NULL,
      offer_id integer NOT NULL,
      from_status text CHECK (from_status IN ('pending', 'approved', 'rejected', 'reversed')),
      to_status text NOT NULL CHECK (to_status IN ('pending', 'approved', 'rejected', 'reversed')),
      reason text,
      actor_kind text NOT NULL
        CHECK (actor_kind IN ('engine', 'operator', 'advertiser', 'reconciliation', 'hold_expiry', 'cli')),
      actor text NOT NULL,
      operator_id integer,
      reconciliation_id integer REFERENCES conversion_reconciliations(id),
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX conversion_status_changes_conversion_idx ON conversion_status_changes (conversion_id, id);
    CREATE INDEX conversion_status_changes_publisher_idx ON conversion_status_changes (publisher_id, created_at);

    ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_status_check;
    ALTER TABLE invoices ADD CONSTRAINT invoices_status_check
      CHECK (status IN ('generated', 'request_payment', 'processing', 'paid', 'void', 'carried_over'));
    ALTER TABLE invoices ADD COLUMN paid_at date;
    ALTER TABLE invoices ADD COLUMN payment_method text CHECK (payment_method IN ('paypal', 'bank_transfer', 'other'));
    ALTER TABLE invoices ADD COLUMN payment_reference text;

    ALTER TABLE invoice_items DROP CONSTRAINT IF EXISTS invoice_items_kind_check;
    ALTER TABLE invoice_items ADD CONSTRAINT invoice_items_kind_check
      CHECK (kind IN ('offer', 'referral', 'reversal', 'adjustment', 'carried_over'));

    CREATE TABLE invoice_adjustments (
      id serial PRIMARY KEY,
      publisher_id integer NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
      conversion_id uuid,
      conversion_month date,
      kind text NOT NULL CHECK (kind IN ('late_approval', 'rejection', 'reversal', 'carried_over')),
      amount numeric(18, 4) NOT NULL,
      name text NOT NULL,
      offer_id integer,
      referred_publisher_id integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      invoice_id integer REFERENCES invoices(id)
    );
    CREATE INDEX invoice_adjustments_waiting_idx ON invoice_adjustments (publisher_id, id) WHERE invoice_id IS NULL;
    CREATE INDEX invoice_adjustments_invoice_idx ON invoice_adjustments (invoice_id) WHERE invoice_id IS NOT NULL;

    ALTER TABLE publishers ADD COLUMN minimum_payout numeric(14, 2) CHECK (minimum_payout >= 0);

    CREATE TABLE payment_details (
      publisher_id integer PRIMARY KEY REFERENCES publishers(id) ON DELETE CASCADE,
      method text NOT NULL CHECK (method IN ('paypal', 'bank_transfer', 'other')),
      paypal_email text,
      account_holder text,
      iban text,
      account_number text,
      swift text,
      note text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by_user_id integer,
      paused_until timestamptz
    );

    ALTER TABLE postbacks ADD COLUMN send_on_status_change boolean NOT NULL DEFAULT false;
    UPDATE postbacks SET send_on_status_change = true WHERE value ILIKE '%{conversion_status}%';
    `,
  );
}
