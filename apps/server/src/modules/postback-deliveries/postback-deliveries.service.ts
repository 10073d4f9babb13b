import type { Db } from '../../db/database.ts';
import type { EventType } from '../../db/types.ts';
import { postbacksService } from '../postbacks/postbacks.service.ts';
import { postbackDeliveriesRepository, FANOUT_REFUSED } from './postback-deliveries.repository.ts';
import { POSTBACK_MACROS, renderMacros, renderUrl } from '../../lib/macros.ts';
import { postbackMacroValues, type MacroSource } from './postback-render.ts';
import { receiverHostOf } from './receiver-backoff.ts';

/** The stable id a receiver deduplicates on: the same for every attempt and replay. */
export const eventKeyOf = (conversionId: string, postbackId: number) => `${conversionId}.${postbackId}`;

/** The reversal's event id: a delivery of its own beside the conversion's. */
export const reversalEventKeyOf = (conversionId: string, postbackId: number) =>
  `${conversionId}.${postbackId}.reversed`;

/** Whether a postback can tell a reversal from a conversion: it sends `{conversion_status}`. */
export const sendsStatus = (template: string) => template.toLowerCase().includes('{conversion_status}');

/** Renders a postback URL template; an unusable result is kept as rendered and fails at delivery. */
export function renderPostbackUrl(template: string, source: MacroSource): string {
  const values = postbackMacroValues(source);
  return renderUrl(template, values, POSTBACK_MACROS) ?? renderMacros(template, values, POSTBACK_MACROS);
}

/**
 * The outbox step of a conversion (docs/tracking.md): every matching active postback of the publisher
 * (offer-level or global, event and event type matching or null) becomes a delivery job, in the
 * conversion's own transaction, so a stored conversion always has its jobs and a refused one none.
 * At most `fanoutLimit` of them (the oldest postbacks first); those past it are stored as stopped
 * deliveries with a log row saying why, never sent. Answers how many were queued and refused.
 */
export async function enqueueDeliveries(
  trx: Db,
  source: MacroSource & { event: { id: number; eventType: EventType } },
  fanoutLimit: number,
): Promise<{ queued: number; refused: number }> {
  const postbacks = await postbacksService.findMatching(trx, {
    publisherId: source.publisher.id,
    type: 'postback',
    offerId: source.offer.id,
    eventId: source.event.id,
    eventType: source.event.eventType,
  });
  const rows = postbacks.map((p) => {
    const url = renderPostbackUrl(p.value, source);
    return {
      publisher_id: source.publisher.id,
      postback_id: p.id,
      conversion_id: source.conversion.id,
      event_key: eventKeyOf(source.conversion.id, p.id),
      url,
      receiver_host: receiverHostOf(url),
      next_attempt_at: new Date(),
    };
  });
  const queued = rows.slice(0, fanoutLimit);
  const refused = rows.slice(fanoutLimit);
  await postbackDeliveriesRepository.enqueue(trx, queued);
  await postbackDeliveriesRepository.refuse(trx, refused, {
    errorClass: FANOUT_REFUSED,
    message: `Not sent: this conversion matched more than ${fanoutLimit} postbacks, the most one conversion may send.`,
  });
  return { queued: queued.length, refused: refused.length };
}

/**
 * A reversed conversion (docs/tracking.md, Reversals): the publisher's postbacks that matched it and
 * send `{conversion_status}` get one delivery each with the status `reversed`, in the reversal's
 * transaction, under their own event id (`{conversion id}.{postback id}.reversed`). A postback
 * without the macro is not called: it could not tell the reversal from a second conversion.
 */
export async function enqueueReversalDeliveries(
  trx: Db,
  source: MacroSource & { event: { id: number; eventType: EventType } },
  fanoutLimit: number,
): Promise<number> {
  const postbacks = await postbacksService.findMatching(trx, {
    publisherId: source.publisher.id,
    type: 'postback',
    offerId: source.offer.id,
    eventId: source.event.id,
    eventType: source.event.eventType,
  });
  const reversed = { ...source, conversion: { ...source.conversion, status: 'reversed' as const } };
  const rows = postbacks
    .filter((p) => sendsStatus(p.value))
    .slice(0, fanoutLimit)
    .map((p) => {
      const url = renderPostbackUrl(p.value, reversed);
      return {
        publisher_id: source.publisher.id,
        postback_id: p.id,
        conversion_id: source.conversion.id,
        event_key: reversalEventKeyOf(source.conversion.id, p.id),
        url,
        receiver_host: receiverHostOf(url),
        next_attempt_at: new Date(),
      };
    });
  await postbackDeliveriesRepository.enqueue(trx, rows);
  return rows.length;
}

/* What the tracking engine, the conversions and the console's Overview use of postback delivery. */
export { deliveryJob, deliveryWorker, DeliveryWorker } from './postback-deliveries.jobs.ts';
export { isLoopedCall, LOOP_HEADER } from './loop-guard.ts';
export { postbackMacroValues, type MacroSource } from './postback-render.ts';
export { failingReceivers, type FailingReceiverState } from './failing-receivers.ts';
export { receiverBackoff } from './receiver-backoff.ts';
