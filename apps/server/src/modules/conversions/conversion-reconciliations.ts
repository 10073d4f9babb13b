import { ERROR_CODES, decodeCursor, encodeCursor, type ListResponse } from '@portal/shared';
import type { ReconcileSummary } from '@portal/shared/admin/conversions.schemas';
import type { Reconciliation, ReconciliationListQuery } from '@portal/shared/admin/reconciliations.schemas';
import type { AppContext } from '../../context.ts';
import { fieldError } from '../../lib/errors.ts';

const EMPTY_SUMMARY: ReconcileSummary = {
  rows: 0,
  would_change: 0,
  changed: 0,
  unchanged: 0,
  unknown: 0,
  not_allowed: 0,
  invalid: 0,
};

/** A kept summary as the API answers it (jsonb: an object, or its text on some drivers). */
function summaryOf(raw: unknown): ReconcileSummary {
  const value = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : raw;
  const out = { ...EMPTY_SUMMARY };
  if (value && typeof value === 'object')
    for (const key of Object.keys(out) as (keyof ReconcileSummary)[]) {
      const n = (value as Record<string, unknown>)[key];
      if (typeof n === 'number') out[key] = n;
    }
  return out;
}

/**
 * The kept reconciliation files (docs/operator-console.md "Conversions"), newest first by default,
 * keyset on the id: who applied each, when, its name and its outcome's counts (never the file).
 */
export async function listReconciliations(
  ctx: AppContext,
  req: ReconciliationListQuery,
): Promise<ListResponse<Reconciliation>> {
  let after: number | null = null;
  if (req.cursor) {
    const v = decodeCursor(req.cursor, { sort: req.sort, order: req.order, arity: 1 });
    if (!v || typeof v[0] !== 'number' || !Number.isInteger(v[0]))
      throw fieldError('cursor', ERROR_CODES.BAD_FORMAT, 'Invalid cursor.');
    after = v[0];
  }
  const desc = req.order === -1;
  let q = ctx.db
    .selectFrom('conversion_reconciliations')
    .select(['id', 'created_at', 'actor', 'file_name', 'summary'])
    .orderBy('id', desc ? 'desc' : 'asc')
    .limit(req.limit + 1);
  if (after != null) q = q.where('id', desc ? '<' : '>', after);
  const rows = await q.execute();
  const page = rows.slice(0, req.limit);
  const last = page.at(-1);
  return {
    data: page.map((r) => ({
      id: r.id,
      created_at: new Date(r.created_at).toISOString(),
      actor: r.actor,
      file_name: r.file_name,
      summary: summaryOf(r.summary),
    })),
    cursor: {
      next:
        rows.length > req.limit && last ? encodeCursor({ sort: req.sort, order: req.order, values: [last.id] }) : null,
    },
  };
}
