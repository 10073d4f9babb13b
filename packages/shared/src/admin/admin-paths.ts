/**
 * Paths of the operator API, relative to ADMIN_API_BASE (docs/operator-console.md). Lists and
 * writes are POST, single objects GET, as in the publisher API. Fastify patterns (`:id`); the web
 * app fills them with `adminPath()`. Each area adds its own lines.
 */
export const ADMIN_API_BASE = '/api/admin/v1';

export const ADMIN_API_PATHS = {
  login: '/auth/login',
  verifyCode: '/auth/verify-code',
  logout: '/auth/logout',
  setPassword: '/auth/set-password',
  me: '/me',
  mePassword: '/me/password',
  twoFactorSetup: '/me/two-factor/setup',
  twoFactorEnable: '/me/two-factor/enable',
  twoFactorDisable: '/me/two-factor/disable',
  overview: '/overview',
  auditLog: '/audit-log',
  auditLogOperators: '/audit-log/operators',
  operators: '/operators',
  operatorInvite: '/operators/invite',
  operatorUpdate: '/operators/:id/update',
  operatorResetLink: '/operators/:id/reset-link',
  settings: '/settings',
  settingsUpdate: '/settings/update',
  offers: '/offers',
  offerAdvertisers: '/offers/advertisers',
  offerCreate: '/offers/new',
  offer: '/offers/:id',
  offerUpdate: '/offers/:id/update',
  offerCreativeAdd: '/offers/:id/creatives/add',
  offerCreativeRemove: '/offers/:id/creatives/:creativeId/remove',
  offerGrants: '/offer-access/grants',
  offerGrant: '/offer-access/grant',
  offerRevoke: '/offer-access/revoke',
  offerAccessRequests: '/offer-access/requests',
  offerAccessApprove: '/offer-access/requests/:id/approve',
  publishers: '/publishers',
  publisher: '/publishers/:id',
  publisherStatus: '/publishers/:id/status',
  publisherUpdate: '/publishers/:id/update',
  publisherLinkUser: '/publishers/:id/users/link',
  publisherUnlinkUser: '/publishers/:id/users/unlink',
  publisherViewAs: '/publishers/:id/view-as',
  accountManagers: '/account-managers',
  advertisers: '/advertisers',
  advertiserCreate: '/advertisers/create',
  advertiser: '/advertisers/:id',
  advertiserUpdate: '/advertisers/:id/update',
  advertiserRotateToken: '/advertisers/:id/rotate-token',
  advertiserRotatePixelSecret: '/advertisers/:id/rotate-pixel-secret',
  notificationSends: '/notifications',
  notificationSend: '/notifications/send',
  notificationRecipients: '/notifications/recipients',
  conversions: '/conversions',
  conversion: '/conversions/:id',
  conversionReverse: '/conversions/:id/reverse',
  conversionStatus: '/conversions/status',
  conversionReconcile: '/conversions/reconcile',
  conversionReconciliations: '/conversions/reconciliations',
  invoices: '/invoices',
  invoiceGenerate: '/invoices/generate',
  /** A month's payable invoices as CSV (`?month=YYYY-MM`). */
  invoicesPayableCsv: '/invoices/payable.csv',
  invoice: '/invoices/:id',
  invoiceStatus: '/invoices/:id/status',
} as const;

/** A pattern with its `:params` filled in (each value URI-encoded). */
export function adminPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([a-z_]+)/gi, (_, name: string) => {
    const v = params[name];
    if (v === undefined) throw new Error(`adminPath: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(v));
  });
}
