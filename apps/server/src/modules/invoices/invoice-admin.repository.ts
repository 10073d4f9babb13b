import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { InvoiceRow } from './invoices.repository.ts';

/** An invoice as the console lists it: with its publisher's name and its last change. */
export interface AdminInvoiceRow extends InvoiceRow {
  publisher_name: string | null;
  updated_at: Date;
}

const ADMIN_COLUMNS = [
  'i.id',
  'i.publisher_id',
  'i.period_start',
  'i.period_end',
  'i.payout_total',
  'i.status',
  'i.created_at',
  'i.updated_at',
  sql<string | null>`to_char(i.paid_at, 'YYYY-MM-DD')`.as('paid_at'),
  'i.payment_method',
  'i.payment_reference',
  'p.name as publisher_name',
] as const;

/** The console's reads of invoices (list, one with its lines, a month's payable ones) and a carry's void. */
export const invoiceAdminRepository = {
  /** The console's list, newest first, by status, publisher and month. */
  async page(
    db: Db,
    f: { status: InvoiceRow['status'] | null; publisherId: number | null; periodStart: string | null },
    after: number | null,
    limit: number,
  ): Promise<AdminInvoiceRow[]> {
    let q = db.selectFrom('invoices as i').leftJoin('publishers as p', 'p.id', 'i.publisher_id').select(ADMIN_COLUMNS);
    if (f.status) q = q.where('i.status', '=', f.status);
    if (f.publisherId != null) q = q.where('i.publisher_id', '=', f.publisherId);
    if (f.periodStart) q = q.where('i.period_start', '=', f.periodStart);
    if (after != null) q = q.where('i.id', '<', after);
    return (await q
      .orderBy('i.id', 'desc')
      .limit(limit + 1)
      .execute()) as unknown as AdminInvoiceRow[];
  },

  async find(db: Db, id: number, lock = false): Promise<AdminInvoiceRow | undefined> {
    let q = db
      .selectFrom('invoices as i')
      .leftJoin('publishers as p', 'p.id', 'i.publisher_id')
      .select(ADMIN_COLUMNS)
      .where('i.id', '=', id);
    if (lock) q = q.forUpdate('i');
    return (await q.executeTakeFirst()) as unknown as AdminInvoiceRow | undefined;
  },

  items: (db: Db, invoiceId: number) =>
    db
      .selectFrom('invoice_items')
      .select(['kind', 'name', 'price_per_action', 'payed_actions', 'total'])
      .select(['offer_id', 'referred_publisher_id', 'conversion_id'])
      .where('invoice_id', '=', invoiceId)
      .orderBy('id')
      .execute(),

  /**
   * A month's payable invoices (not carried over nor void; paid ones left out) with their
   * publisher and its first user's e-mail, by publisher.
   */
  async payable(db: Db, periodStart: string) {
    const { rows } = await sql<{
      id: number;
      publisher_id: number;
      publisher_name: string;
      email: string | null;
      payout_total: string;
      status: string;
    }>`
      SELECT i.id, i.publisher_id, p.name AS publisher_name, i.payout_total, i.status,
        (SELECT u.email FROM publisher_users pu JOIN users u ON u.id = pu.user_id
          WHERE pu.publisher_id = p.id ORDER BY u.id LIMIT 1) AS email
      FROM invoices i JOIN publishers p ON p.id = i.publisher_id
      WHERE i.period_start = ${periodStart}::date AND i.status IN ('generated', 'request_payment', 'processing')
        AND i.payout_total > 0
      ORDER BY p.name, i.id`.execute(db);
    return rows;
  },

  /**
   * A carried-over month voided: its carry, still waiting, is dropped (the month is invoiced again).
   * Answers the invoice that took the carry already, if one did (then nothing is dropped).
   */
  async dropCarry(db: Db, publisherId: number, periodStart: string): Promise<number | null> {
    const taken = await db
      .selectFrom('invoice_adjustments as a')
      .innerJoin('invoices as i', 'i.id', 'a.invoice_id')
      .select('i.id')
      .where('a.publisher_id', '=', publisherId)
      .where('a.kind', '=', 'carried_over')
      .where('a.conversion_month', '=', periodStart)
      .where('i.status', '<>', 'void')
      .executeTakeFirst();
    if (taken) return taken.id;
    await db
      .deleteFrom('invoice_adjustments')
      .where('publisher_id', '=', publisherId)
      .where('kind', '=', 'carried_over')
      .where('conversion_month', '=', periodStart)
      .where('invoice_id', 'is', null)
      .execute();
    return null;
  },
};
