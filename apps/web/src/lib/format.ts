/**
 * Number formats of docs/limits.md, written once for the web app and the server's
 * documents (the invoice PDF) in the shared package. Days and times: dates.ts.
 */
export {
  formatEpc,
  formatInteger,
  formatMoney,
  formatMoneyPrecise,
  formatPayout,
  formatPercent,
} from '@portal/shared/format';
