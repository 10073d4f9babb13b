import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { PaymentMethod } from '../../db/money-types.ts';

export interface PaymentDetailsRow {
  publisher_id: number;
  method: PaymentMethod;
  paypal_email: string | null;
  account_holder: string | null;
  iban: string | null;
  account_number: string | null;
  swift: string | null;
  note: string | null;
  updated_at: Date;
  paused_until: Date | null;
}

export type PaymentDetailsValues = Pick<
  PaymentDetailsRow,
  'method' | 'paypal_email' | 'account_holder' | 'iban' | 'account_number' | 'swift' | 'note'
>;

const COLUMNS = [
  'publisher_id',
  'method',
  'paypal_email',
  'account_holder',
  'iban',
  'account_number',
  'swift',
  'note',
  'updated_at',
  'paused_until',
] as const;

/** The SQL of `payment_details` (migration 0080): one row per publisher. */
export const paymentDetailsRepository = {
  async find(db: Db, publisherId: number): Promise<PaymentDetailsRow | undefined> {
    return (await db
      .selectFrom('payment_details')
      .select(COLUMNS)
      .where('publisher_id', '=', publisherId)
      .executeTakeFirst()) as unknown as PaymentDetailsRow | undefined;
  },

  async findMany(db: Db, publisherIds: number[]): Promise<PaymentDetailsRow[]> {
    if (publisherIds.length === 0) return [];
    return (await db
      .selectFrom('payment_details')
      .select(COLUMNS)
      .where('publisher_id', 'in', publisherIds)
      .execute()) as unknown as PaymentDetailsRow[];
  },

  /** Writes the details (a row per publisher), pausing payment for `pauseHours`. */
  async save(
    db: Db,
    publisherId: number,
    userId: number,
    values: PaymentDetailsValues,
    pauseHours: number,
  ): Promise<PaymentDetailsRow> {
    const row = { ...values, updated_by_user_id: userId };
    return (await db
      .insertInto('payment_details')
      .values({
        publisher_id: publisherId,
        ...row,
        updated_at: sql`now()`,
        paused_until: sql`now() + make_interval(hours => ${pauseHours})`,
      })
      .onConflict((oc) =>
        oc.column('publisher_id').doUpdateSet({
          ...row,
          updated_at: sql`now()`,
          paused_until: sql`now() + make_interval(hours => ${pauseHours})`,
        }),
      )
      .returning(COLUMNS)
      .executeTakeFirstOrThrow()) as unknown as PaymentDetailsRow;
  },
};
