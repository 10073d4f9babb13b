import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import { signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { createOffer, insertClicks, insertConversion, type OfferFixture } from '../reports/report-fixtures.ts';
import { invoicesService, lastClosedMonth } from '../../src/modules/invoices/invoices.service.ts';

/**
 * A large reconciliation of an invoiced month (docs/money.md): 8,000 late approvals in one file
 * are 8,000 invoice adjustments written in the apply's transaction — more than one statement's
 * 65,535 parameters would hold — and the invoice comes to them to the cent.
 */
const ROWS = 8000;
let t: TestApp;
let manager: AdminClient;
let offer: OfferFixture;
const month = lastClosedMonth();

beforeAll(async () => {
  t = await createTestApp();
  manager = (await signedInOperator(t, 'manager')).api;
  offer = await createOffer(t, 'Large File Offer');
}, 60_000);
afterAll(() => t?.close());

describe('a large reconciliation', () => {
  it('applies 8,000 late approvals of an invoiced month: every one an adjustment on the open invoice', async () => {
    const p = await createPublisher(t, { name: 'Large File Media' });
    const at = new Date(`${month}-03T10:00:00Z`);
    const [first] = await insertClicks(t, [
      { at, publisherId: p.publisherId, offerId: offer.offerId, landingPageId: offer.landingPageIds[0]! },
    ]);
    await insertConversion(t, {
      at: new Date(at.getTime() + 60_000),
      click: first!,
      eventId: offer.events.conversion,
      eventType: 'conversion',
      payout: 5,
    });
    // The pending ones, in one statement each for their clicks and themselves.
    await sql`
      WITH k AS (SELECT gen_random_uuid() AS click_id, ${at}::timestamptz + n * interval '1 minute' AS at, n
                 FROM generate_series(1, ${ROWS}) n),
      c AS (INSERT INTO clicks (id, created_at, publisher_id, offer_id, landing_page_id, is_unique, has_conversion)
            SELECT click_id, at, ${p.publisherId}, ${offer.offerId}, ${offer.landingPageIds[0]!}, true, true FROM k RETURNING id)
      INSERT INTO conversions (id, created_at, publisher_id, offer_id, advertiser_id, event_id, event_type, landing_page_id,
        click_id, click_created_at, status, payout, payout_type, adv_transaction_id)
      SELECT gen_random_uuid(), at + interval '30 seconds', ${p.publisherId}, ${offer.offerId}, o.advertiser_id,
        ${offer.events.conversion}, 'conversion', ${offer.landingPageIds[0]!}, click_id, at, 'pending',
        (1 + (n % 100) / 100.0)::numeric, 'cpa', 'large-' || n
      FROM k, offers o WHERE o.id = ${offer.offerId}`.execute(t.app.ctx.db);
    await invoicesService.generateMonth(t.app.ctx, month, { publisherId: p.publisherId });
    const invoice = await t.app.ctx.db
      .selectFrom('invoices')
      .select(['id', 'payout_total'])
      .where('publisher_id', '=', p.publisherId)
      .executeTakeFirstOrThrow();
    expect(Number(invoice.payout_total)).toBe(5);

    const csv = ['order_id,status', ...Array.from({ length: ROWS }, (_, i) => `large-${i + 1},approved`)].join('\n');
    const r = await manager.post('/conversions/reconcile', { csv, apply: true, file_name: 'large.csv' });
    expect(r.status).toBe(200);
    expect(r.body.data.summary).toMatchObject({ rows: ROWS, changed: ROWS, invalid: 0, unknown: 0 });

    const expected = await sql<{ cents: number }>`
      SELECT round(sum(payout) * 100)::int AS cents FROM conversions
      WHERE publisher_id = ${p.publisherId} AND status = 'approved'`.execute(t.app.ctx.db);
    const after = await t.app.ctx.db
      .selectFrom('invoices')
      .select('payout_total')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow();
    expect(Math.round(Number(after.payout_total) * 100)).toBe(expected.rows[0]!.cents);
    const lines = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM invoice_items WHERE invoice_id = ${invoice.id} AND kind = 'adjustment'`.execute(
      t.app.ctx.db,
    );
    expect(lines.rows[0]!.n).toBe(ROWS);
  }, 120_000);
});
