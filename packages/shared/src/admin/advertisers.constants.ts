/**
 * The Advertisers area's values (docs/operator-console.md "Advertisers"), without zod: the console's
 * pages read these, and a label should not pull in the schema library.
 */
export const ADVERTISER_STATUSES = ['active', 'inactive'] as const;
export type AdvertiserStatus = (typeof ADVERTISER_STATUSES)[number];
export const ADVERTISER_NAME_MAX = 256;
