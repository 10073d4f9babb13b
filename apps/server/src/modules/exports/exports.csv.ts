/**
 * CSV cells (RFC 4180) with formula neutralisation (DESIGN.md §8, RELIABILITY B8): a string that
 * begins with = + - @ tab or CR gets a leading ' so spreadsheets show it as text; numbers stay
 * numbers; a cell with a comma, quote, CR or LF is quoted, quotes doubled. Lines end with CRLF.
 */
export function csvCell(value: unknown): string {
  if (value == null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  let s = String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: unknown[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Columns of each report's file: the row fields of spec §3, in that order. */
export const EXPORT_COLUMNS: Record<string, string[]> = {
  campaign: ['offer_id', 'campaign_name', 'clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'],
  daily: ['day', 'clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'],
  hourly: ['hour', 'clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'],
  'landing-page': ['landing_page_id', 'landing_page_name', 'offer_id', 'offer_name', 'clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'],
  'sub-id': ['sub_id', 'clicks', 'conversions', 'partials', 'upsells', 'cvr', 'earnings', 'epc'],
  conversion: ['timestamp', 'click_time', 'offer_id', 'offer_name', 'event_id', 'sub_id_1', 'sub_id_2', 'sub_id_3', 'sub_id_4', 'sub_id_5', 'pub_source', 'earnings', 'conversion_id'],
  click: ['timestamp', 'offer_name', 'sub_id_1', 'sub_id_2', 'sub_id_3', 'sub_id_4', 'sub_id_5', 'pub_click_id', 'pub_source', 'ip_address', 'has_conversion', 'click_id'],
  referral: ['referred_publisher_name', 'offer_name', 'conversions', 'commission_amount', 'payout_amount_total'],
};
