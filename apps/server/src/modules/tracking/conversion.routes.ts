import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ERROR_CODES, PostbackParamsSchema, type PostbackParams } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { recordConversion, type ConversionResult } from './conversion.service.ts';
import { isLoopedCall } from '../postback-deliveries/postback-deliveries.service.ts';
import { acceptFormBodies } from '../../lib/form-body.ts';

/** A conversion call's parameters, as read (the shared PostbackParamsSchema's; others pass through). */
export type ConversionCallParams = PostbackParams;

const STATUS_CODES: Record<number, string> = {
  401: ERROR_CODES.UNAUTHENTICATED,
  403: ERROR_CODES.FORBIDDEN,
  404: ERROR_CODES.NOT_FOUND,
  409: ERROR_CODES.CONFLICT,
  422: ERROR_CODES.VALIDATION,
  429: ERROR_CODES.RATE_LIMITED,
  508: ERROR_CODES.LOOP_DETECTED,
};

/**
 * Query and body (JSON or form) merged; the body wins. Only string (and number) values are kept.
 * The query has passed the route's lenient PostbackParamsSchema; the body is read here, as it may
 * come as JSON or as a form.
 */
export function conversionParams(req: FastifyRequest): ConversionCallParams {
  const out: Record<string, string> = {};
  for (const src of [req.query, req.body]) {
    if (!src || typeof src !== 'object') continue;
    for (const [k, v] of Object.entries(src as Record<string, unknown>)) {
      if (typeof v === 'string' || typeof v === 'number') out[k] = String(v);
    }
  }
  return out;
}

export function conversionAnswer(result: ConversionResult): {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
} {
  switch (result.kind) {
    case 'recorded':
      return {
        status: 200,
        body: {
          success: true,
          duplicate: false,
          conversion_id: result.conversionId,
          payout: result.payout,
          status: result.status ?? 'approved',
        },
      };
    case 'duplicate':
      return { status: 200, body: { success: true, duplicate: true, conversion_id: result.conversionId } };
    case 'refused':
      return {
        status: result.status,
        body: {
          error: { code: STATUS_CODES[result.status] ?? ERROR_CODES.VALIDATION, message: result.message },
          reason: result.reason,
        },
        ...(result.retryAfterSeconds ? { headers: { 'retry-after': String(result.retryAfterSeconds) } } : {}),
      };
  }
}

/**
 * `GET|POST /postback` (docs/tracking.md): the advertiser's server-to-server conversion call,
 * authenticated with the advertiser token (`token` parameter or `Authorization: Bearer`).
 */
export const conversionRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    acceptFormBodies(app);

    const handler = async (req: FastifyRequest) => {
      const p = conversionParams(req);
      const auth = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      return recordConversion(ctx, {
        tid: p.tid,
        eventId: p.event_id,
        amount: p.amount,
        advTransactionId: p.adv_transaction_id,
        status: p.status,
        reason: p.reason,
        adv: {
          adv_s1: p.adv_s1 ?? null,
          adv_s2: p.adv_s2 ?? null,
          adv_s3: p.adv_s3 ?? null,
          adv_s4: p.adv_s4 ?? null,
          adv_s5: p.adv_s5 ?? null,
        },
        token: auth?.[1] ?? p.token ?? null,
        source: 'postback',
        looped: isLoopedCall(req.headers, ctx.instanceId),
        ip: req.ip ?? null,
      });
    };

    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/postback',
        schema: {
          tags: ['tracking'],
          operationId: method === 'GET' ? 'conversionGet' : 'conversionPost',
          querystring: PostbackParamsSchema,
        },
        handler: async (req, reply) => {
          const { status, body, headers } = conversionAnswer(await handler(req));
          return reply
            .status(status)
            .headers(headers ?? {})
            .header('cache-control', 'no-store')
            .send(body);
        },
      });
    }
  };
