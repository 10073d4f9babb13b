import type { AdminConversion, ConversionStatusChange, StatusOutcome } from '@portal/shared/admin/conversions.schemas';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { StatusActorKind } from '../../db/money-types.ts';
import type { ConversionStatus } from '../../db/tracking-types.ts';
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
import { uuidv7Time } from '../tracking/uuid7.ts';
import { conversionStatusRepository, type ConversionRef } from './conversion-status.repository.ts';
import { conversionsRepository, type AdminConversionRow } from './conversions.repository.ts';
import { toAdminConversion } from './conversion-view.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Who changes a status (docs/money.md): an operator (or the command line), the advertiser, a
 * reconciliation file, the end of a hold. `label` is what the history shows.
 */
export interface StatusActor {
  kind: Exclude<StatusActorKind, 'engine'>;
  label: string;
  operatorId: number | null;
  reconciliationId?: number | null;
}

/** What a status change may set a conversion to. */
export type TargetStatus = 'approved' | 'rejected' | 'reversed';

/** One conversion's outcome of a change. */
export interface StatusChangeResult {
  id: string;
  outcome: StatusOutcome;
  previous_status: ConversionStatus | null;
  status: ConversionStatus | null;
  message: string | null;
  /** The conversion before and after (known conversions). */
  before: AdminConversion | null;
  after: AdminConversion | null;
  /** How many postbacks were told of the change. */
  postbacks: number;
  /** The invoice adjustments it made (its month was invoiced: the publisher's, the referrer's). */
  adjustments: AdjustmentMade[];
}

export const FINAL_MESSAGE = 'A reversed conversion is final: its status cannot change.';
export const CHARGEBACK_OVER = 'The chargeback period of 60 days after payment is over.';

/**
 * Whether docs/money.md's table allows this move: null when it does, else why not. `unchanged` is
 * decided before (a conversion already in the status).
 */
export function refusedMove(from: ConversionStatus, to: TargetStatus, actor: StatusActor['kind']): string | null {
  if (from === 'reversed') return FINAL_MESSAGE;
  if (to === 'reversed') {
    if (actor !== 'operator' && actor !== 'cli') return 'Only the network may reverse a conversion.';
    return from === 'approved' ? null : 'Only an approved conversion can be reversed.';
  }
  if (actor === 'hold_expiry' && !(from === 'pending' && to === 'approved'))
    return "A hold's end only approves a pending conversion.";
  return null;
}

/** The ids a caller named, as conversion references; a malformed id is unknown. */
export function refsOf(ids: string[]): { refs: ConversionRef[]; malformed: string[] } {
  const refs: ConversionRef[] = [];
  const malformed: string[] = [];
  const seen = new Set<string>();
  for (const raw of ids) {
    const id = raw.trim().toLowerCase();
    if (seen.has(id)) continue;
    seen.add(id);
    if (UUID.test(id)) refs.push({ id, at: uuidv7Time(id) });
    else malformed.push(raw);
  }
  return { refs, malformed };
}

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

/** Whether the conversion counts in the publisher's money in this status. */
const counts = (s: ConversionStatus) => s === 'approved';

/**
 * The one way a conversion's status changes after it arrives (docs/money.md, "Statuses"), for every
 * actor: the console's Approve/Reject/Reverse, the advertiser's `/postback/status`, a
 * reconciliation file, the hold's end. In the caller's transaction:
 *
 * 1. the publishers are locked (the per-publisher lock invoice generation takes), then the
 *    conversions, in id order;
 * 2. each move is checked against the table (reversed is final; only an operator reverses; nothing
 *    goes back to pending; a rejection or reversal of an approved conversion more than 60 days after
 *    its month was paid is refused);
 * 3. the statuses are set, each change a row of `conversion_status_changes` (when, who, why);
 * 4. the rollups follow at once: an approval adds the conversion in its own hour, a rejection or
 *    reversal of an approved one takes it out (caps are not given back);
 * 5. a month already invoiced gets an adjustment (late approval positive, rejection or reversal
 *    negative) on the open invoice, or waiting for the next;
 * 6. the publisher's postbacks that opted in get a delivery each.
 *
 * With `dryRun` nothing is written and nothing locked: each id's outcome is what would happen.
 */
export async function changeStatuses(
  ctx: AppContext,
  trx: Db,
  actor: StatusActor,
  ids: string[],
  to: TargetStatus,
  reason: string | null,
  opts: { dryRun?: boolean; now?: Date } = {},
): Promise<StatusChangeResult[]> {
  return changeEach(
    ctx,
    trx,
    actor,
    ids.map((id) => ({ id, to, reason })),
    opts,
  );
}

/** A change asked of one conversion. */
export interface StatusChangeItem {
  id: string;
  to: TargetStatus;
  reason: string | null;
}

/** `changeStatuses` with a status and reason of its own for each conversion (a reconciliation file's rows). */
export async function changeEach(
  ctx: AppContext,
  trx: Db,
  actor: StatusActor,
  items: StatusChangeItem[],
  opts: { dryRun?: boolean; now?: Date } = {},
): Promise<StatusChangeResult[]> {
  const now = opts.now ?? new Date();
  const ids = items.map((i) => i.id);
  const wanted = new Map(items.map((i) => [i.id.trim().toLowerCase(), i]));
  const { refs, malformed } = refsOf(ids);
  const results = new Map<string, StatusChangeResult>();
  const unknown = (id: string): StatusChangeResult => ({
    id,
    outcome: 'unknown',
    previous_status: null,
    status: null,
    message: 'No conversion has this id.',
    before: null,
    after: null,
    postbacks: 0,
    adjustments: [],
  });
  for (const m of malformed) results.set(m, unknown(m));

  // Publishers first (as invoice generation), then the conversions, each set in one order.
  const seen = await conversionStatusRepository.findMany(trx, refs, false);
  const publishers = opts.dryRun
    ? new Map()
    : await invoiceAdjustmentsService.lockPublishers(trx, [...new Set(seen.map((r) => r.publisher_id))]);
  const rows = opts.dryRun ? seen : await conversionStatusRepository.findMany(trx, refs, true);
  const byId = new Map(rows.map((r) => [r.id, r]));

  const candidates: AdminConversionRow[] = [];
  const targetOf = (id: string) => wanted.get(id)!;
  for (const ref of refs) {
    const { to } = targetOf(ref.id);
    const row = byId.get(ref.id);
    if (!row) {
      results.set(ref.id, unknown(ref.id));
      continue;
    }
    const before = toAdminConversion(row);
    const base = { id: ref.id, previous_status: row.status, before, after: before, postbacks: 0, adjustments: [] };
    if (row.status === to) {
      results.set(ref.id, { ...base, outcome: 'unchanged', status: row.status, message: null });
      continue;
    }
    const refused = refusedMove(row.status, to, actor.kind);
    if (refused) {
      results.set(ref.id, { ...base, outcome: 'not_allowed', status: row.status, message: refused });
      continue;
    }
    candidates.push(row);
  }

  // The terms' 60 days: an approved (so perhaps paid) conversion may not be taken back after them.
  const takenBack = candidates.filter((r) => counts(r.status) && !counts(targetOf(r.id).to));
  const closed = await invoiceAdjustmentsService.chargebackClosed(
    trx,
    takenBack.map((r) => ({ id: r.id, publisherId: r.publisher_id, createdAt: new Date(r.created_at) })),
    now,
  );
  const changing = candidates.filter((r) => {
    if (!closed.has(r.id)) return true;
    const before = toAdminConversion(r);
    results.set(r.id, {
      id: r.id,
      outcome: 'not_allowed',
      previous_status: r.status,
      status: r.status,
      message: CHARGEBACK_OVER,
      before,
      after: before,
      postbacks: 0,
      adjustments: [],
    });
    return false;
  });

  if (opts.dryRun) {
    for (const r of changing) {
      const before = toAdminConversion(r);
      results.set(r.id, {
        id: r.id,
        outcome: 'changed',
        previous_status: r.status,
        status: targetOf(r.id).to,
        message: null,
        before,
        after: before,
        postbacks: 0,
        adjustments: [],
      });
    }
  } else if (changing.length > 0) {
    await apply(
      ctx,
      trx,
      actor,
      changing.map((row) => ({ row, ...targetOf(row.id) })),
      now,
      publishers,
      results,
    );
  }
  return ids.map((raw) => {
    const id = raw.trim().toLowerCase();
    return results.get(id) ?? results.get(raw) ?? unknown(raw);
  });
}

async function apply(
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
  const added = changing.filter((c) => !counts(c.row.status) && counts(c.to));
  const removed = changing.filter((c) => counts(c.row.status) && !counts(c.to));
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
      adjustments: adjustments.filter((a) => a.conversion_id === r.id),
    });
  }
}

/** A conversion's status history, oldest first. */
export async function statusHistory(db: Db, conversionId: string): Promise<ConversionStatusChange[]> {
  const rows = await conversionStatusRepository.history(db, conversionId);
  return rows.map((r) => ({
    at: new Date(r.created_at).toISOString(),
    from_status: r.from_status,
    to_status: r.to_status,
    reason: r.reason,
    actor_kind: r.actor_kind,
    actor: r.actor,
  }));
}
