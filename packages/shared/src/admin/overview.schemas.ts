import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';

/**
 * The console's Overview, one section per subject; each area adds its section as a field here
 * and a card on the page.
 */
export const pendingPublisherSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  created_at: z.string(),
});
export type PendingPublisher = z.infer<typeof pendingPublisherSchema>;

/** How many of the newest pending sign-ups the Overview lists. */
export const OVERVIEW_PENDING_LIMIT = 5;

/**
 * A cap's count in its current UTC day or month, and how much of it came from pixel conversions
 * (a cap pixels filled shows as such). `publisher_id` null: the offer's cap over all publishers.
 */
export const capStatusSchema = z.object({
  offer_id: z.number().int(),
  offer_name: z.string(),
  period: z.enum(['day', 'month']),
  period_start: z.string(),
  publisher_id: z.number().int().nullable(),
  count: z.number().int(),
  cap: z.number().int(),
  pixel_count: z.number().int(),
});
export type CapStatus = z.infer<typeof capStatusSchema>;

/** How many caps the Overview lists, fullest first. */
export const OVERVIEW_CAPS_LIMIT = 10;

/**
 * The network's sums over a span (every publisher): `conversions`, `partials` and `upsells` count
 * approved conversions by event type, as the reports do; `payout` is what the publishers earn on
 * all of them, `revenue` what the advertisers pay for them, `margin` = revenue − payout (USD).
 */
export const networkFiguresSchema = z.object({
  clicks: z.number().int(),
  conversions: z.number().int(),
  partials: z.number().int(),
  upsells: z.number().int(),
  revenue: z.number(),
  payout: z.number(),
  margin: z.number(),
});
export type NetworkFigures = z.infer<typeof networkFiguresSchema>;

/** Today (from midnight) and the month to date (from the 1st), UTC days, both up to `data_as_of`. */
export const networkToDateSchema = z.object({
  timezone: z.literal('UTC'),
  /** `YYYY-MM-DD`. */
  today: z.string(),
  month_start: z.string(),
  data_as_of: z.string(),
  today_figures: networkFiguresSchema,
  month_to_date: networkFiguresSchema,
});
export type NetworkToDate = z.infer<typeof networkToDateSchema>;

/**
 * A publisher's receiver (host and port) whose deliveries fail: backing off after failed attempts,
 * or with postbacks marked failing. `next_attempt_at`: when a delivery to it is next tried (its
 * earliest waiting one, not before its back-off ends), null when none waits.
 */
export const failingReceiverSchema = z.object({
  publisher_id: z.number().int(),
  publisher_name: z.string(),
  host: z.string(),
  failing_since: z.string(),
  failures: z.number().int(),
  backing_off_until: z.string().nullable(),
  next_attempt_at: z.string().nullable(),
  failing_postbacks: z.array(z.string()),
});
export type FailingReceiver = z.infer<typeof failingReceiverSchema>;

/** How many failing receivers the Overview lists, longest failing first (`count` has them all). */
export const OVERVIEW_RECEIVERS_LIMIT = 20;

/** Refused conversion calls per reason (docs/tracking.md, Refusals), most first. */
export const refusalCountSchema = z.object({ reason: z.string(), refusals: z.number().int() });
export type RefusalCount = z.infer<typeof refusalCountSchema>;

export const overviewSchema = z.object({
  pending_publishers: z.object({ count: z.number().int(), latest: z.array(pendingPublisherSchema) }),
  caps: z.array(capStatusSchema),
  network: networkToDateSchema,
  failing_receivers: z.object({ count: z.number().int(), receivers: z.array(failingReceiverSchema) }),
  /** Refusals of the last 24 hours: since `since`, 24 hours before the answer. */
  refusals: z.object({ since: z.string(), total: z.number().int(), by_reason: z.array(refusalCountSchema) }),
});
export type Overview = z.infer<typeof overviewSchema>;
export const overviewResponseSchema = dataEnvelope(overviewSchema);
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
