import type { Kysely } from 'kysely';
import { runSql } from './run-sql.ts';

/**
 * Monthly invoices (docs/reports.md): one per publisher per closed calendar month (UTC). The unique
 * (publisher_id, period_start) makes generation safe to run from several processes at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await runSql(
    db,
    `
    CREATE TABLE invoices (
      id serial PRIMARY KEY,
      publisher_id integer NOT NULL REFERENCES publishers(id) ON DELETE CASCADE,
      period_start date NOT NULL,
      period_end date NOT NULL,
      payout_total numeric(18, 4) NOT NULL,
      status text NOT NULL DEFAULT 'generated' CHECK (status IN ('generated', 'request_payment', 'processing', 'paid')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT invoices_publisher_period_key UNIQUE (publisher_id, period_start)
    );
    CREATE INDEX invoices_publisher_idx ON invoices (publisher_id, period_start DESC, id DESC);

    CREATE TABLE invoice_items (
      id serial PRIMARY KEY,
      invoice_id integer NOT NULL REFERENCES invoices(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('offer', 'referral')),
      offer_id integer,
      referred_publisher_id integer,
      name text NOT NULL,
      price_per_action numeric(18, 4) NOT NULL,
      payed_actions integer NOT NULL,
      total numeric(18, 4) NOT NULL
    );
    CREATE INDEX invoice_items_invoice_idx ON invoice_items (invoice_id, id);
    `,
  );
}
