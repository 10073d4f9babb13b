/**
 * The notifications' limits, without zod: the web app's bell imports these, and the header's
 * chunk should not carry the schema library for a number (notifications.schemas.ts re-exports them).
 */

/**
 * What a notification can be about, and link to (docs/api.md Notifications): an offer (its
 * details), a postback (its delivery log) or an invoice (its page).
 */
export const NOTIFICATION_TARGET_DOMAINS = ['offer', 'postback', 'invoice'] as const;
export type NotificationTargetDomain = (typeof NOTIFICATION_TARGET_DOMAINS)[number];

/** How many unread notifications the bell lists. */
export const NOTIFICATION_MODAL_LIMIT = 20;

/** Placeholder rows the bell's dropdown shows while it loads (docs/limits.md). */
export const NOTIFICATION_MODAL_PLACEHOLDER_ROWS = 5;

/** Longest description kept and shown (characters of HTML). */
export const NOTIFICATION_DESCRIPTION_MAX_LENGTH = 20_000;

/**
 * What notification HTML may hold, on the server when it stores and answers and in the browser when
 * it renders (docs/security.md, docs/reliability.md B6): formatting and links only; no script, event handler,
 * SVG/MathML, form, frame or style.
 */
export const NOTIFICATION_HTML_TAGS = [
  'a',
  'b',
  'strong',
  'i',
  'em',
  'u',
  'p',
  'br',
  'ul',
  'ol',
  'li',
  'span',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'blockquote',
  'code',
  'pre',
  'hr',
  'small',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];

/** Links only to http(s) and mailto. */
export const NOTIFICATION_LINK_SCHEMES = /^(?:https?:|mailto:)/i;
