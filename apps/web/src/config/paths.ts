/**
 * The portal's pages (docs/screens.md), one entry each: its address, the layout it sits in and the
 * module under `app/routes/` that draws it. The router (app/router.tsx), every link (`paths` below)
 * and the build's list of each page's scripts, which the server preloads with the HTML
 * (vite.config.ts, apps/server/src/plugins/web-preload.ts), are all made from this table.
 *
 * Plain data without imports (but of types): the build reads it too.
 */
import type { ReportType } from '@portal/shared/reports/reports.schemas';

export const PROFILE_TABS = [
  'time-zone',
  'change-password',
  'notifications-settings',
  'two-factor-auth',
  'api-keys',
  'payment-details',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const OFFER_TABS = ['details', 'creatives', 'tracking-link', 'postbacks-and-pixels'] as const;
export type OfferTab = (typeof OFFER_TABS)[number];

/** Each report's address under /reports/ (docs/screens.md), by the report's type. */
export const REPORT_SLUGS = {
  campaign: 'campaign-summary',
  daily: 'daily-summary',
  hourly: 'hourly-summary',
  'landing-page': 'landing-page-summary',
  'sub-id': 'sub-affiliate-summary',
  conversion: 'conversion',
  click: 'click',
  referral: 'referral',
} as const satisfies Record<ReportType, string>;

/** The report a `/reports/:type` address shows, if any. */
export const reportOfSlug = (slug: string): ReportType | undefined =>
  (Object.keys(REPORT_SLUGS) as ReportType[]).find((t) => REPORT_SLUGS[t] === slug);

/**
 * The layouts, each with its access rule (app/access.ts, app/console-access.ts) and its module under
 * `app/layouts/`. `console` marks the operator console's (docs/operator-console.md): the build
 * groups their code apart, so the publisher pages' scripts stay as they are (build/chunks.ts).
 */
export const LAYOUTS = {
  public: { module: 'public-layout', console: false },
  selectAccount: { module: 'public-layout', console: false },
  app: { module: 'app-layout', console: false },
  consolePublic: { module: 'console-public-layout', console: true },
  console: { module: 'console-layout', console: true },
} as const;
export type LayoutName = keyof typeof LAYOUTS;

export interface PageRoute {
  /** React Router syntax: `:param`, `:param?` for an optional segment. */
  path: string;
  layout: LayoutName | null;
  /** Module under `app/routes/`, without `.tsx`; it exports `Component`. */
  page: string;
  /** Parameters a link leaves out, and a redirect below fills in. */
  defaults?: Record<string, string>;
}

export const ROUTES = {
  login: { path: '/login', layout: 'public', page: 'auth/login-page' },
  signup: { path: '/signup/:referrerId?', layout: 'public', page: 'auth/signup-page' },
  forgotPassword: { path: '/forgot-password', layout: 'public', page: 'auth/forgot-password-page' },
  resetPassword: { path: '/forgot-password/:token', layout: 'public', page: 'auth/reset-password-page' },
  selectAccount: { path: '/select-account', layout: 'selectAccount', page: 'auth/select-account-page' },
  home: { path: '/', layout: 'app', page: 'app/dashboard-page' },
  myOffers: { path: '/my-offers', layout: 'app', page: 'app/my-offers-page' },
  profile: { path: '/profile/:type', layout: 'app', page: 'app/profile-page', defaults: { type: 'time-zone' } },
  notifications: { path: '/notifications', layout: 'app', page: 'app/notifications-page' },
  offer: { path: '/offers/:id/:type', layout: 'app', page: 'app/offer-page', defaults: { type: 'details' } },
  globalPostbacks: { path: '/global-pixel-postback', layout: 'app', page: 'app/global-postbacks-page' },
  reports: {
    path: '/reports/:type',
    layout: 'app',
    page: 'app/reports-page',
    defaults: { type: REPORT_SLUGS.campaign },
  },
  invoices: { path: '/invoices', layout: 'app', page: 'app/invoices-page' },
  invoice: { path: '/invoices/:id', layout: 'app', page: 'app/invoice-page' },
  // The operator console (docs/operator-console.md).
  adminLogin: { path: '/admin/login', layout: 'consolePublic', page: 'admin/login-page' },
  adminSetPassword: { path: '/admin/set-password', layout: 'consolePublic', page: 'admin/set-password-page' },
  adminOverview: { path: '/admin', layout: 'console', page: 'admin/overview-page' },
  adminAuditLog: { path: '/admin/audit-log', layout: 'console', page: 'admin/audit-log-page' },
  adminOperators: { path: '/admin/operators', layout: 'console', page: 'admin/operators-page' },
  adminSecurity: { path: '/admin/security', layout: 'console', page: 'admin/security-page' },
  adminOffers: { path: '/admin/offers', layout: 'console', page: 'admin/offers-page' },
  adminOfferNew: { path: '/admin/offers/new', layout: 'console', page: 'admin/offer-page' },
  adminOffer: { path: '/admin/offers/:id', layout: 'console', page: 'admin/offer-page' },
  adminPublishers: { path: '/admin/publishers', layout: 'console', page: 'admin/publishers-page' },
  adminPublisher: { path: '/admin/publishers/:id', layout: 'console', page: 'admin/publisher-page' },
  adminAdvertisers: { path: '/admin/advertisers', layout: 'console', page: 'admin/advertisers-page' },
  adminAdvertiser: { path: '/admin/advertisers/:id', layout: 'console', page: 'admin/advertiser-page' },
  adminNotifications: { path: '/admin/notifications', layout: 'console', page: 'admin/notifications-page' },
  adminConversions: { path: '/admin/conversions', layout: 'console', page: 'admin/conversions-page' },
  adminConversionsReconcile: {
    path: '/admin/conversions/reconcile',
    layout: 'console',
    page: 'admin/reconcile-page',
  },
  adminInvoices: { path: '/admin/invoices', layout: 'console', page: 'admin/invoices-page' },
  adminInvoice: { path: '/admin/invoices/:id', layout: 'console', page: 'admin/invoice-page' },
  // Any other address, `/not-found` among them (a 404 answer's page, docs/screens.md).
  notFound: { path: '*', layout: null, page: 'errors/not-found-page' },
} as const satisfies Record<string, PageRoute>;
export type RouteName = keyof typeof ROUTES;

/** Addresses that open a page's default tab: the route's path, its parameters and its defaults. */
export const REDIRECTS = [
  { path: '/profile', to: 'profile' },
  { path: '/offers/:id', to: 'offer' },
  { path: '/reports', to: 'reports' },
] as const satisfies readonly { path: string; to: RouteName }[];

/**
 * A route's address with its parameters filled in (percent-encoded), a parameter left out taken from
 * `defaults`; an optional one left out drops its segment. The inverse of React Router's matching of
 * the same pattern.
 */
export function fillPath(
  pattern: string,
  params: Record<string, string | number | undefined> = {},
  defaults: Record<string, string> = {},
): string {
  const filled = pattern
    .split('/')
    .flatMap((segment) => {
      const param = /^:(\w+)(\?)?$/.exec(segment);
      if (!param) return [segment];
      const value = params[param[1]!] ?? defaults[param[1]!];
      if (value === undefined || value === '') {
        if (param[2]) return [];
        throw new Error(`${pattern}: no value for :${param[1]}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
  return filled || '/';
}

/** The parameter names of a route path: `/offers/:id/:type` → `'id' | 'type'`. */
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? ParamName<Name> | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? ParamName<Name>
    : never;
type ParamName<N extends string> = N extends `${infer Bare}?` ? Bare : N;

/** A route's parameters, by name: each optional here (a default or an optional segment may stand for it). */
export type RouteParams<N extends RouteName> = Partial<
  Record<ParamNames<(typeof ROUTES)[N]['path']>, string | number | undefined>
>;

/**
 * A page's address by its name in the table: its parameters filled in, those left out from the
 * route's defaults. Every link, the publisher pages' (`paths` below) and the console's
 * (features/admin/console-paths.ts), is made by it.
 */
export function getHref<N extends RouteName>(name: N, params: RouteParams<N> = {}): string {
  const route: PageRoute = ROUTES[name];
  return fillPath(route.path, params, route.defaults);
}

/** Every link of the portal, from the table above. */
export const paths = {
  home: getHref('home'),
  login: getHref('login'),
  signup: getHref('signup'),
  signupWithReferrer: (referrerId: string) => getHref('signup', { referrerId }),
  forgotPassword: getHref('forgotPassword'),
  resetPassword: (token: string) => getHref('resetPassword', { token }),
  selectAccount: getHref('selectAccount'),
  myOffers: getHref('myOffers'),
  profile: (tab?: ProfileTab) => getHref('profile', { type: tab }),
  notifications: getHref('notifications'),
  offer: (id: number | string, tab?: OfferTab) => getHref('offer', { id, type: tab }),
  globalPostbacks: getHref('globalPostbacks'),
  /** Global Pixels And Postbacks with one postback's delivery log open. */
  postbackDeliveries: (postbackId: number) => `${getHref('globalPostbacks')}?deliveries=${postbackId}`,
  reports: (type: ReportType = 'campaign') => getHref('reports', { type: REPORT_SLUGS[type] }),
  invoices: getHref('invoices'),
  invoice: (id: number | string) => getHref('invoice', { id }),
  notFound: '/not-found',
} as const;
