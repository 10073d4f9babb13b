import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '@portal/shared/api-paths';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { createOffer, insertClicks, insertConversion } from '../reports/report-fixtures.ts';
import { invoicesService } from '../../src/modules/invoices/invoices.service.ts';

/** The invoice PDF (docs/api.md "Invoice"): the invoice call's content as a file, for its owner only. */
let t: TestApp;
let a: { publisherId: number; token: string };
let b: { token: string };
let invoiceId: number;

/** The PDF's bytes, as fetch gives them (the test app's helper reads bodies as text). */
async function pdfOf(id: unknown, token: string) {
  const res = await fetch(`${t.url}${API_BASE}/invoice/pdf`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ id }),
  });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

/** The text drawn on the pages: each content stream inflated, its TJ strings decoded (Windows-1252). */
function textOf(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const lines: string[] = [];
  for (const m of raw.matchAll(/stream\n([\s\S]*?)\nendstream/g)) {
    let content: string;
    try {
      content = zlib.inflateSync(Buffer.from(m[1]!, 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    for (const tj of content.matchAll(/\[(.*?)\] TJ/g))
      lines.push(
        [...tj[1]!.matchAll(/<([0-9a-f]*)>/g)].map((h) => Buffer.from(h[1]!, 'hex').toString('latin1')).join(''),
      );
  }
  return lines.join('\n');
}

beforeAll(async () => {
  t = await createTestApp();
  const pa = await createPublisher(t, { name: 'PDF Media Group', timezone: 'America/Toronto' });
  const pb = await createPublisher(t);
  a = { publisherId: pa.publisherId, token: await login(t, pa) };
  b = { token: await login(t, pb) };
  const offer = await createOffer(t, 'Café Offer Ünicode Őrség 日本');
  for (const at of ['2026-09-03T10:00:00Z', '2026-09-04T10:00:00Z']) {
    const [ck] = await insertClicks(t, [
      {
        at: new Date(Date.parse(at) - 60_000),
        publisherId: a.publisherId,
        offerId: offer.offerId,
        landingPageId: offer.landingPageIds[0],
      },
    ]);
    await insertConversion(t, {
      at: new Date(at),
      click: ck!,
      eventId: offer.events.conversion,
      eventType: 'conversion',
      payout: 2.25,
    });
  }
  await invoicesService.generateMonth(t.app.ctx, '2026-09', { now: new Date('2026-10-02T00:00:00Z') });
  const list = await t.post('/invoice-list', {}, { token: a.token });
  invoiceId = list.body.data[0].id as number;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('invoice PDF', () => {
  it('answers the invoice as a PDF attachment with its lines and total', async () => {
    const { res, bytes } = await pdfOf(invoiceId, a.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${invoiceId}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);
    const text = textOf(bytes);
    for (const part of [
      `Invoice #${invoiceId}`,
      'PDF Media Group',
      `Publisher ID ${a.publisherId}`,
      '2026-09-01 to 2026-09-30',
      'Generated',
      'Price Per Action',
      'Paid Actions',
      // Characters the PDF's fonts cannot write lose their accents or become "?", never garbage.
      'Café Offer Ünicode Orség ??',
      '$2.25',
      'Grand total',
      '$4.50',
    ])
      expect(text, `${part} in ${JSON.stringify(text)}`).toContain(part);
  });

  it("refuses another publisher's invoice, an unknown one, a bad id and no session", async () => {
    expect((await pdfOf(invoiceId, b.token)).res.status).toBe(404);
    expect((await pdfOf(999_999, a.token)).res.status).toBe(404);
    expect((await pdfOf('x', a.token)).res.status).toBe(422);
    const anonymous = await t.post('/invoice/pdf', { id: invoiceId });
    expect(anonymous.status).toBe(401);
  });
});
