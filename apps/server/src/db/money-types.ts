import type { ColumnType, Generated } from 'kysely';
import type { ConversionStatus } from './tracking-types.ts';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Migration 0080 (docs/money.md): conversion statuses, reconciliation, adjustments and payouts. */

export type ConversionApproval = 'auto' | 'hold' | 'manual';
export type StatusActorKind = 'engine' | 'operator' | 'advertiser' | 'reconciliation' | 'hold_expiry' | 'cli';
export type PaymentMethod = 'paypal' | 'bank_transfer' | 'other';
export type InvoiceAdjustmentKind = 'late_approval' | 'rejection' | 'reversal' | 'carried_over';

/** Every change of a conversion's status, a row of its own. `from_status` null: how it arrived. */
export interface ConversionStatusChangesTable {
  id: Generated<string>;
  conversion_id: string;
  conversion_created_at: Timestamp;
  publisher_id: number;
  offer_id: number;
  from_status: ConversionStatus | null;
  to_status: ConversionStatus;
  reason: string | null;
  actor_kind: StatusActorKind;
  actor: string;
  operator_id: number | null;
  reconciliation_id: number | null;
  created_at: CreatedAt;
}

/** An applied reconciliation file, kept with its outcome. */
export interface ConversionReconciliationsTable {
  id: Generated<number>;
  operator_id: number | null;
  actor: string;
  file_name: string | null;
  csv: string;
  rows: number;
  summary: ColumnType<unknown, string, string>;
  outcome: ColumnType<unknown, string, string>;
  created_at: CreatedAt;
}

/** What changed after a month was invoiced, waiting for the next open invoice (`invoice_id` null) or on it. */
export interface InvoiceAdjustmentsTable {
  id: Generated<number>;
  publisher_id: number;
  conversion_id: string | null;
  conversion_month: string | null;
  kind: InvoiceAdjustmentKind;
  amount: number;
  name: string;
  offer_id: number | null;
  referred_publisher_id: number | null;
  created_at: CreatedAt;
  invoice_id: number | null;
}

/** Where a publisher is paid; a change pauses payment until `paused_until`. */
export interface PaymentDetailsTable {
  publisher_id: number;
  method: PaymentMethod;
  paypal_email: string | null;
  account_holder: string | null;
  iban: string | null;
  account_number: string | null;
  swift: string | null;
  note: string | null;
  updated_at: Generated<Timestamp>;
  updated_by_user_id: number | null;
  paused_until: Timestamp | null;
}

export interface MoneyTables {
  conversion_status_changes: ConversionStatusChangesTable;
  conversion_reconciliations: ConversionReconciliationsTable;
  invoice_adjustments: InvoiceAdjustmentsTable;
  payment_details: PaymentDetailsTable;
}
