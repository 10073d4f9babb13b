/** Business constants and limits of docs/limits.md shared by the server and the web app. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const POSTBACK_MODAL_OFFER_PAGE_SIZE = 5;
export const LATEST_OFFERS_LIMIT = 5;
/** The dashboard's top campaigns by conversions (docs/screens.md Dashboard). */
export const TOP_CAMPAIGNS_LIMIT = 5;
export const TWO_FACTOR_CODE_LENGTH = 6;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;

export const NOTIFICATION_SUBSCRIPTION_KEYS = ['campaign_90_cap', 'campaign_reach_cap', 'offer_expire'] as const;
export type NotificationSubscriptionKey = (typeof NOTIFICATION_SUBSCRIPTION_KEYS)[number];
export const NOTIFICATION_SUBSCRIPTION_LABELS: Record<NotificationSubscriptionKey, string> = {
  campaign_90_cap: 'Offer 90 percent cap reached',
  campaign_reach_cap: 'Offer cap has been reached',
  offer_expire: 'Offer has expired',
};

export const CHAT_PLATFORMS = ['skype', 'telegram', 'wechat', 'whatsapp'] as const;
export type ChatPlatform = (typeof CHAT_PLATFORMS)[number];

/** Sign-up field length limits of docs/errors.md. */
export const SIGNUP_LIMITS = {
  user_name_first: 64,
  user_name_last: 64,
  user_title: 64,
  user_phone: 32,
  user_email: 256,
  user_chat_platform: 32,
  user_chat_platform_id: 256,
  user_password: 256,
  user_password_verify: 256,
  company_name: 256,
  company_address_street_1: 128,
  company_address_street_2: 128,
  company_address_city: 256,
  company_address_region: 16,
  company_address_postal_code: 16,
  company_address_country: 8,
  company_website_url: 2048,
  company_phone: 32,
  company_tax_id: 64,
} as const;

/**
 * An invoice's statuses as its publisher sees them: the way to payment (`INVOICE_FLOW`), and
 * `carried_over`, a month below the minimum payout, not payable, its total a line of the next
 * month's invoice (docs/money.md).
 */
export const INVOICE_STATUSES = ['generated', 'request_payment', 'processing', 'paid', 'carried_over'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** The way an invoice goes to payment, one step at a time. */
export const INVOICE_FLOW = [
  'generated',
  'request_payment',
  'processing',
  'paid',
] as const satisfies readonly InvoiceStatus[];

export const OFFER_STATUSES = ['active', 'ready', 'paused', 'expired', 'pending'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * How an offer's advertiser reports conversions (docs/tracking.md): a server postback with the
 * advertiser's token, the thank-you page's pixel, or both. Set by the network, shown to publishers.
 */
export const CONVERSION_METHODS = ['postback', 'pixel', 'both'] as const;
export type ConversionMethod = (typeof CONVERSION_METHODS)[number];

export const TOAST_DURATION_MS = 4000;
export const REDIRECT_AFTER_PASSWORD_MS = 2500;
export const RESET_LINK_MIN_SPINNER_MS = 1000;
export const TIMEZONE_CLOCK_REFRESH_MS = 250;
export const SEARCH_DEBOUNCE_MS = 500;
export const SKELETON_DELAY_MS = 1500;
export const SLOW_LOAD_MESSAGE_MS = 9500;
export const EXPORT_POLL_MS = 2000;
export const STACKED_LAYOUT_MAX_WIDTH = 1024;
