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

/** A status change's event id: one per change (a conversion may be rejected, then approved again). */
export const statusEventKeyOf = (conversionId: string, postbackId: number, status: string, changeId: string) =>
  status === 'reversed'
    ? reversalEventKeyOf(conversionId, postbackId)
    : `${conversionId}.${postbackId}.${status}.${changeId}`;

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

/** A status change to tell the publisher's postbacks of (docs/money.md). */
export interface StatusChangeSource extends MacroSource {
  event: { id: number; eventType: EventType };
  conversion: MacroSource['conversion'] & { status: string; status_reason: string | null };
  /** The change's row id (conversion_status_changes), which names the delivery. */
  changeId: string;
}

/**
 * Status changes (docs/money.md, "Send on status change"): every active postback of the publisher
 * that matches the conversion (offer, event, event type) and opted in to status changes gets one
 * delivery per change, with `{conversion_status}` and `{status_reason}`, in the change's
 * transaction. A reversal is also told to a postback that sends `{conversion_status}` without
 * having opted in, as before the option existed. At most `fanoutLimit` per change. Answers how many
 * deliveries each change got, in order.
 */
export async function enqueueStatusDeliveries(
  trx: Db,
  changes: StatusChangeSource[],
  fanoutLimit: number,
): Promise<number[]> {
  if (changes.length === 0) return [];
  const receivers = await postbacksService.statusReceivers(trx, [...new Set(changes.map((c) => c.publisher.id))]);
  const rows = [];
  const counts: number[] = [];
  for (const c of changes) {
    const matching = receivers
      .filter(
        (p) =>
          p.publisher_id === c.publisher.id &&
          (p.offer_id == null || p.offer_id === c.offer.id) &&
          (p.event_id == null || p.event_id === c.event.id) &&
          (p.event_type == null || p.event_type === c.event.eventType) &&
          (p.send_on_status_change || (c.conversion.status === 'reversed' && sendsStatus(p.value))),
      )
      .slice(0, fanoutLimit);
    counts.push(matching.length);
    for (const p of matching) {
      const url = renderPostbackUrl(p.value, c);
      rows.push({
        publisher_id: c.publisher.id,
        postback_id: p.id,
        conversion_id: c.conversion.id,
        event_key: statusEventKeyOf(c.conversion.id, p.id, c.conversion.status, c.changeId),
        url,
        receiver_host: receiverHostOf(url),
        next_attempt_at: new Date(),
      });
    }
  }
  for (let i = 0; i < rows.length; i += 1000) await postbackDeliveriesRepository.enqueue(trx, rows.slice(i, i + 1000));
  return counts;
}
