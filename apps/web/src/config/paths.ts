/** Route paths of the portal (docs/screens.md), in one place. */
export const PROFILE_TABS = [
  'time-zone',
  'change-password',
  'notifications-settings',
  'two-factor-auth',
  'api-keys',
] as const;
export type ProfileTab = (typeof PROFILE_TABS)[number];

export const OFFER_TABS = ['details', 'creatives', 'tracking-link', 'postbacks-and-pixels'] as const;
export type OfferTab = (typeof OFFER_TABS)[number];

export const REPORT_TYPES = [
  'campaign-summary',
  'daily-summary',
  'hourly-summary',
  'landing-page-summary',
  'sub-affiliate-summary',
  'conversion',
  'click',
  'referral',
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  signupWithReferrer: (referrerId: string) => `/signup/${encodeURIComponent(referrerId)}`,
  forgotPassword: '/forgot-password',
  resetPassword: (token: string) => `/forgot-password/${encodeURIComponent(token)}`,
  selectAccount: '/select-account',
  myOffers: '/my-offers',
  profile: (tab: ProfileTab = 'time-zone') => `/profile/${tab}`,
  notifications: '/notifications',
  offer: (id: number | string, tab: OfferTab = 'details') => `/offers/${id}/${tab}`,
  globalPostbacks: '/global-pixel-postback',
  reports: (type: ReportType = 'campaign-summary') => `/reports/${type}`,
  invoices: '/invoices',
  invoice: (id: number | string) => `/invoices/${id}`,
  notFound: '/not-found',
} as const;
