import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.ts';
import { auditedBody, isPublisherWrite, viewAsAction } from '../lib/view-as.ts';
import { auditService, operatorActor } from '../modules/audit/audit.service.ts';

/**
 * The publisher API's onSend hook (so the entry is written before the answer leaves): every write a console operator's view-as session made
 * (answered 2xx) goes in the audit log under that operator, as `publisher.view_as.<action>` on the
 * publisher, with what was asked (secret-looking fields redacted) and what was answered.
 */
export function auditViewAsWrites(ctx: AppContext) {
  return async <T>(request: FastifyRequest, reply: FastifyReply, payload: T): Promise<T> => {
    const auth = request.auth;
    if (!auth?.operatorId || auth.publisherId == null || reply.statusCode >= 300) return payload;
    if (!isPublisherWrite(request)) return payload;
    try {
      await auditService.record(
        ctx.db,
        operatorActor({ id: auth.operatorId, email: auth.operator ?? '' }, request.ip),
        {
          action: viewAsAction(request),
          objectType: 'publisher',
          objectId: auth.publisherId,
          before: null,
          after: { user_id: auth.userId, request: auditedBody(request.body) },
        },
      );
    } catch (err) {
      request.log.error({ err }, 'view-as audit entry failed');
    }
    return payload;
  };
}
