import type { PublisherStatus } from '@portal/shared/admin/publishers.constants';
import { getHref } from '../../config/paths.ts';

/**
 * The console's links, each from the route table (config/paths.ts `getHref`); kept here, out of the
 * publisher pages' code. No console address is written anywhere else.
 */
export const consolePaths = {
  login: getHref('adminLogin'),
  setPassword: getHref('adminSetPassword'),
  overview: getHref('adminOverview'),
  auditLog: getHref('adminAuditLog'),
  operators: getHref('adminOperators'),
  security: getHref('adminSecurity'),
  offers: getHref('adminOffers'),
  offerNew: getHref('adminOfferNew'),
  offer: (id: number | string) => getHref('adminOffer', { id }),
  publishers: getHref('adminPublishers'),
  /** The Publishers list filtered by a status (the filter is kept in the address). */
  publishersWithStatus: (status: PublisherStatus) => `${getHref('adminPublishers')}?status=${status}`,
  publisher: (id: number | string) => getHref('adminPublisher', { id }),
  advertisers: getHref('adminAdvertisers'),
  advertiser: (id: number | string) => getHref('adminAdvertiser', { id }),
  notifications: getHref('adminNotifications'),
  conversions: getHref('adminConversions'),
  conversionsReconcile: getHref('adminConversionsReconcile'),
  invoices: getHref('adminInvoices'),
  invoice: (id: number | string) => getHref('adminInvoice', { id }),
} as const;
