/**
 * CSV cells (RFC 4180) that no spreadsheet runs as a formula (docs/security.md, docs/reliability.md B8, the
 * OWASP "CSV injection" advice), whatever list separator the reader picks.
 *
 * The file is written with `,` and CRLF, but a spreadsheet in a locale whose list separator is `;`
 * (or an import dialog set to tab) splits each line at those characters instead, and then a new
 * cell starts in the middle of one of ours: `a;=1+1` read with `;` is the cells `a` and `=1+1`.
 * So for every text cell:
 *
 * 1. Neutralise: wherever a reader may start a cell — the start of ours, or right after a `,`,
 *    `;`, tab, CR or LF inside it — and the text from there (after any white space or double
 *    quotes, which some readers skip) begins with a formula trigger (`=` `+` `-` `@` tab CR, or
 *    the full-width `＝＋－＠`), a single quote `'` goes in at that point, before the white space
 *    and quotes. `a;=1+1` becomes `a;'=1+1`, `=1` becomes `'=1`, `\t=1` becomes `'\t'=1`.
 * 2. Quote: a cell holding any separator (`,` `;` tab), a double quote, a line break or a trigger
 *    anywhere is written between double quotes with its quotes doubled, so a reader that honours
 *    quotes keeps it whole (`"a;'=1+1"`), and one that does not still finds `'` first.
 *
 * Numbers the product writes (counts, amounts, rates; negative earnings too) are JavaScript numbers
 * and stay bare numbers (`-1.5`), never prefixed or quoted; null is an empty cell; booleans are
 * Yes / No. Only strings (names, sub IDs, sources, times, ids) go through the two steps above, so a
 * sub ID `-1` is text (`'-1`) while an amount -1 is the number `-1`. Lines end with CRLF.
 */
const TRIGGERS = '=+\\-@\\t\\r\\uFF1D\\uFF0B\\uFF0D\\uFF20';
const BREAKS = ',;\\t\\r\\n';
/** Every point where a reader may start a cell and the text there runs a formula (a CRLF is one break). */
const FORMULA_START = new RegExp(`(?<=^|[${BREAKS}])(?<!\\r(?=\\n))(?=[\\s"]*[${TRIGGERS}])`, 'g');
const NEEDS_QUOTES = new RegExp(`[${BREAKS}"${TRIGGERS}]`);

export function csvCell(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const s = String(value).replace(FORMULA_START, "'");
  return NEEDS_QUOTES.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Columns of each report's file: the row fields of docs/api.md, in that order. */
export const EXPORT_COLUMNS: Record<string, string[]> = {
  campaign: ['offer_id', 'campaign_name', 'clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'],
  daily: ['day', 'clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'],
  hourly: ['hour', 'clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'],
  'landing-page': [
    'landing_page_id',
    'landing_page_name',
    'offer_id',
    'offer_name',
    'clicks',
    'conversions',
    'partials',
    'upsells',
    'cvr',
    'earnings',
    'epc',
  ],
  'sub-id': ['sub_id', 'clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'],
  conversion: [
    'timestamp',
    'click_time',
    'offer_id',
    'offer_name',
    'event_id',
    'sub_id_1',
    'sub_id_2',
    'sub_id_3',
    'sub_id_4',
    'sub_id_5',
    'pub_source',
    'earnings',
    'conversion_id',
    'status',
    'status_reason',
  ],
  click: [
    'timestamp',
    'offer_name',
    'sub_id_1',
    'sub_id_2',
    'sub_id_3',
    'sub_id_4',
    'sub_id_5',
    'pub_click_id',
    'pub_source',
    'ip_address',
    'has_conversion',
    'click_id',
  ],
  referral: ['referred_publisher_name', 'offer_name', 'conversions', 'commission_amount', 'payout_amount_total'],
};
