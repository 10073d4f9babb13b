import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { eventsService, type IngestedConversion } from '../events/events.service.ts';
import {
  invoiceAdjustmentsService,
  type AdjustmentMade,
  type ConversionMoneyChange,
} from '../invoices/invoice-adjustments.service.ts';
import {
  enqueueStatusDeliveries,
  type StatusChangeSource,
} from '../postback-deliveries/postback-deliveries.service.ts';
import { conversionStatusRepository } from './conversion-status.repository.ts';
import {
  countsInMoney,
  type StatusActor,
  type StatusChangeResult,
  type TargetStatus,
} from './conversion-status-rules.ts';
import { toAdminConversion } from './conversion-view.ts';
import { conversionsRepository, type AdminConversionRow } from './conversions.repository.ts';

const ingested = (r: AdminConversionRow): IngestedConversion => ({
  created_at: new Date(r.created_at),
  publisher_id: r.publisher_id,
  offer_id: r.offer_id,
  landing_page_id: r.landing_page_id,
  event_type: r.event_type,
  payout: Number(r.payout),
  revenue: Number(r.revenue),
  s1: r.s1,
});

/**
 * Writes checked changes (conversion-status.service.ts decided them): the statuses and their history
 * rows, the rollups, the invoice adjustments, the opted-in postbacks and, for a reversal, its record;
 * each conversion's result goes into `results`.
 */
export async function applyStatusChanges(
  ctx: AppContext,
  trx: Db,
  actor: StatusActor,
  changing: { row: AdminConversionRow; to: TargetStatus; reason: string | null }[],
  now: Date,
  publishers: Awaited<ReturnType<typeof invoiceAdjustmentsService.lockPublishers>>,
  results: Map<string, StatusChangeResult>,
): Promise<void> {
  const refs = changing.map(({ row }) => ({ id: row.id, at: new Date(row.created_at) }));
  await conversionStatusRepository.setStatuses(
    trx,
    changing.map(({ row, to, reason }) => ({ id: row.id, at: new Date(row.created_at), to, reason })),
    now,
  );
  const changeIds = await conversionStatusRepository.insertChanges(
    trx,
    changing.map(({ row: r, to, reason }) => ({
      conversion_id: r.id,
      conversion_created_at: new Date(r.created_at),
      publisher_id: r.publisher_id,
      offer_id: r.offer_id,
      from_status: r.status,
      to_status: to,
      reason,
      actor_kind: actor.kind,
      actor: actor.label,
      operator_id: actor.operatorId,
      reconciliation_id: actor.reconciliationId ?? null,
      created_at: now,
    })),
  );

  // The rollups and the invoices: what starts counting, and what stops.
  const added = changing.filter((c) => !countsInMoney(c.row.status) && countsInMoney(c.to));
  const removed = changing.filter((c) => countsInMoney(c.row.status) && !countsInMoney(c.to));
  await eventsService.changeConversions(
    trx,
    added.map((c) => ingested(c.row)),
    1,
  );
  await eventsService.changeConversions(
    trx,
    removed.map((c) => ingested(c.row)),
    -1,
  );
  const kindOf = (to: TargetStatus): ConversionMoneyChange['kind'] =>
    to === 'approved' ? 'late_approval' : to === 'reversed' ? 'reversal' : 'rejection';
  const adjustments: AdjustmentMade[] = await invoiceAdjustmentsService.adjust(
    ctx,
    trx,
    [...added, ...removed].map(({ row: r, to }) => ({
      conversionId: r.id,
      createdAt: new Date(r.created_at),
      publisherId: r.publisher_id,
      offerId: r.offer_id,
      offerName: r.offer_name ?? `Offer ${r.offer_id}`,
      payout: Number(r.payout),
      kind: kindOf(to),
    })),
    publishers,
  );

  const postbacks = await enqueueStatusDeliveries(
    trx,
    changing.map(({ row: r, to, reason }, i): StatusChangeSource => ({
      changeId: changeIds[i]!,
      publisher: { id: r.publisher_id, name: publishers.get(r.publisher_id)?.name ?? r.publisher_name ?? '' },
      offer: { id: r.offer_id, name: r.offer_name ?? `Offer ${r.offer_id}` },
      event: { id: r.event_id, eventType: r.event_type },
      click: {
        id: r.click_id,
        s1: r.s1,
        s2: r.s2,
        s3: r.s3,
        s4: r.s4,
        s5: r.s5,
        pub_source: r.pub_source,
        pub_click_id: r.pub_click_id,
      },
      conversion: {
        id: r.id,
        created_at: new Date(r.created_at),
        payout: Number(r.payout),
        sale_amount: r.sale_amount == null ? null : Number(r.sale_amount),
        adv_transaction_id: r.adv_transaction_id,
        adv_s1: r.adv_s1,
        adv_s2: r.adv_s2,
        adv_s3: r.adv_s3,
        adv_s4: r.adv_s4,
        adv_s5: r.adv_s5,
        status: to,
        status_reason: reason,
      },
    })),
    ctx.config.POSTBACK_FANOUT_LIMIT,
  );

  for (const [i, { row: r, to, reason }] of changing.entries())
    if (to === 'reversed')
      await conversionsRepository.insertReversal(trx, {
        conversion_id: r.id,
        conversion_created_at: new Date(r.created_at),
        publisher_id: r.publisher_id,
        offer_id: r.offer_id,
        event_type: r.event_type,
        payout: Number(r.payout),
        revenue: Number(r.revenue),
        reason: reason ?? '',
        operator_id: actor.operatorId,
        actor: actor.label,
        postbacks: postbacks[i] ?? 0,
      });

  const after = new Map(
    (await conversionStatusRepository.findMany(trx, refs, false)).map((r) => [r.id, toAdminConversion(r)]),
  );
  const adjustmentsOf = new Map<string, AdjustmentMade[]>();
  for (const a of adjustments) adjustmentsOf.set(a.conversion_id, [...(adjustmentsOf.get(a.conversion_id) ?? []), a]);
  for (const [i, { row: r, to }] of changing.entries()) {
    results.set(r.id, {
      id: r.id,
      outcome: 'changed',
      previous_status: r.status,
      status: to,
      message: null,
      before: toAdminConversion(r),
      after: after.get(r.id) ?? null,
      postbacks: postbacks[i] ?? 0,
      adjustments: adjustmentsOf.get(r.id) ?? [],
    });
  }
}
