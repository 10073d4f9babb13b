import type { ReportType } from '@portal/shared/reports/reports.schemas';
import { click, conversion, referral } from './detail-reports.tsx';
import { campaign, daily, hourly, landingPage, subId } from './summary-reports.tsx';

export { totalsCell, type ColumnContext, type ReportDefinition } from './report-columns.tsx';

/** The eight reports of docs/screens.md, in their tab order. */
export const REPORTS = [campaign, daily, hourly, landingPage, subId, conversion, click, referral] as const;
export type AnyReportDefinition = (typeof REPORTS)[number];

const BY_TYPE = Object.fromEntries(REPORTS.map((r) => [r.type, r])) as Record<ReportType, AnyReportDefinition>;
export const reportOfType = (type: ReportType): AnyReportDefinition => BY_TYPE[type];
