import { fillPath, ROUTES } from '../../config/paths.ts';

/** The console's links, from the route table (config/paths.ts); kept here, out of the publisher pages' code. */
export const consolePaths = {
  login: ROUTES.adminLogin.path,
  setPassword: ROUTES.adminSetPassword.path,
  overview: ROUTES.adminOverview.path,
  auditLog: ROUTES.adminAuditLog.path,
  operators: ROUTES.adminOperators.path,
  security: ROUTES.adminSecurity.path,
  offers: ROUTES.adminOffers.path,
  offerNew: ROUTES.adminOfferNew.path,
  offer: (id: number) => ROUTES.adminOffer.path.replace(':id', String(id)),
  publishers: ROUTES.adminPublishers.path,
  publisher: (id: number | string) => fillPath(ROUTES.adminPublisher.path, { id }),
  advertisers: ROUTES.adminAdvertisers.path,
  notifications: ROUTES.adminNotifications.path,
  conversions: ROUTES.adminConversions.path,
  invoices: ROUTES.adminInvoices.path,
  invoice: (id: number) => ROUTES.adminInvoice.path.replace(':id', String(id)),
} as const;
