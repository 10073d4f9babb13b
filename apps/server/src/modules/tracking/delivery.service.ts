import type { Transaction } from 'kysely';
import type { Database } from '../../db/types.ts';
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
  trx: Transaction<Database>,
  source: MacroSource & { event: { id: number; eventType: string } },
): Promise<number> {
  const postbacks = await trx
    .selectFrom('postbacks')
    .select(['id', 'value'])
    .where('publisher_id', '=', source.publisher.id)
    .where('status', '=', 'active')
    .where('type', '=', 'postback')
    .where((eb) => eb.or([eb('offer_id', 'is', null), eb('offer_id', '=', source.offer.id)]))
    .where((eb) => eb.or([eb('event_id', 'is', null), eb('event_id', '=', source.event.id)]))
    .where((eb) => eb.or([eb('event_type', 'is', null), eb('event_type', '=', source.event.eventType as 'conversion')]))
    .execute();
  if (postbacks.length === 0) return 0;
  await trx
    .insertInto('postback_deliveries')
    .values(
      postbacks.map((p) => ({
        publisher_id: source.publisher.id,
        postback_id: p.id,
        conversion_id: source.conversion.id,
        event_key: eventKeyOf(source.conversion.id, p.id),
        url: renderPostbackUrl(p.value, source),
        next_attempt_at: new Date(),
      })),
    )
    .execute();
  return postbacks.length;
}
