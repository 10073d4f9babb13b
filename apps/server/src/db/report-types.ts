import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

/** Reports, invoices and exports (migrations 0040–0043). */
export interface ReportRollupsTable {
  publisher_id: number;
  grain: number;
  bucket: Timestamp;
  offer_id: number;
  landing_page_id: number;
  clicks: number;
  clicks_unique: number;
  conversions: number;
  partials: number;
  upsells: number;
  earnings: number;
}

export interface ReportPublisherRollupsTable extends Omit<ReportRollupsTable, 'offer_id' | 'landing_page_id'> {
  /** What the advertisers pay for the bucket's approved conversions (migration 0076). */
  revenue: Generated<number>;
}

export interface ReportSubidRollupsTable extends Omit<ReportRollupsTable, 'offer_id' | 'landing_page_id'> {
  sub_id: string;
}

export interface InvoicesTable {
  id: Generated<number>;
  publisher_id: number;
  period_start: string;
  period_end: string;
  payout_total: number;
  status: Generated<'generated' | 'request_payment' | 'processing' | 'paid' | 'void' | 'carried_over'>;
  created_at: CreatedAt;
  updated_at: Generated<Timestamp>;
  /** Set when the invoice is marked paid (migration 0080). */
  paid_at: string | null;
  payment_method: 'paypal' | 'bank_transfer' | 'other' | null;
  payment_reference: string | null;
}

export interface InvoiceItemsTable {
  id: Generated<number>;
  invoice_id: number;
  /** `adjustment`: a change after a month was invoiced; `carried_over`: a month below the minimum (migration 0080). */
  kind: 'offer' | 'referral' | 'reversal' | 'adjustment' | 'carried_over';
  offer_id: number | null;
  referred_publisher_id: number | null;
  /** For a `reversal` or `adjustment` line: its conversion (migration 0075). */
  conversion_id: string | null;
  name: string;
  price_per_action: number;
  payed_actions: number;
  total: number;
}

export interface ExportJobsTable {
  id: string;
  publisher_id: number;
  user_id: number;
  type: string;
  request: ColumnType<unknown, string, string>;
  timezone: string;
  status: Generated<'pending' | 'processing' | 'completed' | 'error'>;
  file_name: string;
  row_count: number | null;
  error: string | null;
  data_as_of: Timestamp | null;
  locked_until: Timestamp | null;
  created_at: CreatedAt;
  finished_at: Timestamp | null;
}

/** Events waiting to be added to the rollups (migration 0044): parallel arrays, one entry an event. */
export interface ReportRollupQueueTable {
  publisher_ids: number[];
  offer_ids: number[];
  landing_page_ids: (number | null)[];
  sub_ids: (string | null)[];
  created_at: Date[];
  uniques: boolean[];
  /** Null for a row of clicks. */
  event_types: ('conversion' | 'partial' | 'upsell')[] | null;
  earnings: number[] | null;
  /** Each conversion's revenue (migration 0076); null for clicks and rows queued before it. */
  revenues: ColumnType<number[] | null, number[] | null | undefined, number[] | null>;
}

export interface ReportsTables {
  report_publisher_rollups: ReportPublisherRollupsTable;
  report_rollups: ReportRollupsTable;
  report_subid_rollups: ReportSubidRollupsTable;
  report_rollup_queue: ReportRollupQueueTable;
  invoices: InvoicesTable;
  invoice_items: InvoiceItemsTable;
  export_jobs: ExportJobsTable;
}
