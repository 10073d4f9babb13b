import type { DeliveryStatus } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { maskUrl } from '../../lib/log-url.ts';
import { notificationsService } from '../notifications/notifications.service.ts';
import { postbacksService } from '../postbacks/postbacks.service.ts';
import { PERMANENT, type SendOutcome } from './delivery-http.ts';
import {
  postbackDeliveriesRepository,
  type AttemptRow,
  type ClaimedDelivery,
} from './postback-deliveries.repository.ts';
import type { DeliverySender } from './delivery-sender.ts';
import { receiverBackoff, receiverHostOf } from './receiver-backoff.ts';

const MAX_DELAY_MS = 6 * 3600_000;
const MAX_RETRY_AFTER_MS = 3600_000;

/** Exponential back-off with ±20 % jitter: base, 2×base, 4×base … capped at 6 h. */
export function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const raw = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

function attemptRow(job: { id: number; publisher_id: number; postback_id: number; url: string }, o: SendOutcome) {
  return {
    delivery_id: job.id,
    publisher_id: job.publisher_id,
    postback_id: job.postback_id,
    url_masked: maskUrl(job.url),
    status_code: o.statusCode,
    duration_ms: o.durationMs,
    error_class: o.errorClass,
    error_message: o.message,
  } satisfies AttemptRow;
}

/** What an attempt's outcome makes of its job: done, stopped, failed for good, or due again. */
function nextState(
  ctx: AppContext,
  job: ClaimedDelivery,
  o: SendOutcome,
): { status: DeliveryStatus; next: Date | null } {
  const cfg = ctx.config;
  if (o.ok) return { status: 'delivered', next: null };
  if (o.errorClass === 'gone') return { status: 'stopped', next: null };
  const permanent = o.errorClass !== null && PERMANENT.has(o.errorClass);
  if (permanent || job.attempts >= cfg.POSTBACK_MAX_ATTEMPTS) return { status: 'failed', next: null };
  const wait =
    o.errorClass === 'rate_limited' && o.retryAfterMs !== null
      ? Math.min(MAX_RETRY_AFTER_MS, Math.max(o.retryAfterMs, 0))
      : backoffMs(job.attempts, cfg.POSTBACK_RETRY_BASE_MS);
  return { status: 'pending', next: new Date(Date.now() + wait) };
}

/**
 * The operator's line for an attempt: a delivery given up at warn; a retry and a success at debug
 * (each attempt is in the publisher's delivery log already, and a receiver that is down would
 * otherwise write a line per conversion). The URL as the delivery log shows it (maskUrl: no
 * token, key or signature value).
 */
function logAttempt(ctx: AppContext, job: ClaimedDelivery, o: SendOutcome, status: string, next: Date | null): void {
  const line = {
    delivery: job.id,
    postback: job.postback_id,
    url: maskUrl(job.url),
    attempt: job.attempts,
    status: o.statusCode,
    error: o.errorClass,
    ms: o.durationMs,
    ...(next ? { retryAt: next.toISOString() } : {}),
  };
  if (o.ok) ctx.log.debug(line, 'postback delivered');
  else if (status === 'pending') ctx.log.debug(line, 'postback attempt failed, retried later');
  else ctx.log.warn(line, `postback delivery ${status}: no more attempts`);
}

/**
 * Records an attempt's outcome in one short transaction with its log row: delivered (the
 * postback's failing mark goes), stopped (410), failed (the postback is marked failing and its
 * publisher told, urgently, once a day) or due again after back-off (429: after its Retry-After);
 * and the receiver's own back-off (receiver-backoff.ts).
 */
export async function recordOutcome(ctx: AppContext, job: ClaimedDelivery, o: SendOutcome): Promise<void> {
  const { status, next } = nextState(ctx, job, o);
  const becameFailing = await ctx.db.transaction().execute(async (trx) => {
    await postbackDeliveriesRepository.recordAttempt(trx, attemptRow(job, o), {
      status,
      nextAttemptAt: next,
      released: true,
    });
    await receiverBackoff.record(trx, job, o, ctx.config.POSTBACK_RETRY_BASE_MS);
    if (status === 'delivered') await postbacksService.clearFailing(trx, job.postback_id);
    if (status !== 'failed') return false;
    return (await postbacksService.markFailing(trx, job.postback_id)) ?? false;
  });
  logAttempt(ctx, job, o, status, next);
  if (becameFailing) {
    const day = new Date().toISOString().slice(0, 10);
    const esc = notificationsService.escapeHtml;
    await notificationsService
      .notifyAutomatic(ctx, {
        publisherId: job.publisher_id,
        kind: 'postback_failing',
        dedupKey: `postback_failing:${job.postback_id}:${day}`,
        summary: `Postback "${becameFailing.name}" is failing`,
        description: `<p>Deliveries of your postback <strong>${esc(becameFailing.name)}</strong> keep failing (${esc(o.message ?? 'error')}). Check its URL, then replay the failed deliveries from the delivery log.</p>`,
        urgent: true,
        context: { domain: 'postback', id: job.postback_id },
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'failing-postback notification failed'));
  }
}

/**
 * Releases claimed jobs without counting their attempt: due at once, for the next start (or
 * another process). If this fails the lease runs out and they come back all the same.
 */
export async function returnUnsent(ctx: AppContext, jobs: ClaimedDelivery[]): Promise<void> {
  if (jobs.length === 0) return;
  try {
    await postbackDeliveriesRepository.giveBack(
      ctx.db,
      jobs.map((j) => j.id),
    );
    ctx.log.info({ deliveries: jobs.map((j) => j.id) }, 'postback attempts given back at stop');
  } catch (err) {
    ctx.log.error({ err }, 'postback attempts not given back (they return when their lease ends)');
  }
}

/** Fires a test postback once, outside the queue; the attempt is logged like any other. */
export async function sendTestDelivery(
  ctx: AppContext,
  sender: DeliverySender,
  t: { publisherId: number; postbackId: number; url: string; eventKey: string },
): Promise<SendOutcome> {
  const id = await postbackDeliveriesRepository.insertTest(ctx.db, t);
  const outcome = await sender.send(t.url, t.publisherId, t.eventKey);
  const row = attemptRow({ id, publisher_id: t.publisherId, postback_id: t.postbackId, url: t.url }, outcome);
  await ctx.db.transaction().execute(async (trx) => {
    await postbackDeliveriesRepository.recordAttempt(trx, row, {
      status: outcome.ok ? 'delivered' : 'failed',
      nextAttemptAt: null,
      released: false,
    });
    // A receiver that answers a test is back: its queued deliveries need not wait out a back-off.
    if (outcome.ok) {
      await receiverBackoff.record(
        trx,
        { publisher_id: t.publisherId, receiver_host: receiverHostOf(t.url) },
        outcome,
        0,
      );
    }
  });
  return outcome;
}
