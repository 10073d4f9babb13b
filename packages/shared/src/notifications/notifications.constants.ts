/**
 * The notifications' limits, without zod: the web app's bell imports these, and the header's
 * chunk should not carry the schema library for a number (notifications.schemas.ts re-exports them).
 */

/** How many unread notifications the bell lists. */
export const NOTIFICATION_MODAL_LIMIT = 20;

/** Placeholder rows the bell's dropdown shows while it loads (spec §9). */
export const NOTIFICATION_MODAL_PLACEHOLDER_ROWS = 5;

/** Longest description shown (characters of HTML): what the server keeps (notifications.sanitize.ts). */
export const NOTIFICATION_DESCRIPTION_MAX_LENGTH = 20_000;
