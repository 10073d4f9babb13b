import type { ConversionStatusChange } from '@portal/shared/admin/conversions.schemas';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { invoiceAdjustmentsService } from '../invoices/invoice-adjustments.service.ts';
import { applyStatusChanges } from './conversion-status-apply.ts';
import { conversionStatusRepository } from './conversion-status.repository.ts';
import {
  CHARGEBACK_OVER,
  countsInMoney,
  refsOf,
  refusedMove,
  resultWithoutWrites,
  type StatusActor,
  type StatusChangeResult,
  type TargetStatus,
} from './conversion-status-rules.ts';
import { toAdminConversion } from './conversion-view.ts';
import type { AdminConversionRow } from './conversions.repository.ts';

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
  const unknown = (id: string) => resultWithoutWrites(id, 'unknown', null, 'No conversion has this id.');
  const standing = (row: AdminConversionRow) => ({ status: row.status, view: toAdminConversion(row) });
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
    if (row.status === to) {
      results.set(ref.id, resultWithoutWrites(ref.id, 'unchanged', standing(row), null));
      continue;
    }
    const refused = refusedMove(row.status, to, actor.kind);
    if (refused) {
      results.set(ref.id, resultWithoutWrites(ref.id, 'not_allowed', standing(row), refused));
      continue;
    }
    candidates.push(row);
  }

  // The terms' 60 days: an approved (so perhaps paid) conversion may not be taken back after them.
  const takenBack = candidates.filter((r) => countsInMoney(r.status) && !countsInMoney(targetOf(r.id).to));
  const closed = await invoiceAdjustmentsService.chargebackClosed(
    trx,
    takenBack.map((r) => ({ id: r.id, publisherId: r.publisher_id, createdAt: new Date(r.created_at) })),
    now,
  );
  const changing = candidates.filter((r) => {
    if (!closed.has(r.id)) return true;
    results.set(r.id, resultWithoutWrites(r.id, 'not_allowed', standing(r), CHARGEBACK_OVER));
    return false;
  });

  if (opts.dryRun) {
    // What would happen: the new status, nothing written.
    for (const r of changing)
      results.set(r.id, resultWithoutWrites(r.id, 'changed', standing(r), null, targetOf(r.id).to));
  } else if (changing.length > 0) {
    await applyStatusChanges(
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
