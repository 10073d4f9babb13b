import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, StatusPostbackParamsSchema } from '@portal/shared';
import { STATUS_REASON_MAX } from '@portal/shared/admin/conversions.schemas';
import type { AppContext } from '../../context.ts';
import { conversionParams } from '../tracking/conversion.routes.ts';
import { authenticateCaller } from '../tracking/conversion-steps.ts';
import { isRefusal, textParam } from '../tracking/conversion.types.ts';
import { trackingEngine } from '../tracking/tracking-engine.ts';
import { FINAL_MESSAGE } from './conversion-status-rules.ts';
import { changeStatuses } from './conversion-status.service.ts';
import { conversionStatusRepository } from './conversion-status.repository.ts';
import { isUuid } from '../tracking/uuid7.ts';
import { acceptFormBodies } from '../../lib/form-body.ts';

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

type Answer = { status: number; body: unknown };
const refused = (status: number, code: string, reason: string, message: string): Answer => ({
  status,
  body: { error: { code, message }, reason },
});

/**
 * `GET|POST /postback/status` (docs/tracking.md, "Status changes"): the advertiser approves or
 * rejects one of its conversions later, by `tid` or `adv_transaction_id` (with `event_id` when the
 * click or order has several), authenticated as `/postback` is. Answered
 * `{"success":true,"conversion_id","status","previous_status"}`; errors in `/postback`'s shape:
 * 401/403 token, 404 unknown conversion, 403 another advertiser's, 409 a reversed one (or one paid
 * more than 60 days ago), 422 a bad status or a rejection without a reason.
 */
export async function statusPostback(
  ctx: AppContext,
  p: Record<string, unknown>,
  auth: { bearer: string | null; ip: string | null },
): Promise<Answer> {
  const engine = trackingEngine(ctx);
  const caller = await authenticateCaller(engine, {
    tid: null,
    source: 'postback',
    token: auth.bearer ?? str(p['token']),
    ip: auth.ip,
  });
  if (isRefusal(caller))
    return caller.reason === 'missing_token'
      ? refused(401, ERROR_CODES.UNAUTHENTICATED, caller.reason, caller.message)
      : refused(403, ERROR_CODES.FORBIDDEN, caller.reason, caller.message);
  const advertiserId = caller.advertiserId!;

  const status = textParam(str(p['status']), 32)?.toLowerCase() ?? null;
  if (status !== 'approved' && status !== 'rejected')
    return refused(422, ERROR_CODES.VALIDATION, 'bad_request', 'status must be approved or rejected.');
  const reason = textParam(str(p['reason']), STATUS_REASON_MAX + 1);
  if (reason && reason.length > STATUS_REASON_MAX)
    return refused(422, ERROR_CODES.VALIDATION, 'bad_request', `reason: at most ${STATUS_REASON_MAX} characters.`);
  if (status === 'rejected' && !reason)
    return refused(422, ERROR_CODES.VALIDATION, 'bad_request', 'A rejection needs a reason (reason=).');

  const tid = textParam(str(p['tid']), 64)?.toLowerCase() ?? null;
  const orderId = textParam(str(p['adv_transaction_id']));
  const eventText = textParam(str(p['event_id']), 64);
  if (!tid && !orderId)
    return refused(422, ERROR_CODES.VALIDATION, 'bad_request', 'Name the conversion with tid or adv_transaction_id.');
  if (eventText && !/^\d{1,9}$/.test(eventText))
    return refused(422, ERROR_CODES.VALIDATION, 'bad_request', 'event_id must be a whole number.');
  const notFound = refused(
    404,
    ERROR_CODES.NOT_FOUND,
    'unknown_conversion',
    'No conversion matches this tid or adv_transaction_id.',
  );
  if (tid && !isUuid(tid)) return notFound;

  const found = (
    await conversionStatusRepository.byKeys(ctx.db, { tids: tid ? [tid] : [], orderIds: tid ? [] : [orderId!] })
  ).filter((c) => eventText == null || c.event_id === Number(eventText));
  if (found.length === 0) return notFound;
  const own = found.filter((c) => c.advertiser_id === advertiserId);
  if (own.length === 0)
    return refused(403, ERROR_CODES.FORBIDDEN, 'other_advertiser', "This conversion is another advertiser's.");
  if (own.length > 1)
    return refused(
      422,
      ERROR_CODES.VALIDATION,
      'bad_request',
      'This click or order has several conversions: name one with event_id.',
    );
  const target = own[0]!;

  const [r] = await ctx.db
    .transaction()
    .execute((trx) =>
      changeStatuses(
        ctx,
        trx,
        { kind: 'advertiser', label: `advertiser #${advertiserId}`, operatorId: null },
        [target.id],
        status,
        reason,
      ),
    );
  if (!r || r.outcome === 'unknown') return notFound;
  if (r.outcome === 'not_allowed')
    return refused(
      409,
      ERROR_CODES.CONFLICT,
      r.previous_status === 'reversed' ? 'reversed' : 'not_allowed',
      r.message === FINAL_MESSAGE ? 'This conversion is reversed: its status is final.' : (r.message ?? 'Not allowed.'),
    );
  if (r.postbacks > 0) engine.delivery.wake();
  return {
    status: 200,
    body: { success: true, conversion_id: r.id, status: r.status, previous_status: r.previous_status },
  };
}

/** The route, beside `/postback` (its own form parser: plugins are encapsulated). */
export const statusPostbackRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptFormBodies(app);
    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/postback/status',
        schema: {
          tags: ['tracking'],
          operationId: method === 'GET' ? 'conversionStatusGet' : 'conversionStatusPost',
          querystring: StatusPostbackParamsSchema,
        },
        handler: async (req, reply) => {
          const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
          const { status, body } = await statusPostback(ctx, conversionParams(req), { bearer, ip: req.ip ?? null });
          return reply.status(status).header('cache-control', 'no-store').send(body);
        },
      });
    }
  };
