import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface InvoiceRow {
  id: number;
  publisher_id: number;
  period_start: string;
  period_end: string;
  payout_total: number;
  status: 'generated' | 'request_payment' | 'processing' | 'paid' | 'void' | 'carried_over';
  created_at: Date;
  paid_at: string | null;
  payment_method: 'paypal' | 'bank_transfer' | 'other' | null;
  payment_reference: string | null;
}

const COLUMNS = [
  'id',
  'publisher_id',
  'period_start',
  'period_end',
  'payout_total',
  'status',
  'created_at',
  sql<string | null>`to_char(paid_at, 'YYYY-MM-DD')`.as('paid_at'),
  'payment_method',
  'payment_reference',
] as const;
export const invoicesRepository = {
  async page(
    db: Db,
    publisherId: number,
    opts: {
      sort: 'date_range_start' | 'id';
      order: 1 | -1;
      start: string | null;
      end: string | null;
      after: (string | number)[] | null;
      limit: number;
    },
  ): Promise<InvoiceRow[]> {
    // A void invoice is withdrawn: the publisher no longer sees it (docs/reports.md, Invoices).
    let q = db
      .selectFrom('invoices')
      .select(COLUMNS)
      .where('publisher_id', '=', publisherId)
      .where('status', '<>', 'void');
    if (opts.start) q = q.where('period_end', '>=', opts.start);
    if (opts.end) q = q.where('period_start', '<=', opts.end);
    const dir = opts.order === 1 ? 'asc' : 'desc';
    const cmp = sql.raw(opts.order === 1 ? '>' : '<');
    if (opts.sort === 'date_range_start') {
      if (opts.after)
        q = q.where(
          sql<boolean>`(period_start, id) ${cmp} (${String(opts.after[0])}::date, ${Number(opts.after[1])}::int)`,
        );
      q = q.orderBy('period_start', dir).orderBy('id', dir);
    } else {
      if (opts.after) q = q.where(sql<boolean>`id ${cmp} ${Number(opts.after[0])}::int`);
      q = q.orderBy('id', dir);
    }
    return (await q.limit(opts.limit + 1).execute()) as unknown as InvoiceRow[];
  },

  async findById(db: Db, publisherId: number, id: number): Promise<InvoiceRow | undefined> {
    return (await db
      .selectFrom('invoices')
      .select(COLUMNS)
      .where('publisher_id', '=', publisherId)
      .where('id', '=', id)
      .where('status', '<>', 'void')
      .executeTakeFirst()) as unknown as InvoiceRow | undefined;
  },

  async items(db: Db, invoiceId: number) {
    return db
      .selectFrom('invoice_items')
      .select(['kind', 'name', 'price_per_action', 'payed_actions', 'total'])
      .where('invoice_id', '=', invoiceId)
      .orderBy('id')
      .execute();
  },

  async findAny(db: Db, id: number): Promise<InvoiceRow | undefined> {
    return (await db.selectFrom('invoices').select(COLUMNS).where('id', '=', id).executeTakeFirst()) as unknown as
      InvoiceRow | undefined;
  },

  async setStatus(db: Db, id: number, from: InvoiceRow['status'], to: InvoiceRow['status']): Promise<boolean> {
    const r = await db
      .updateTable('invoices')
      .set({ status: to, updated_at: sql`now()` })
      .where('id', '=', id)
      .where('status', '=', from)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },

  /** Marks an invoice paid (from `processing`) with the payment's day, method and reference. */
  async setPaid(
    db: Db,
    id: number,
    payment: { paidAt: string; method: NonNullable<InvoiceRow['payment_method']>; reference: string },
  ): Promise<boolean> {
    const r = await db
      .updateTable('invoices')
      .set({
        status: 'paid',
        paid_at: payment.paidAt,
        payment_method: payment.method,
        payment_reference: payment.reference,
        updated_at: sql`now()`,
      })
      .where('id', '=', id)
      .where('status', '=', 'processing')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  },
};
