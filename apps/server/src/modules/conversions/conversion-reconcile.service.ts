import { ERROR_CODES } from '@portal/shared';
import {
  RECONCILE_ROWS_MAX,
  STATUS_REASON_MAX,
  type ConversionReconcileRequest,
  type ConversionReconcileResponse,
  type ReconcileRow,
  type ReconcileSummary,
} from '@portal/shared/admin/conversions.schemas';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { readCsv } from '../../lib/csv-read.ts';
import { fieldError } from '../../lib/errors.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import type { StatusChangeResult } from './conversion-status-rules.ts';
import { changeEach, type StatusChangeItem } from './conversion-status.service.ts';
import { conversionStatusRepository, type ConversionKeyRow } from './conversion-status.repository.ts';
import { statusActorOf } from './conversions.service.ts';
import { isUuid } from '../tracking/uuid7.ts';

const COLUMNS: Record<string, string> = {
  tid: 'tid',
  transaction_id: 'tid',
  order_id: 'order_id',
  adv_transaction_id: 'order_id',
  status: 'status',
  reason: 'reason',
  amount: 'amount',
  event_id: 'event_id',
};
const STATUS_WORDS: Record<string, 'approved' | 'rejected'> = {
  approved: 'approved',
  approve: 'approved',
  rejected: 'rejected',
  reject: 'rejected',
};

interface ParsedRow extends ReconcileRow {
  eventId: number | null;
  target: 'approved' | 'rejected' | null;
}

const invalid = (row: ParsedRow, code: string, message: string): ParsedRow => ({
  ...row,
  outcome: 'invalid',
  code,
  message,
});

/** The file's rows, each checked on its own (an invalid row says which field and why). */
function parseFile(csv: string): ParsedRow[] {
  const read = readCsv(csv);
  if (!read.ok) throw fieldError('csv', ERROR_CODES.BAD_FORMAT, `Line ${read.line}: ${read.message}`);
  const [header, ...records] = read.records;
  if (!header) throw fieldError('csv', ERROR_CODES.MISSING, 'The file is empty.');
  const names = header.cells.map((c) => COLUMNS[c.trim().toLowerCase()] ?? null);
  if (!names.includes('status') || !(names.includes('tid') || names.includes('order_id')))
    throw fieldError(
      'csv',
      ERROR_CODES.MISSING,
      'The first line names the columns: tid or order_id, status, and optionally reason, amount and event_id.',
    );
  if (records.length === 0) throw fieldError('csv', ERROR_CODES.MISSING, 'The file has no rows.');
  if (records.length > RECONCILE_ROWS_MAX)
    throw fieldError('csv', ERROR_CODES.BAD_FORMAT, `At most ${RECONCILE_ROWS_MAX} rows in one file.`);
  return records.map((rec) => {
    const cell = (name: string) => {
      const i = names.indexOf(name);
      const v = i >= 0 ? rec.cells[i]?.trim() : undefined;
      return v ? v : null;
    };
    const row: ParsedRow = {
      line: rec.line,
      tid: cell('tid'),
      order_id: cell('order_id'),
      status: cell('status'),
      reason: cell('reason'),
      amount: null,
      outcome: 'unknown',
      conversion_ids: [],
      previous_statuses: [],
      code: null,
      message: null,
      eventId: null,
      target: null,
    };
    if (!row.tid && !row.order_id)
      return invalid(row, ERROR_CODES.MISSING, 'The row has neither a tid nor an order_id.');
    if (row.tid && !isUuid(row.tid)) return invalid(row, ERROR_CODES.BAD_FORMAT, 'tid: a tid is a UUID.');
    if (row.order_id && row.order_id.length > 256)
      return invalid(row, ERROR_CODES.BAD_FORMAT, 'order_id: at most 256 characters.');
    if (!row.status) return invalid(row, ERROR_CODES.MISSING, 'status: approved or rejected is required.');
    row.target = STATUS_WORDS[row.status.toLowerCase()] ?? null;
    if (!row.target)
      return invalid(row, ERROR_CODES.BAD_FORMAT, `status: "${row.status}" is not approved or rejected.`);
    if (row.reason && row.reason.length > STATUS_REASON_MAX)
      return invalid(row, ERROR_CODES.BAD_FORMAT, `reason: at most ${STATUS_REASON_MAX} characters.`);
    if (row.target === 'rejected' && !row.reason)
      return invalid(row, ERROR_CODES.MISSING, 'reason: a rejection needs a reason.');
    const amount = cell('amount');
    if (amount != null) {
      const n = Number(amount);
      if (!Number.isFinite(n) || n < 0 || n > 1e9)
        return invalid(row, ERROR_CODES.BAD_FORMAT, 'amount: a non-negative number.');
      row.amount = n;
    }
    const eventId = cell('event_id');
    if (eventId != null) {
      if (!/^\d{1,9}$/.test(eventId)) return invalid(row, ERROR_CODES.BAD_FORMAT, 'event_id: a whole number.');
      row.eventId = Number(eventId);
    }
    if (row.tid) row.tid = row.tid.toLowerCase();
    return row;
  });
}

/** Finds each valid row's conversions; a conversion named by an earlier row makes the row invalid. */
async function match(db: Db, rows: ParsedRow[]): Promise<void> {
  const valid = rows.filter((r) => r.outcome !== 'invalid');
  const found = await conversionStatusRepository.byKeys(db, {
    tids: [...new Set(valid.flatMap((r) => (r.tid ? [r.tid] : [])))],
    orderIds: [...new Set(valid.flatMap((r) => (!r.tid && r.order_id ? [r.order_id] : [])))],
  });
  // Each row's conversions from maps by key: a file of 50,000 rows is not 50,000 scans of the found.
  const byTid = new Map<string, ConversionKeyRow[]>();
  const byOrder = new Map<string, ConversionKeyRow[]>();
  const put = (m: Map<string, ConversionKeyRow[]>, k: string | null, c: ConversionKeyRow) => {
    if (k != null) m.set(k, [...(m.get(k) ?? []), c]);
  };
  for (const c of found) {
    put(byTid, c.click_id, c);
    put(byOrder, c.adv_transaction_id, c);
  }
  const claimed = new Map<string, number>();
  for (const r of valid) {
    const ids = ((r.tid ? byTid.get(r.tid) : byOrder.get(r.order_id!)) ?? [])
      .filter((c) => r.eventId == null || c.event_id === r.eventId)
      .map((c) => c.id);
    const earlier = ids.find((id) => claimed.has(id));
    if (earlier) {
      Object.assign(
        r,
        invalid(r, ERROR_CODES.ALREADY_EXISTS, `Line ${claimed.get(earlier)} already names this conversion.`),
      );
      continue;
    }
    for (const id of ids) claimed.set(id, r.line);
    r.conversion_ids = ids;
  }
}

/** A row's outcome from its conversions' outcomes. */
function settle(r: ParsedRow, results: Map<string, StatusChangeResult>, applied: boolean): void {
  if (r.outcome === 'invalid') return;
  if (r.conversion_ids.length === 0) {
    r.outcome = 'unknown';
    r.message = r.tid ? 'No conversion has this tid.' : 'No conversion has this order id.';
    return;
  }
  const outs = r.conversion_ids.map((id) => results.get(id)!);
  r.previous_statuses = outs.flatMap((o) => (o.previous_status ? [o.previous_status] : []));
  const refused = outs.find((o) => o.outcome === 'not_allowed');
  if (outs.some((o) => o.outcome === 'changed')) r.outcome = applied ? 'changed' : 'would_change';
  else if (refused) r.outcome = 'not_allowed';
  else r.outcome = 'unchanged';
  r.message = refused?.message ?? null;
  if (r.amount != null && r.outcome !== 'not_allowed') {
    const revenue = outs.reduce((t, o) => t + (o.before?.revenue ?? 0), 0);
    if (Math.abs(revenue - r.amount) >= 0.005)
      r.message = `The file's amount ${r.amount} differs from the conversion's revenue ${Math.round(revenue * 100) / 100}.`;
  }
}

const summaryOf = (rows: ReconcileRow[]): ReconcileSummary => {
  const s: ReconcileSummary = {
    rows: rows.length,
    would_change: 0,
    changed: 0,
    unchanged: 0,
    unknown: 0,
    not_allowed: 0,
    invalid: 0,
  };
  for (const r of rows) s[r.outcome] += 1;
  return s;
};

const publicRow = ({ eventId: _e, target: _t, ...r }: ParsedRow): ReconcileRow => r;

/**
 * Reconciliation (docs/money.md, docs/operator-console.md): an advertiser's file of `tid` or
 * `order_id`, `status`, optional `reason`, `amount`, `event_id`. Every row is answered (would
 * change, unchanged, unknown, not allowed, invalid); with `apply` the changes are made through the
 * one status change, as the reconciliation file's (each change names the kept file), and the file
 * with its outcome is kept, all in one transaction with its audit entry.
 */
export async function reconcile(
  ctx: AppContext,
  actor: Actor,
  req: ConversionReconcileRequest,
): Promise<ConversionReconcileResponse['data']> {
  const rows = parseFile(req.csv);
  const itemsOf = () =>
    rows.flatMap((r): StatusChangeItem[] =>
      r.outcome === 'invalid' ? [] : r.conversion_ids.map((id) => ({ id, to: r.target!, reason: r.reason })),
    );

  if (!req.apply) {
    // A preview changes nothing; the audit log still says who looked at which file.
    return auditService.write(ctx, actor, async (trx, audit) => {
      await match(trx, rows);
      const results = await changeEach(ctx, trx, statusActorOf(actor), itemsOf(), { dryRun: true });
      const byId = new Map(results.map((r) => [r.id, r]));
      for (const r of rows) settle(r, byId, false);
      const out = rows.map(publicRow);
      const summary = summaryOf(out);
      await audit({
        action: 'conversion.reconcile_preview',
        objectType: 'conversion',
        objectId: null,
        before: null,
        after: { file_name: req.file_name ?? null, ...summary },
        reason: null,
      });
      return { reconciliation_id: null, applied: false, summary, rows: out };
    });
  }

  return auditService.write(ctx, actor, async (trx, audit) => {
    await match(trx, rows);
    const kept = await trx
      .insertInto('conversion_reconciliations')
      .values({
        operator_id: actor.operatorId,
        actor: actor.label,
        file_name: req.file_name ?? null,
        csv: req.csv,
        rows: rows.length,
        summary: '{}',
        outcome: '[]',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const results = await changeEach(
      ctx,
      trx,
      {
        kind: 'reconciliation',
        label: `reconciliation #${kept.id} (${actor.label})`,
        operatorId: actor.operatorId,
        reconciliationId: kept.id,
      },
      itemsOf(),
    );
    const byId = new Map(results.map((r) => [r.id, r]));
    for (const r of rows) settle(r, byId, true);
    const out = rows.map(publicRow);
    const summary = summaryOf(out);
    await trx
      .updateTable('conversion_reconciliations')
      .set({ summary: JSON.stringify(summary), outcome: JSON.stringify(out) })
      .where('id', '=', kept.id)
      .execute();
    await audit({
      action: 'conversion.reconcile',
      objectType: 'conversion',
      objectId: null,
      before: null,
      after: { reconciliation_id: kept.id, file_name: req.file_name ?? null, ...summary },
      reason: null,
    });
    return { reconciliation_id: kept.id, applied: true, summary, rows: out };
  });
}
