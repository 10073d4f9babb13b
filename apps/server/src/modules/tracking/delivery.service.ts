import type { Db } from '../../db/database.ts';
import type { EventType } from '../../db/types.ts';
import { postbacksService } from '../postbacks/postbacks.service.ts';
import { deliveryRepository } from './delivery.repository.ts';
import { POSTBACK_MACROS, renderMacros, renderUrl } from './macros.ts';
import { postbackMacroValues, type MacroSource } from './postback-render.ts';

/** The stable id a receiver deduplicates on: the same for every attempt and replay. */
export const eventKeyOf = (conversionId: string, postbackId: number) => `${conversionId}.${postbackId}`;

/** Renders a postback URL template; an unusable result is kept as rendered and fails at delivery. */
export function renderPostbackUrl(template: string, source: MacroSource): string {
  const values = postbackMacroValues(source);
  return renderUrl(template, values, POSTBACK_MACROS) ?? renderMacros(template, values, POSTBACK_MACROS);
}

/**
 * The outbox step of a conversion (docs/tracking.md): every matching active postback of the publisher
 * (offer-level or global, event and event type matching or null) becomes a delivery job, in the
 * conversion's own transaction, so a stored conversion always has its jobs and a refused one none.
 */
export async function enqueueDeliveries(
  trx: Db,
  source: MacroSource & { event: { id: number; eventType: EventType } },
): Promise<number> {
  const postbacks = await postbacksService.findMatching(trx, {
    publisherId: source.publisher.id,
    type: 'postback',
    offerId: source.offer.id,
    eventId: source.event.id,
    eventType: source.event.eventType,
  });
  await deliveryRepository.enqueue(
    trx,
    postbacks.map((p) => ({
      publisher_id: source.publisher.id,
      postback_id: p.id,
      conversion_id: source.conversion.id,
      event_key: eventKeyOf(source.conversion.id, p.id),
      url: renderPostbackUrl(p.value, source),
      next_attempt_at: new Date(),
    })),
  );
  return postbacks.length;
}
