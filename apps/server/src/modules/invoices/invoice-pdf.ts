import PDFDocument from 'pdfkit';
import { INVOICE_STATUS_LABELS, PAYMENT_METHOD_LABELS, type InvoiceResponse } from '@portal/shared';
import { formatDate, formatInteger, formatMoney, formatMoneyPrecise } from '@portal/shared/format';

/**
 * An invoice as a PDF document (docs/api.md "Invoice"): the same content as the invoice page — its
 * number, the publisher account, period, status, issue date, the lines (offer, Price Per Action,
 * Paid Actions, Total) and the grand total — on US Letter pages, the table's header repeated on each.
 */
export interface InvoicePdfInput extends InvoiceResponse {
  publisher: { id: number; name: string };
  /** The issue date as the reader's profile shows it (YYYY-MM-DD). */
  issued: string;
}

// The PDF's built-in fonts (no font file to ship) write Windows-1252 only: a character outside it
// loses its accents (NFKD) or, failing that, becomes "?", rather than printing as garbage.
const WIN_ANSI_EXTRA = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';
function printable(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.includes(ch)) out += ch;
    else {
      const plain = ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    }
  }
  return out;
}

const INK = '#0f172a';
const MUTED = '#475569';
const RULE = '#cbd5e1';
const SHADE = '#f1f5f9';
const PAGE = { margin: 54, width: 612, height: 792 };
const COLS = [
  { label: 'Offer', width: 234, align: 'left' as const },
  { label: 'Price Per Action', width: 100, align: 'right' as const },
  { label: 'Paid Actions', width: 80, align: 'right' as const },
  { label: 'Total', width: 90, align: 'right' as const },
];
const TABLE_WIDTH = COLS.reduce((s, c) => s + c.width, 0);
const PAD = 6;

/** Renders the invoice; resolves with the whole file. */
export function renderInvoicePdf(input: InvoicePdfInput): Promise<Buffer> {
  const { invoice, items, publisher } = input;
  const title = `Invoice #${invoice.id}`;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: PAGE.margin,
    info: {
      Title: title,
      Subject: `${printable(publisher.name)} ${invoice.date_range_start} to ${invoice.date_range_end}`,
    },
    bufferPages: true,
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = PAGE.margin;
  const bottom = PAGE.height - PAGE.margin;

  // Heading and the total.
  doc.font('Helvetica-Bold').fontSize(22).fillColor(INK).text(title, left, PAGE.margin);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text(printable(publisher.name), left, doc.y + 4);
  doc.text(`Publisher ID ${publisher.id}`);
  const right = left + TABLE_WIDTH;
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text('Total', right - 200, PAGE.margin + 2, { width: 200, align: 'right' });
  doc
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor(INK)
    .text(formatMoney(invoice.payout_total), right - 200, doc.y + 2, { width: 200, align: 'right' });

  // Period, status, issue date.
  let y = PAGE.margin + 86;
  const facts: [string, string][] = [
    ['Period', `${formatDate(invoice.date_range_start)} to ${formatDate(invoice.date_range_end)}`],
    ['Status', INVOICE_STATUS_LABELS[invoice.status]],
    ['Issued', input.issued],
    // A paid invoice says when, how and with which reference it was paid.
    ...(invoice.status === 'paid' && invoice.paid_at
      ? ([
          ['Paid', formatDate(invoice.paid_at)],
          ['Method', invoice.payment_method ? PAYMENT_METHOD_LABELS[invoice.payment_method] : '—'],
          ['Reference', invoice.payment_reference ?? '—'],
        ] as [string, string][])
      : []),
  ];
  for (const [label, value] of facts) {
    doc.font('Helvetica').fontSize(10).fillColor(MUTED).text(label, left, y, { width: 80 });
    doc
      .font('Helvetica-Bold')
      .fillColor(INK)
      .text(value, left + 80, y);
    y += 16;
  }
  y += 18;

  const header = () => {
    doc.rect(left, y, TABLE_WIDTH, 22).fill(SHADE);
    let x = left;
    doc.font('Helvetica-Bold').fontSize(9).fillColor(MUTED);
    for (const c of COLS) {
      doc.text(c.label, x + PAD, y + 7, { width: c.width - 2 * PAD, align: c.align });
      x += c.width;
    }
    y += 22;
  };
  header();

  if (items.length === 0) {
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(MUTED)
      .text('This invoice has no lines.', left + PAD, y + 8);
    y += 28;
  }
  for (const item of items) {
    const cells = [
      printable(item.name),
      formatMoneyPrecise(item.price_per_action),
      formatInteger(item.payed_actions),
      formatMoney(item.total),
    ];
    doc.font('Helvetica').fontSize(10);
    const height =
      Math.max(...cells.map((t, i) => doc.heightOfString(t, { width: COLS[i]!.width - 2 * PAD }))) + 2 * PAD;
    if (y + height > bottom - 40) {
      doc.addPage();
      y = PAGE.margin;
      header();
    }
    let x = left;
    cells.forEach((text, i) => {
      const col = COLS[i]!;
      doc
        .font(i === 3 ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(10)
        .fillColor(INK)
        .text(text, x + PAD, y + PAD, { width: col.width - 2 * PAD, align: col.align });
      x += col.width;
    });
    y += height;
    doc.moveTo(left, y).lineTo(right, y).lineWidth(0.5).strokeColor(RULE).stroke();
  }

  // The grand total.
  if (y + 30 > bottom) {
    doc.addPage();
    y = PAGE.margin;
  }
  doc.rect(left, y, TABLE_WIDTH, 28).fill(SHADE);
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .fillColor(INK)
    .text('Grand total', left + PAD, y + 9, { width: TABLE_WIDTH - COLS[3]!.width - 2 * PAD, align: 'right' });
  doc.text(formatMoney(invoice.payout_total), right - COLS[3]!.width + PAD, y + 9, {
    width: COLS[3]!.width - 2 * PAD,
    align: 'right',
  });

  // Page numbers, once the page count is known.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    // Written in the bottom margin: without this, PDFKit would start a page for it.
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor(MUTED)
      .text(`${title} · page ${i + 1} of ${range.count}`, left, PAGE.height - PAGE.margin + 18, {
        width: TABLE_WIDTH,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
