/**
 * The Notifications area's values (docs/operator-console.md "Notifications"), without zod: the
 * console's pages read these, and a limit should not pull in the schema library.
 */
export const NOTIFICATION_AUDIENCES = ['all', 'chosen'] as const;
export type NotificationAudience = (typeof NOTIFICATION_AUDIENCES)[number];
export const NOTIFICATION_TITLE_MAX = 500;
/** How many publishers one send may name (every active publisher: audience 'all'). */
export const NOTIFICATION_CHOSEN_MAX = 1000;
