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

/** A view-as session lasts at most this long from its login code's exchange (docs/security.md). */
export const VIEW_AS_TTL_SECONDS = 30 * 60;

/**
 * What only the publisher does, never an operator viewing as them, whatever the operator's role:
 * make API keys, change the password or two-factor, change payment details, read or rotate the
 * postback signing secret (with which deliveries the publisher's receiver trusts could be forged).
 * The publisher side has no e-mail change. Answered 403 `0x4030` with `VIEW_AS_REFUSED_MESSAGE`.
 */
const PUBLISHER_ONLY_PATHS: string[] = [
  API_PATHS.apiKeyCreate,
  API_PATHS.updatePassword,
  API_PATHS.twoFactorSetup,
  API_PATHS.twoFactorEnable,
  API_PATHS.twoFactorDisable,
  API_PATHS.paymentDetailsUpdate,
  API_PATHS.postbackSigningSecret,
  API_PATHS.postbackSigningSecretRotate,
];
const PUBLISHER_ONLY = new Set(PUBLISHER_ONLY_PATHS.map((p) => `${API_BASE}${p}`));

export const VIEW_AS_REFUSED_MESSAGE =
  'Only the publisher can do this: not while viewing the portal as this publisher from the console.';

/** Whether a request is one only the publisher may make (never a view-as session). */
export const isPublisherOnly = (request: FastifyRequest): boolean => PUBLISHER_ONLY.has(request.routeOptions.url ?? '');

export const viewAsRefused = () => new AppError(403, ERROR_CODES.FORBIDDEN, VIEW_AS_REFUSED_MESSAGE);

/**
 * The audit action of a view-as write: `publisher.view_as.` and the route's path after the API
 * base, its separators as dots (`/postback/create` → `publisher.view_as.postback.create`).
 */
export function viewAsAction(request: FastifyRequest): string {
  const path = (request.routeOptions.url ?? request.url).replace(API_BASE, '');
  const name = path
    .replace(/[^a-zA-Z0-9/_-]/g, '')
    .split('/')
    .filter(Boolean)
    .join('.')
    .replace(/-/g, '_');
  return `publisher.view_as.${name || 'request'}`;
}

const SECRET_FIELD = /password|secret|token|code|key/i;

/** A request body as the audit log keeps it: secret-looking fields replaced, nothing else changed. */
export function auditedBody(body: unknown): Record<string, unknown> | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '[redacted]' : v]),
  );
}
