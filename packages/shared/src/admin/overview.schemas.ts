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

export const overviewSchema = z.object({
  pending_publishers: z.object({ count: z.number().int(), latest: z.array(pendingPublisherSchema) }),
  caps: z.array(capStatusSchema),
});
export type Overview = z.infer<typeof overviewSchema>;
export const overviewResponseSchema = dataEnvelope(overviewSchema);
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
