import { ERROR_CODES, decodeCursor, encodeCursor, type ListResponse } from '@portal/shared';
import {
  REVERSAL_REASON_MAX,
  type AdminConversion,
  type AdminConversionDetailResponse,
  type AdminConversionListQuery,
  type ConversionReverseRequest,
  type ConversionReverseResponse,
  type ConversionStatusRequest,
  type ConversionStatusResponse,
} from '@portal/shared/admin/conversions.schemas';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { isValidTimeZone } from '../../lib/timezones.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { localRange } from '../reports/reports.time.ts';
import { isUuid, uuidv7Time } from '../tracking/uuid7.ts';
import { FINAL_MESSAGE, type StatusActor } from './conversion-status-rules.ts';
import { changeStatuses, statusHistory } from './conversion-status.service.ts';
import { auditSnapshot, toAdminConversion } from './conversion-view.ts';
import { conversionsRepository } from './conversions.repository.ts';

/** A conversion id's time when it is a UUIDv7 (as the engine makes them), which names its partition. */
function timeOf(id: string): Date | null {
  if (!isUuid(id)) throw notFound('Conversion not found.');
  return uuidv7Time(id.toLowerCase());
}

/**
 * The Conversions area (docs/operator-console.md): find conversions, and reverse one. The console
 * and the command line (`conversion:reverse`) call the same `reverse`.
 */
export const conversionsService = {
  async list(ctx: AppContext, req: AdminConversionListQuery): Promise<ListResponse<AdminConversion>> {
    const f = req.filters;
    const zone = f.time_zone ?? 'UTC';
    if (!isValidTimeZone(zone)) throw fieldError('filters.time_zone', ERROR_CODES.BAD_FORMAT, 'Unknown time zone.');
    let tid: string | null = null;
    let tidTime: Date | null = null;
    if (f.tid) {
      tid = f.tid.toLowerCase();
      tidTime = isUuid(tid) ? uuidv7Time(tid) : null;
      if (!isUuid(tid)) throw fieldError('filters.tid', ERROR_CODES.BAD_FORMAT, 'A tid is a UUID.');
    }
    let after: string | null = null;
    if (req.cursor) {
      const v = decodeCursor(req.cursor, { sort: req.sort, order: req.order, arity: 1 });
      if (!v || typeof v[0] !== 'string' || !isUuid(v[0]))
        throw fieldError('cursor', ERROR_CODES.BAD_FORMAT, 'Invalid cursor.');
      after = v[0];
    }
    const range = f.date_range ? localRange(zone, f.date_range.start, f.date_range.end) : null;
    // Every conversion counted so far is in the table; nothing to settle (the list reads raw rows).
    const rows = await conversionsRepository.page(
      ctx.db,
      {
        tid,
        tidTime,
        orderId: f.order_id || null,
        publisherId: f.publisher_id ?? null,
        offerId: f.offer_id ?? null,
        status: f.status ?? null,
        between: range ? [new Date(range.from), new Date(range.to)] : null,
      },
      after,
      req.limit,
    );
    const page = rows.slice(0, req.limit);
    const last = page[page.length - 1];
    return {
      data: page.map(toAdminConversion),
      cursor: {
        next:
          rows.length > req.limit && last
            ? encodeCursor({ sort: req.sort, order: req.order, values: [last.id] })
            : null,
      },
    };
  },

  /** One conversion with its status history (`GET /conversions/:id`). */
  async detail(ctx: AppContext, id: string): Promise<AdminConversionDetailResponse['data']> {
    const at = timeOf(id);
    const row = await conversionsRepository.find(ctx.db, id.toLowerCase(), at);
    if (!row) throw notFound('Conversion not found.');
    return { conversion: toAdminConversion(row), history: await statusHistory(ctx.db, row.id) };
  },

  /**
   * Reverses an approved conversion, in one transaction with its audit entry (docs/reports.md,
   * Reversals), through the one status change (conversion-status.service.ts): the conversion stays,
   * marked `reversed`, with a reversal row of its own (who, why, the money) and a status change;
   * its count and payout leave the publisher's rollups in the hours of the conversion itself; a
   * month already invoiced gets an adjustment (the publisher's and the referrer's); the publisher's
   * postbacks told of status changes are called with `reversed`. A conversion already reversed
   * answers 409 `0x4090`, one not approved 409, one paid more than 60 days ago 409.
   */
  async reverse(
    ctx: AppContext,
    actor: Actor,
    id: string,
    req: ConversionReverseRequest,
  ): Promise<ConversionReverseResponse['data']> {
    timeOf(id);
    const reason = req.reason?.trim() ?? '';
    if (!reason) throw fieldError('reason', ERROR_CODES.MISSING, 'Please enter a reason.');
    if (reason.length > REVERSAL_REASON_MAX)
      throw fieldError('reason', ERROR_CODES.BAD_FORMAT, `At most ${REVERSAL_REASON_MAX} characters.`);
    return auditService.write(ctx, actor, async (trx, audit) => {
      const [r] = await changeStatuses(ctx, trx, statusActorOf(actor), [id], 'reversed', reason);
      if (!r || r.outcome === 'unknown') throw notFound('Conversion not found.');
      if (r.outcome === 'unchanged')
        throw new AppError(409, ERROR_CODES.CONFLICT, 'This conversion is already reversed.');
      if (r.outcome === 'not_allowed')
        throw new AppError(
          409,
          ERROR_CODES.CONFLICT,
          r.message === FINAL_MESSAGE ? 'This conversion is already reversed.' : (r.message ?? 'Not allowed.'),
        );
      const invoices = r.adjustments.map((a) => ({
        invoice_id: a.invoice_id,
        publisher_id: a.publisher_id,
        status: a.invoice_id == null ? 'waiting' : 'generated',
        total: a.amount,
      }));
      await audit({
        action: 'conversion.reverse',
        objectType: 'conversion',
        objectId: r.id,
        before: auditSnapshot(r.before!),
        after: { ...auditSnapshot(r.after!), invoices, postbacks: r.postbacks },
        reason,
      });
      return { conversion: r.after!, invoices, postbacks: r.postbacks };
    });
  },

  /**
   * Approves or rejects up to 1,000 conversions (`POST /conversions/status`), in one transaction
   * with an audit entry per conversion changed: each id answered on its own (changed, unchanged,
   * unknown, not allowed with why). A rejection needs a reason.
   */
  async setStatus(
    ctx: AppContext,
    actor: Actor,
    req: ConversionStatusRequest,
  ): Promise<ConversionStatusResponse['data']> {
    const reason = req.reason?.trim() || null;
    if (req.ids.length === 0) throw fieldError('ids', ERROR_CODES.NOTHING_SELECTED, 'Select at least one conversion.');
    if (req.status === 'rejected' && !reason) throw fieldError('reason', ERROR_CODES.MISSING, 'Please enter a reason.');
    // One transaction; an audit entry per conversion changed (a call that changes nothing records none).
    const final = await ctx.db.transaction().execute(async (trx) => {
      const results = await changeStatuses(ctx, trx, statusActorOf(actor), req.ids, req.status, reason);
      await auditService.recordMany(
        trx,
        actor,
        results
          .filter((r) => r.outcome === 'changed')
          .map((r) => ({
            action: req.status === 'approved' ? 'conversion.approve' : 'conversion.reject',
            objectType: 'conversion',
            objectId: r.id,
            before: auditSnapshot(r.before!),
            after: { ...auditSnapshot(r.after!), postbacks: r.postbacks },
            reason,
          })),
      );
      // A call that changed nothing is recorded too (who asked, and that nothing changed).
      if (!results.some((r) => r.outcome === 'changed'))
        await auditService.record(trx, actor, {
          action: req.status === 'approved' ? 'conversion.approve' : 'conversion.reject',
          objectType: 'conversion',
          objectId: null,
          before: null,
          after: { changed: 0, ids: results.length },
          reason,
        });
      return results;
    });
    const counts = { changed: 0, unchanged: 0, unknown: 0, not_allowed: 0 };
    for (const r of final) counts[r.outcome] += 1;
    return {
      results: final.map((r) => ({
        id: r.id,
        outcome: r.outcome,
        previous_status: r.previous_status,
        status: r.status,
        message: r.message,
      })),
      counts,
    };
  },
};

/** The audit's actor as a status change's: an operator of the console, or the command line. */
export const statusActorOf = (actor: Actor): StatusActor => ({
  kind: actor.operatorId == null ? 'cli' : 'operator',
  label: actor.label,
  operatorId: actor.operatorId,
});
