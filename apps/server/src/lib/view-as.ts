import type { FastifyRequest } from 'fastify';
import { API_BASE, API_PATHS, ERROR_CODES, REPORT_TYPES, VIEW_AS_READ_ONLY_MESSAGE } from '@portal/shared';
import { POSTBACK_DELIVERY_PATHS } from '@portal/shared/postback-deliveries/postback-deliveries.constants';
import { AppError } from './errors.ts';

/**
 * Sessions a console operator opened with **View as publisher** (docs/operator-console.md,
 * "Publishers"): the token names the operator (`act.oid`), and each request reads that operator
 * afresh (plugins/auth.ts), so the request's identity says whether they may write
 * (lib/request-identity.ts). A disabled operator's view-as sessions end at once; a viewer's read
 * only: every call of the publisher API that changes something answers 403.
 *
 * The publisher API's lists and reads are POST too, so the reads are named here, and anything else
 * counts as a write: a call added later is closed to a viewer's session until it is listed.
 */
const READ_PATHS: string[] = [
  API_PATHS.logout,
  API_PATHS.multiLogin,
  API_PATHS.impersonate,
  API_PATHS.twoFactorStatus,
  API_PATHS.user,
  API_PATHS.manager,
  API_PATHS.paymentDetails,
  API_PATHS.timezone,
  API_PATHS.campaignTable,
  API_PATHS.offerList,
  API_PATHS.offer,
  API_PATHS.offerDetails,
  API_PATHS.offerCreatives,
  API_PATHS.offerTrackingLink,
  API_PATHS.landingPageList,
  API_PATHS.eventList,
  API_PATHS.search,
  API_PATHS.postback,
  API_PATHS.postbackTable,
  API_PATHS.postbackSigningSecret,
  ...REPORT_TYPES.flatMap((t) => [API_PATHS.report(t), API_PATHS.reportTotal(t), API_PATHS.reportExport(t)]),
  API_PATHS.exportStatus,
  API_PATHS.exportDownload,
  API_PATHS.weekToDateSummary,
  API_PATHS.monthToDateSummary,
  API_PATHS.invoiceList,
  API_PATHS.invoice,
  API_PATHS.invoicePdf,
  API_PATHS.notificationTable,
  API_PATHS.notificationModal,
  API_PATHS.notificationById,
  API_PATHS.apiKeyList,
  POSTBACK_DELIVERY_PATHS.log,
  POSTBACK_DELIVERY_PATHS.preview,
];
const READS = new Set(READ_PATHS.map((p) => `${API_BASE}${p}`));

/** Whether a request of the publisher API changes something (GET never does). */
export function isPublisherWrite(request: FastifyRequest): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  return !READS.has(request.routeOptions.url ?? '');
}

/** A viewer's view-as session asked to change something. */
export const viewAsReadOnly = () => new AppError(403, ERROR_CODES.FORBIDDEN, VIEW_AS_READ_ONLY_MESSAGE);
