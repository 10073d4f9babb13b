/**
 * The reports' constants and labels, without zod: the web app's screens import these (reports.schemas.ts
 * re-exports them).
 */

/**
 * A conversion's status as the publisher sees it (docs/money.md): only approved ones count in the
 * metrics; a pending one waits for a decision; a rejected or reversed one is listed with its reason.
 */
export const REPORT_CONVERSION_STATUSES = ['approved', 'pending', 'rejected', 'reversed'] as const;
export type ReportConversionStatus = (typeof REPORT_CONVERSION_STATUSES)[number];
export const REPORT_CONVERSION_STATUS_LABELS: Record<ReportConversionStatus, string> = {
  approved: 'Approved',
  pending: 'Pending',
  rejected: 'Rejected',
  reversed: 'Reversed',
};
