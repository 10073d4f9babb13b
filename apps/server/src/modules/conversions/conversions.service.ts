import { ERROR_CODES, decodeCursor, encodeCursor, type ListResponse } from '@portal/shared';
import {
  CONVERSION_FLAGS,
  REVERSAL_REASON_MAX,
  type ConversionFlag,
  type AdminConversion,
  type AdminConversionListQuery,
  type ConversionReverseRequest,
  type ConversionReverseResponse,
} from '@portal/shared/admin/conversions.schemas';
import type { AppContext } from '../../context.ts';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { isValidTimeZone } from '../../lib/timezones.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { eventsService } from '../events/events.service.ts';
import { invoiceAdjustmentsService } from '../invoices/invoice-adjustments.service.ts';
import { localRange } from '../reports/reports.time.ts';
import { enqueueReversalDeliveries } from '../postback-deliveries/postback-deliveries.service.ts';
import { uuidv7Time } from '../tracking/uuid7.ts';
import { conversionsRepository, type AdminConversionRow } from './conversions.repository.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const money = (v: string | number | null) => (v == null ? null : Number(v));
const CHARGEBACK_OVER = 'The chargeback period of 60 days after payment is over.';

const toApi = (r: AdminConversionRow): AdminConversion => ({
  id: r.id,
  created_at: new Date(r.created_at).toISOString(),
  tid: r.click_id,
  publisher_id: r.publisher_id,
  publisher_name: r.publisher_name ?? `Publisher ${r.publisher_id}`,
  offer_id: r.offer_id,
  offer_name: r.offer_name ?? `Offer ${r.offer_id}`,
  event_id: r.event_id,
  event_type: r.event_type,
  payout: Number(r.payout),
  revenue: Number(r.revenue),
  sale_amount: money(r.sale_amount),
  adv_transaction_id: r.adv_transaction_id,
  source: r.source,
  status: r.status,
  status_reason: r.status_reason,
  status_changed_at: r.status_changed_at ? new Date(r.status_changed_at).toISOString() : null,
  flags: (r.flags ?? []).filter((f): f is ConversionFlag => (CONVERSION_FLAGS as readonly string[]).includes(f)),
  approve_after: r.approve_after ? new Date(r.approve_after).toISOString() : null,
  reversal:
    r.reversed_at && r.reversal_reason != null
      ? {
          at: new Date(r.reversed_at).toISOString(),
          reason: r.reversal_reason,
          actor: r.reversal_actor ?? '',
          postbacks: Number(r.reversal_postbacks ?? 0),
        }
      : null,
});

/** What the audit log keeps of a conversion: its money and status, never the visitor's sub IDs. */
const snapshot = (c: AdminConversion) => ({
  status: c.status,
  publisher_id: c.publisher_id,
  offer_id: c.offer_id,
  event_type: c.event_type,
  payout: c.payout,
  revenue: c.revenue,
  created_at: c.created_at,
});

/** A conversion id's time when it is a UUIDv7 (as the engine makes them), which names its partition. */
function timeOf(id: string): Date | null {
  if (!UUID.test(id)) throw notFound('Conversion not found.');
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
      tidTime = UUID.test(tid) ? uuidv7Time(tid) : null;
      if (!UUID.test(tid)) throw fieldError('filters.tid', ERROR_CODES.BAD_FORMAT, 'A tid is a UUID.');
    }
    let after: string | null = null;
    if (req.cursor) {
      const v = decodeCursor(req.cursor, { sort: req.sort, order: req.order, arity: 1 });
      if (!v || typeof v[0] !== 'string' || !UUID.test(v[0]))
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
      data: page.map(toApi),
      cursor: {
        next:
          rows.length > req.limit && last
            ? encodeCursor({ sort: req.sort, order: req.order, values: [last.id] })
            : null,
      },
    };
  },

  /**
   * Reverses an approved conversion, in one transaction with its audit entry (docs/reports.md,
   * Reversals): the conversion stays, marked `reversed`, and a reversal row of its own records who,
   * why and the money; its count and payout leave the publisher's rollups in the hours of the
   * conversion itself; the open invoice of its month (and the referrer's, for the commission) gets
   * a line taking it back; the publisher's postbacks that send `{conversion_status}` are called
   * with `reversed`. A conversion already reversed answers 409 `0x4090`.
   */
  async reverse(
    ctx: AppContext,
    actor: Actor,
    id: string,
    req: ConversionReverseRequest,
  ): Promise<ConversionReverseResponse['data']> {
    const at = timeOf(id);
    const reason = req.reason?.trim() ?? '';
    if (!reason) throw fieldError('reason', ERROR_CODES.MISSING, 'Please enter a reason.');
    if (reason.length > REVERSAL_REASON_MAX)
      throw fieldError('reason', ERROR_CODES.BAD_FORMAT, `At most ${REVERSAL_REASON_MAX} characters.`);
    const key = id.toLowerCase();
    return auditService.write(ctx, actor, async (trx, audit) => {
      // The publisher's lock first (invoice generation takes it too), then the conversion's row.
      const seen = await conversionsRepository.find(trx, key, at);
      if (!seen) throw notFound('Conversion not found.');
      const publishers = await invoiceAdjustmentsService.lockPublishers(trx, [seen.publisher_id]);
      const row = await conversionsRepository.findForUpdate(trx, key, at);
      if (!row) throw notFound('Conversion not found.');
      if (row.status === 'reversed')
        throw new AppError(409, ERROR_CODES.CONFLICT, 'This conversion is already reversed.');
      if (row.status !== 'approved')
        throw new AppError(409, ERROR_CODES.CONFLICT, 'Only an approved conversion can be reversed.');
      const before = toApi(row);
      const payout = Number(row.payout);
      const createdAt = new Date(row.created_at);
      const closed = await invoiceAdjustmentsService.chargebackClosed(trx, [
        { id: key, publisherId: row.publisher_id, createdAt },
      ]);
      if (closed.size > 0) throw new AppError(409, ERROR_CODES.CONFLICT, CHARGEBACK_OVER);
      if (!(await conversionsRepository.markReversed(trx, key, createdAt)))
        throw new AppError(409, ERROR_CODES.CONFLICT, 'This conversion is already reversed.');

      await eventsService.subtractConversion(trx, {
        created_at: createdAt,
        publisher_id: row.publisher_id,
        offer_id: row.offer_id,
        landing_page_id: row.landing_page_id,
        event_type: row.event_type,
        payout,
        revenue: Number(row.revenue),
        s1: row.s1,
      });

      // After its month was invoiced, the reversal is an adjustment on the open invoice (or waits).
      const publisher = publishers.get(row.publisher_id);
      const adjustments = await invoiceAdjustmentsService.adjust(
        ctx,
        trx,
        [
          {
            conversionId: key,
            createdAt,
            publisherId: row.publisher_id,
            offerId: row.offer_id,
            offerName: before.offer_name,
            payout,
            kind: 'reversal',
          },
        ],
        publishers,
      );
      const invoices = adjustments.map((a) => ({
        invoice_id: a.invoice_id,
        publisher_id: a.publisher_id,
        status: a.invoice_id == null ? 'waiting' : 'generated',
        total: a.amount,
      }));

      const postbacks = await enqueueReversalDeliveries(
        trx,
        {
          publisher: { id: row.publisher_id, name: publisher?.name ?? before.publisher_name },
          offer: { id: row.offer_id, name: before.offer_name },
          event: { id: row.event_id, eventType: row.event_type },
          click: {
            id: row.click_id,
            s1: row.s1,
            s2: row.s2,
            s3: row.s3,
            s4: row.s4,
            s5: row.s5,
            pub_source: row.pub_source,
            pub_click_id: row.pub_click_id,
          },
          conversion: {
            id: key,
            created_at: createdAt,
            payout,
            sale_amount: money(row.sale_amount),
            adv_transaction_id: row.adv_transaction_id,
            adv_s1: row.adv_s1,
            adv_s2: row.adv_s2,
            adv_s3: row.adv_s3,
            adv_s4: row.adv_s4,
            adv_s5: row.adv_s5,
          },
        },
        ctx.config.POSTBACK_FANOUT_LIMIT,
      );

      const inserted = await conversionsRepository.insertReversal(trx, {
        conversion_id: key,
        conversion_created_at: createdAt,
        publisher_id: row.publisher_id,
        offer_id: row.offer_id,
        event_type: row.event_type,
        payout,
        revenue: Number(row.revenue),
        reason,
        operator_id: actor.operatorId,
        actor: actor.label,
        postbacks,
      });
      if (!inserted) throw new AppError(409, ERROR_CODES.CONFLICT, 'This conversion is already reversed.');

      const after = toApi((await conversionsRepository.findForUpdate(trx, key, createdAt))!);
      await audit({
        action: 'conversion.reverse',
        objectType: 'conversion',
        objectId: key,
        before: snapshot(before),
        after: { ...snapshot(after), invoices, postbacks },
        reason,
      });
      return { conversion: after, invoices, postbacks };
    });
  },
};
