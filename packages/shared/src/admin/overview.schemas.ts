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

export const overviewSchema = z.object({
  pending_publishers: z.object({ count: z.number().int(), latest: z.array(pendingPublisherSchema) }),
});
export type Overview = z.infer<typeof overviewSchema>;
export const overviewResponseSchema = dataEnvelope(overviewSchema);
export type OverviewResponse = z.infer<typeof overviewResponseSchema>;
