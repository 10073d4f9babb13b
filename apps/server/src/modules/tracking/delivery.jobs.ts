import { sql } from 'kysely';
import type { Agent } from 'undici';
import type { AppContext } from '../../context.ts';
import { maskUrl } from '../../lib/log-url.ts';
import { postbackSigning } from '../postbacks/postback-signing.service.ts';
import { notifyPublisher, escapeHtml } from './notify.ts';
import { PERMANENT, sendPostback, type SendOutcome } from './delivery-http.ts';
import { OwnAddresses } from './own-addresses.ts';
import { createGuardedAgent, systemLookup, type Lookup } from './ssrf-guard.ts';

interface ClaimedDelivery {
  id: number;
  publisher_id: number;
  postback_id: number;
  event_key: string;
  url: string;
  attempts: number;
}

const MAX_DELAY_MS = 6 * 3600_000;
const MAX_RETRY_AFTER_MS = 3600_000;
const POLL_MS = 500;

/**
 * How long a stop lets postback attempts in hand finish: the stop's bound less 2 s for recording
 * them, the clicks and the database (at least half the bound).
 */
export function stopGraceMs(shutdownTimeoutSeconds: number): number {
  const ms = shutdownTimeoutSeconds * 1000;
  return Math.max(ms - 2000, ms / 2);
}

/** Exponential back-off with ±20 % jitter: base, 2×base, 4×base … capped at 6 h. */
export function backoffMs(attempt: number, baseMs: number, random = Math.random): number {
  const raw = Math.min(MAX_DELAY_MS, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(raw * (0.8 + 0.4 * random()));
}

const hostOf = (u: string) => {
  try {
    return new URL(u).host.toLowerCase();
  } catch {
    return '';
  }
};

/**
 * Publisher postback delivery as database-backed jobs (docs/tracking.md). A job is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease (so several processes share the work on PostgreSQL and a
 * crashed worker's job comes back after the lease, docs/reliability.md F5), sent outside any transaction,
 * and its outcome recorded in one short transaction with the attempt log. At most
 * POSTBACK_CONCURRENCY attempts run at once per process.
 *
 * At a stop (`drain`) nothing new is claimed and the attempts in hand are finished and recorded;
 * one still waiting for its receiver when the stop's grace runs out is cut and given back (its
 * claim released, the attempt not counted), so the next start sends it again with the same event
 * id: a postback is never lost, and sent twice only if its receiver was that slow.
 */
export class DeliveryWorker {
  private agent: Agent;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private ticking = false;
  private tickRun: Promise<void> | null = null;
  private draining: Promise<void> | null = null;
  /** Aborted when a stop's grace runs out: the sends still in flight are cut and given back. */
  private readonly halt = new AbortController();
  private wakeRequested = false;
  private readonly inflight = new Set<Promise<void>>();
  readonly ownHosts: string[];
  private ownAddresses: OwnAddresses;
  private listeners: { address: string; port: number }[] = [];

  constructor(private readonly ctx: AppContext) {
    this.ownHosts = [...new Set([hostOf(ctx.config.publicTrackingUrl), hostOf(ctx.config.publicUrl)].filter(Boolean))];
    this.ownAddresses = this.buildOwnAddresses(systemLookup);
    this.agent = this.buildAgent();
  }

  private buildOwnAddresses(lookup: Lookup): OwnAddresses {
    const own = new OwnAddresses([this.ctx.config.publicUrl, this.ctx.config.publicTrackingUrl], lookup);
    own.setListeners(this.listeners);
    return own;
  }

  /** The addresses the server listens on: a postback to one of them is a loop. */
  setListeners(listeners: { address: string; port: number }[]): void {
    this.listeners = listeners;
    this.ownAddresses.setListeners(listeners);
  }

  private buildAgent(lookup?: Lookup): Agent {
    return createGuardedAgent({
      allowedHosts: this.ctx.config.postbackAllowedHosts,
      ownHosts: this.ownHosts,
      isOwnAddress: (address, port) => this.ownAddresses.has(address, port),
      connectTimeoutMs: this.ctx.config.POSTBACK_TIMEOUT_MS,
      dnsTimeoutMs: this.ctx.config.POSTBACK_TIMEOUT_MS,
      connections: this.ctx.config.POSTBACK_CONCURRENCY,
      ...(lookup ? { lookup } : {}),
    });
  }

  /** Replaces DNS resolution (tests answer with chosen addresses). */
  useLookup(lookup: Lookup): void {
    void this.agent.close().catch(() => {});
    this.ownAddresses = this.buildOwnAddresses(lookup);
    this.agent = this.buildAgent(lookup);
  }

  get active(): number {
    return this.inflight.size;
  }

  start(): void {
    if (this.running || this.draining) return;
    this.running = true;
    this.schedule(0);
  }

  /**
   * Stops claiming and waits for the attempts in hand, at most `graceMs`; then cuts those still
   * sending and gives them back. Starts with the server's close, beside the requests' drain.
   */
  drain(graceMs: number): Promise<void> {
    this.draining ??= (async () => {
      this.running = false;
      if (this.timer) clearTimeout(this.timer);
      this.timer = null;
      // A claim under way puts its jobs in flight (or gives them back) before it ends.
      await this.tickRun;
      const cut = setTimeout(() => this.halt.abort(), graceMs);
      await Promise.allSettled([...this.inflight]);
      clearTimeout(cut);
    })();
    return this.draining;
  }

  /** Drains (within the stop's grace, if not begun already) and closes the connections. */
  async stop(graceMs = stopGraceMs(this.ctx.config.SHUTDOWN_TIMEOUT_SECONDS)): Promise<void> {
    await this.drain(graceMs);
    await this.agent.close().catch(() => {});
  }

  /** A conversion wrote jobs: look now instead of at the next poll. */
  wake(): void {
    if (!this.running) return;
    // A wake during a tick must not be lost: that tick may already have looked.
    if (this.ticking) this.wakeRequested = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (!this.running) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.tickRun = this.tick();
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.ticking || !this.running) return;
    this.ticking = true;
    this.wakeRequested = false;
    let claimed = 0;
    try {
      const free = this.ctx.config.POSTBACK_CONCURRENCY - this.inflight.size;
      if (free > 0) {
        const jobs = await this.claim(free);
        claimed = jobs.length;
        // Claimed as the stop began: not sent, handed straight back.
        if (!this.running) await this.giveBack(jobs);
        else
          for (const job of jobs) {
            const p: Promise<void> = this.attempt(job)
              .then(() => undefined)
              .catch((err: unknown) =>
                this.ctx.log.error({ err, delivery: job.id, url: maskUrl(job.url) }, 'postback delivery failed'),
              )
              .finally(() => {
                this.inflight.delete(p);
                this.wake();
              });
            this.inflight.add(p);
          }
      }
    } catch (err) {
      this.ctx.log.error({ err }, 'postback claim failed');
    } finally {
      this.ticking = false;
      this.schedule(claimed > 0 || this.wakeRequested ? 0 : await this.untilNextDue());
    }
  }

  /** Milliseconds until the next pending job is due, at most the poll interval. */
  private async untilNextDue(): Promise<number> {
    try {
      const row = await this.ctx.db
        .selectFrom('postback_deliveries')
        .select((eb) => eb.fn.min('next_attempt_at').as('next'))
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (!row?.next) return POLL_MS;
      return Math.max(10, Math.min(POLL_MS, new Date(row.next).getTime() - Date.now()));
    } catch {
      return POLL_MS;
    }
  }

  private async claim(limit: number): Promise<ClaimedDelivery[]> {
    const leaseMs = this.ctx.config.POSTBACK_TIMEOUT_MS * 2 + 30_000;
    const res = await sql<ClaimedDelivery>`
      UPDATE postback_deliveries SET locked_until = now() + ${`${leaseMs} milliseconds`}::interval,
        attempts = attempts + 1, updated_at = now()
      WHERE id IN (
        SELECT id FROM postback_deliveries
        WHERE status = 'pending' AND next_attempt_at <= now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY next_attempt_at LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, publisher_id, postback_id, event_key, url, attempts`.execute(this.ctx.db);
    return res.rows;
  }

  /**
   * The secret is read for every attempt (one primary-key lookup, made on first use), never
   * cached: a rotation signs the very next attempt, whichever process sends it.
   */
  private async sendOptions(publisherId: number, eventKey: string) {
    const { secret } = await postbackSigning.ensure(this.ctx.db, publisherId);
    return {
      eventKey,
      signingSecret: secret,
      timeoutMs: this.ctx.config.POSTBACK_TIMEOUT_MS,
      ownHosts: this.ownHosts,
      instanceId: this.ctx.instanceId,
    };
  }

  /** Sends one claimed job and records the outcome (or gives the job back if a stop cut it). */
  async attempt(job: ClaimedDelivery): Promise<SendOutcome> {
    const outcome = await sendPostback(this.agent, job.url, {
      ...(await this.sendOptions(job.publisher_id, job.event_key)),
      signal: this.halt.signal,
    });
    if (!outcome.ok && outcome.errorClass === 'timeout' && this.halt.signal.aborted) await this.giveBack([job]);
    else await this.record(job, outcome);
    return outcome;
  }

  /**
   * Releases claimed jobs without counting their attempt: due at once, for the next start (or
   * another process). If this fails the lease runs out and they come back all the same.
   */
  private async giveBack(jobs: ClaimedDelivery[]): Promise<void> {
    if (jobs.length === 0) return;
    try {
      await this.ctx.db
        .updateTable('postback_deliveries')
        .set((eb) => ({ attempts: eb('attempts', '-', 1), locked_until: null, updated_at: new Date() }))
        .where(
          'id',
          'in',
          jobs.map((j) => j.id),
        )
        .where('status', '=', 'pending')
        .execute();
      this.ctx.log.info({ deliveries: jobs.map((j) => j.id) }, 'postback attempts given back at stop');
    } catch (err) {
      this.ctx.log.error({ err }, 'postback attempts not given back (they return when their lease ends)');
    }
  }

  /** Fires a test postback once, outside the queue; the attempt is logged like any other. */
  async sendTest(publisherId: number, postbackId: number, url: string, eventKey: string): Promise<SendOutcome> {
    const row = await this.ctx.db
      .insertInto('postback_deliveries')
      .values({
        publisher_id: publisherId,
        postback_id: postbackId,
        event_key: eventKey,
        url,
        is_test: true,
        attempts: 1,
        status: 'pending',
        next_attempt_at: new Date(Date.now() + 365 * 86_400_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const outcome = await sendPostback(this.agent, url, await this.sendOptions(publisherId, eventKey));
    await this.ctx.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('postback_attempts')
        .values(attemptRow({ id: row.id, publisher_id: publisherId, postback_id: postbackId, url }, outcome))
        .execute();
      await trx
        .updateTable('postback_deliveries')
        .set({
          status: outcome.ok ? 'delivered' : 'failed',
          last_status_code: outcome.statusCode,
          last_error_class: outcome.errorClass,
          updated_at: new Date(),
        })
        .where('id', '=', row.id)
        .execute();
    });
    return outcome;
  }

  /**
   * The operator's line for an attempt: a delivery given up at warn; a retry and a success at debug
   * (each attempt is in the publisher's delivery log already, and a receiver that is down would
   * otherwise write a line per conversion). The URL as the delivery log shows it (maskUrl: no
   * token, key or signature value).
   */
  private logAttempt(job: ClaimedDelivery, o: SendOutcome, status: string, next: Date | null): void {
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
    if (o.ok) this.ctx.log.debug(line, 'postback delivered');
    else if (status === 'pending') this.ctx.log.debug(line, 'postback attempt failed, retried later');
    else this.ctx.log.warn(line, `postback delivery ${status}: no more attempts`);
  }

  private async record(job: ClaimedDelivery, o: SendOutcome): Promise<void> {
    const cfg = this.ctx.config;
    const exhausted = job.attempts >= cfg.POSTBACK_MAX_ATTEMPTS;
    const permanent = o.errorClass !== null && PERMANENT.has(o.errorClass);
    let next: Date | null = null;
    let status: 'pending' | 'delivered' | 'failed' | 'stopped';
    if (o.ok) status = 'delivered';
    else if (o.errorClass === 'gone') status = 'stopped';
    else if (permanent || exhausted) status = 'failed';
    else {
      status = 'pending';
      const wait =
        o.errorClass === 'rate_limited' && o.retryAfterMs !== null
          ? Math.min(MAX_RETRY_AFTER_MS, Math.max(o.retryAfterMs, 0))
          : backoffMs(job.attempts, cfg.POSTBACK_RETRY_BASE_MS);
      next = new Date(Date.now() + wait);
    }
    const becameFailing = await this.ctx.db.transaction().execute(async (trx) => {
      await trx.insertInto('postback_attempts').values(attemptRow(job, o)).execute();
      await trx
        .updateTable('postback_deliveries')
        .set({
          status,
          locked_until: null,
          last_status_code: o.statusCode,
          last_error_class: o.errorClass,
          updated_at: new Date(),
          ...(next ? { next_attempt_at: next } : {}),
        })
        .where('id', '=', job.id)
        .execute();
      if (status === 'delivered') {
        await trx
          .updateTable('postbacks')
          .set({ failing_since: null })
          .where('id', '=', job.postback_id)
          .where('failing_since', 'is not', null)
          .execute();
        return false;
      }
      if (status === 'failed') {
        const r = await trx
          .updateTable('postbacks')
          .set({ failing_since: new Date() })
          .where('id', '=', job.postback_id)
          .where('failing_since', 'is', null)
          .returning(['id', 'name'])
          .executeTakeFirst();
        return r ?? false;
      }
      return false;
    });
    this.logAttempt(job, o, status, next);
    if (becameFailing) {
      const day = new Date().toISOString().slice(0, 10);
      await notifyPublisher(this.ctx, {
        publisherId: job.publisher_id,
        kind: 'postback_failing',
        dedupKey: `postback_failing:${job.postback_id}:${day}`,
        summary: `Postback "${becameFailing.name}" is failing`,
        description: `<p>Deliveries of your postback <strong>${escapeHtml(becameFailing.name)}</strong> keep failing (${escapeHtml(o.message ?? 'error')}). Check its URL, then replay the failed deliveries from the delivery log.</p>`,
        urgent: true,
      }).catch((err: unknown) => this.ctx.log.error({ err }, 'failing-postback notification failed'));
    }
  }
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
  };
}
