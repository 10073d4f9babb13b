import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, enableTwoFactor, login, type PublisherFixture } from '../helpers/factories.ts';
import { auditRows, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { DEMO_TOTP_SECRET, totpCode } from '../helpers/totp.ts';
import { createOffer, insertClicks, insertConversion, type OfferFixture } from '../reports/report-fixtures.ts';
import { invoicesService } from '../../src/modules/invoices/invoices.service.ts';

/**
 * Payouts (docs/money.md "Payment details and payments"): the publisher's payment details behind
 * the password (and 2FA), e-mailed and paused 72 hours on change, masked for operators; marking an
 * invoice paid with its date, method and reference, which the publisher sees; a month's payable
 * invoices as CSV.
 */
let t: TestApp;
let manager: AdminClient;
let viewer: AdminClient;
let offer: OfferFixture;
let pub: PublisherFixture;
let token: string;
const now = new Date('2026-11-22T00:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  manager = (await signedInOperator(t, 'manager')).api;
  viewer = (await signedInOperator(t, 'viewer')).api;
  offer = await createOffer(t, 'Payout Offer');
  pub = await createPublisher(t, { name: 'Paid Media' });
  token = await login(t, pub);
}, 60_000);
afterAll(() => t?.close());

const update = (body: Record<string, unknown>, as = token) =>
  t.post('/api/v1/payment-details/update', body, { token: as });

describe('payment details', () => {
  it('starts empty, and refuses a change without the right password', async () => {
    const empty = await t.post('/api/v1/payment-details', {}, { token });
    expect(empty.status).toBe(200);
    expect(empty.body.data).toBeNull();
    const none = await update({ method: 'paypal', paypal_email: 'pay@example.test' });
    expect(none.status).toBe(422);
    expect(none.body.errors.password.code).toBe('0x4001');
    const wrong = await update({ method: 'paypal', paypal_email: 'pay@example.test', password: 'nope' });
    expect(wrong.body.errors.password).toEqual({ code: '0x4011', message: 'Invalid credentials.' });
  });

  it('checks the fields of each method', async () => {
    const password = pub.password;
    expect((await update({ password })).body.errors.method.code).toBe('0x4013');
    expect((await update({ method: 'cheque', password })).body.errors.method.code).toBe('0x4010');
    expect((await update({ method: 'paypal', paypal_email: 'not-an-email', password })).body.errors).toEqual({
      paypal_email: { code: '0x4010', message: 'Please enter a valid e-mail address.' },
    });
    const badIban = await update({
      method: 'bank_transfer',
      account_holder: 'Paid Media',
      iban: 'DE89370400440532013001',
      password,
    });
    expect(badIban.body.errors).toEqual({
      iban: { code: '0x4011', message: 'This IBAN is not valid: please check it.' },
    });
    const nothing = await update({ method: 'bank_transfer', password });
    expect(Object.keys(nothing.body.errors).sort()).toEqual(['account_holder', 'iban']);
    const noSwift = await update({
      method: 'bank_transfer',
      account_holder: 'A',
      account_number: '12345678',
      password,
    });
    expect(noSwift.body.errors.swift.code).toBe('0x4001');
    const badSwift = await update({
      method: 'bank_transfer',
      account_holder: 'A',
      account_number: '12345678',
      swift: 'XX',
      password,
    });
    expect(badSwift.body.errors.swift.code).toBe('0x4011');
    expect((await update({ method: 'other', password })).body.errors.note.code).toBe('0x4001');
  });

  it('saves with the password, e-mails the account, pauses payment 72 h; the publisher reads them in full', async () => {
    const before = t.outbox().length;
    const r = await update({
      method: 'bank_transfer',
      account_holder: 'Paid Media Ltd',
      iban: 'de89 3704 0044 0532 0130 00',
      password: pub.password,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      method: 'bank_transfer',
      account_holder: 'Paid Media Ltd',
      iban: 'DE89 3704 0044 0532 0130 00',
      paypal_email: null,
    });
    const paused = Date.parse(r.body.data.payment_paused_until) - Date.now();
    expect(paused).toBeGreaterThan(71.9 * 3600_000);
    expect(paused).toBeLessThanOrEqual(72 * 3600_000);
    const mail = t.outbox().slice(before);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: pub.email, subject: 'Your payment details were changed' });
    expect(mail[0]!.text).toContain('paused for 72 hours');
    expect(mail[0]!.text).not.toContain('0130');
    const read = await t.post('/api/v1/payment-details', {}, { token });
    expect(read.body.data.iban).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('operators see them masked but for the last four characters', async () => {
    const page = await viewer.get(`/publishers/${pub.publisherId}`);
    expect(page.status).toBe(200);
    expect(page.body.data.payment_details).toMatchObject({
      method: 'bank_transfer',
      iban: '••••••••3000',
      account_holder: '••••••••aLtd',
    });
    expect(page.body.data.payment_details.payment_paused_until).not.toBeNull();
    expect(JSON.stringify(page.body)).not.toContain('DE89');
  });

  it('with two-factor on, a change needs the code too', async () => {
    await enableTwoFactor(t, pub.userId, DEMO_TOTP_SECRET);
    const body = { method: 'paypal', paypal_email: 'pay@paid-media.test', password: pub.password };
    const missing = await update(body);
    expect(missing.body.errors.code.code).toBe('0x4001');
    expect((await update({ ...body, code: '000000' })).body.errors.code.code).toBe('0x4011');
    const ok = await update({ ...body, code: totpCode(DEMO_TOTP_SECRET) });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ method: 'paypal', paypal_email: 'pay@paid-media.test', iban: null });
  });

  it('spends the password budget on wrong passwords only: twelve right ones in a row are all saved', async () => {
    const other = await createPublisher(t, { name: 'Budget Media' });
    const as = await login(t, other);
    for (let i = 0; i < 12; i++) {
      const saved = await update(
        { method: 'paypal', paypal_email: `budget${i}@example.test`, password: other.password },
        as,
      );
      expect(saved.status, `save ${i + 1}`).toBe(200);
    }
    // Ten wrong ones are refused as wrong; the eleventh is throttled.
    for (let i = 0; i < 10; i++) {
      const wrong = await update({ method: 'paypal', paypal_email: 'x@example.test', password: 'nope' }, as);
      expect(wrong.status).toBe(422);
    }
    const throttled = await update({ method: 'paypal', paypal_email: 'x@example.test', password: 'nope' }, as);
    expect(throttled.status).toBe(429);
  });

  it('is not reachable with an API key', async () => {
    const key = await t.post('/api-key/create', { name: 'Books', scope: 'read', password: pub.password }, { token });
    const secret = key.body?.data?.key ?? key.body?.data?.secret;
    if (secret) expect((await t.post('/payment-details', {}, { token: secret })).status).toBe(401);
  });
});

describe('mark paid and the payable CSV', () => {
  let invoiceId: number;
  beforeAll(async () => {
    const [ck] = await insertClicks(t, [
      {
        at: new Date('2026-09-10T09:59:00Z'),
        publisherId: pub.publisherId,
        offerId: offer.offerId,
        landingPageId: null,
      },
    ]);
    await insertConversion(t, {
      at: new Date('2026-09-10T10:00:00Z'),
      click: ck!,
      eventId: offer.events.conversion,
      eventType: 'conversion',
      payout: 120,
    });
    await invoicesService.generateMonth(t.app.ctx, '2026-09', { now, publisherId: pub.publisherId });
    const inv = await t.app.ctx.db
      .selectFrom('invoices')
      .select('id')
      .where('publisher_id', '=', pub.publisherId)
      .executeTakeFirstOrThrow();
    invoiceId = inv.id;
  });

  it('lists a month payable invoices as CSV, masked, with the paused flag', async () => {
    const r = await viewer.get('/invoices/payable.csv?month=2026-09');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/csv');
    expect(r.headers.get('content-disposition')).toContain('payable-invoices-2026-09.csv');
    const lines = String(r.body).trim().split('\r\n');
    expect(lines[0]).toBe(
      'invoice_id,publisher_id,publisher,email,amount,currency,status,method,payment_details,paused,paused_until',
    );
    const row = lines.find((l) => l.startsWith(`${invoiceId},`))!;
    expect(row).toContain(`,Paid Media,"${pub.email}",120,USD,generated,PayPal,PayPal ••••••••test,Yes,"`);
    expect(row).not.toContain('paid-media');
    expect((await viewer.get('/invoices/payable.csv?month=2026-9')).status).toBe(422);
    expect((await t.get('/api/admin/v1/invoices/payable.csv?month=2026-09')).status).toBe(401);
  });

  it('records the payment when marked paid; the publisher sees it on the invoice and the list', async () => {
    for (const status of ['request_payment', 'processing'])
      expect((await manager.post(`/invoices/${invoiceId}/status`, { status })).status).toBe(200);
    const missing = await manager.post(`/invoices/${invoiceId}/status`, { status: 'paid' });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.errors).sort()).toEqual(['paid_at', 'payment_method', 'payment_reference']);
    const future = await manager.post(`/invoices/${invoiceId}/status`, {
      status: 'paid',
      paid_at: '2999-01-01',
      payment_method: 'paypal',
      payment_reference: 'X',
    });
    expect(future.body.errors.paid_at.code).toBe('0x4011');
    const badDay = await manager.post(`/invoices/${invoiceId}/status`, {
      status: 'paid',
      paid_at: '2026-02-30',
      payment_method: 'wire',
      payment_reference: 'X',
    });
    expect(badDay.body.errors.paid_at.code).toBe('0x4010');
    expect(badDay.body.errors.payment_method.code).toBe('0x4010');

    const paid = await manager.post(`/invoices/${invoiceId}/status`, {
      status: 'paid',
      paid_at: '2026-10-30',
      payment_method: 'paypal',
      payment_reference: 'PP-7781-XZ',
    });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({
      status: 'paid',
      paid_at: '2026-10-30',
      payment_method: 'paypal',
      payment_reference: 'PP-7781-XZ',
    });
    expect((await auditRows(t))[0]).toMatchObject({ action: 'invoice.status' });
    const seen = await t.post('/api/v1/invoice', { id: invoiceId }, { token });
    expect(seen.body.invoice).toMatchObject({
      status: 'paid',
      paid_at: '2026-10-30',
      payment_method: 'paypal',
      payment_reference: 'PP-7781-XZ',
    });
    const list = await t.post('/api/v1/invoice-list', {}, { token });
    expect(list.body.data[0]).toMatchObject({ paid_at: '2026-10-30', payment_reference: 'PP-7781-XZ' });
    // Paid: no longer payable.
    const csv = await viewer.get('/invoices/payable.csv?month=2026-09');
    expect(String(csv.body)).not.toContain(`\r\n${invoiceId},`);
  });
});
