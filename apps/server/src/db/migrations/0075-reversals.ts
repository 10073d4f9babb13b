import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Reversals and voided invoices (docs/operator-console.md, Conversions and Invoices; docs/reports.md).
 *
 * - `conversions.status` may be `reversed`: the conversion stays, counted nowhere from then on.
 * - `conversion_reversals`: one row per reversal, with who, why and the money it took back (payout,
 *   revenue), and the open invoices it adjusted; unique per conversion, so a conversion is
 *   reversed once however many operators try at the same time.
 * - `invoice_items.kind` may be `reversal`: a line of its own (a negative total) on the open invoice
 *   of the conversion's month, never an edit of the lines it had; `conversion_id` names the
 *   conversion it takes back.
 * - `invoices.status` may be `void`: the row stays; the month can be invoiced again, so the one-per-
 *   month rule holds among the invoices that are not void.
 * - Conversions are found by click (`tid`) and by order id (`adv_transaction_id`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    ALTER TABLE conversions DROP CONSTRAINT IF EXISTS conversions_status_check;
    ALTER TABLE conversions ADD CONSTRAINT conversions_status_check
      CHECK (status IN ('approved', 'pending', 'rejected', 'reversed'));
    CREATE INDEX conversions_click_idx ON conversions (click_id);
    CREATE INDEX conversions_order_idx ON conversions (adv_transaction_id) WHERE adv_transaction_id IS NOT NULL;

    CREATE TABLE conversion_reversals (
      id serial PRIMARY KEY,
      conversion_id uuid NOT NULL UNIQUE,
      conversion_created_at timestamptz NOT NULL,
      publisher_id integer NOT NULL,
      offer_id integer NOT NULL,
      event_type text NOT NULL,
      payout numeric(14, 4) NOT NULL,
      revenue numeric(14, 4) NOT NULL,
      reason text NOT NULL,
      operator_id integer,
      actor text NOT NULL,
      postbacks integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX conversion_reversals_publisher_idx ON conversion_reversals (publisher_id, created_at);

    ALTER TABLE invoice_items DROP CONSTRAINT IF EXISTS invoice_items_kind_check;
    ALTER TABLE invoice_items ADD CONSTRAINT invoice_items_kind_check CHECK (kind IN ('offer', 'referral', 'reversal'));
    ALTER TABLE invoice_items ADD COLUMN conversion_id uuid;

    ALTER TABLE invoices DROP CONSTRAINT IF EXISTS invoices_status_check;
    ALTER TABLE invoices ADD CONSTRAINT invoices_status_check
      CHECK (status IN ('generated', 'request_payment', 'processing', 'paid', 'void'));
    ALTER TABLE invoices DROP CONSTRAINT invoices_publisher_period_key;
    CREATE UNIQUE INDEX invoices_publisher_period_key ON invoices (publisher_id, period_start) WHERE status <> 'void';
    CREATE INDEX invoices_period_idx ON invoices (period_start DESC, id DESC);
    `,
  );
}
