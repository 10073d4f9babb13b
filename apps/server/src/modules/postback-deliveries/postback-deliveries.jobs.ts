import type { AppContext } from '../../context.ts';
import type { Job } from '../../lib/job-runner.ts';
import { maskUrl } from '../../lib/log-url.ts';
import type { SendOutcome } from './delivery-http.ts';
import { returnUnsent, recordOutcome, sendTestDelivery } from './delivery-outcome.ts';
import { postbackDeliveriesRepository, type ClaimedDelivery } from './postback-deliveries.repository.ts';
import { DeliverySender } from './delivery-sender.ts';
import type { Lookup } from './ssrf-guard.ts';

export { backoffMs } from './delivery-outcome.ts';

const POLL_MS = 500;

/**
 * How long a stop lets postback attempts in hand finish: the stop's bound less 2 s for recording
 * them, the clicks and the database (at least half the bound).
 */
export function stopGraceMs(shutdownTimeoutSeconds: number): number {
  const ms = shutdownTimeoutSeconds * 1000;
  return Math.max(ms - 2000, ms / 2);
}

/**
 * Publisher postback delivery as database-backed jobs (docs/tracking.md). A job is claimed with
 * `FOR UPDATE SKIP LOCKED` and a lease (so several processes share the work on PostgreSQL and a
 * crashed worker's job comes back after the lease, docs/reliability.md F5), sent outside any transaction,
 * and its outcome recorded in one short transaction with the attempt log (delivery-outcome.ts). At
 * most POSTBACK_CONCURRENCY attempts run at once per process, and at most
 * POSTBACK_PUBLISHER_CONCURRENCY of one publisher's; publishers take turns and a
 * failing receiver backs off on its own (postback-deliveries.repository.ts `claimStatement`, receiver-backoff.ts).
 *
 * At a stop (`drain`) nothing new is claimed and the attempts in hand are finished and recorded;
 * one still waiting for its receiver when the stop's grace runs out is cut and given back (its
 * claim released, the attempt not counted), so the next start sends it again with the same event
 * id: a postback is never lost, and sent twice only if its receiver was that slow.
 */
export class DeliveryWorker {
  private readonly sender: DeliverySender;
  private timer: NodeJS.Timeout | null = null;
  private running = false;
  private ticking = false;
  private tickRun: Promise<void> | null = null;
  private draining: Promise<void> | null = null;
  /** Aborted when a stop's grace runs out: the sends still in flight are cut and given back. */
  private readonly halt = new AbortController();
  private wakeRequested = false;
  private readonly inflight = new Set<Promise<void>>();
  /** Attempts in flight by publisher id (the claim leaves a publisher at its share alone). */
  private readonly byPublisher = new Map<number, number>();

  constructor(private readonly ctx: AppContext) {
    this.sender = new DeliverySender(ctx);
  }

  /** The addresses the server listens on: a postback to one of them is a loop. */
  setListeners(listeners: { address: string; port: number }[]): void {
    this.sender.setListeners(listeners);
  }

  /** Replaces DNS resolution (tests answer with chosen addresses). */
  useLookup(lookup: Lookup): void {
    this.sender.useLookup(lookup);
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
    await this.sender.close();
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
        const leaseMs = this.ctx.config.POSTBACK_TIMEOUT_MS * 2 + 30_000;
        const jobs = await postbackDeliveriesRepository.claim(this.ctx.db, {
          limit: free,
          leaseMs,
          perPublisher: this.ctx.config.POSTBACK_PUBLISHER_CONCURRENCY,
          inFlight: this.byPublisher,
        });
        claimed = jobs.length;
        // Claimed as the stop began: not sent, handed straight back.
        if (!this.running) await returnUnsent(this.ctx, jobs);
        else for (const job of jobs) this.startAttempt(job);
      }
    } catch (err) {
      this.ctx.log.error({ err }, 'postback claim failed');
    } finally {
      this.ticking = false;
      this.schedule(claimed > 0 || this.wakeRequested ? 0 : await this.untilNextDue());
    }
  }

  private startAttempt(job: ClaimedDelivery): void {
    const pub = job.publisher_id;
    this.byPublisher.set(pub, (this.byPublisher.get(pub) ?? 0) + 1);
    const p: Promise<void> = this.attempt(job)
      .then(() => undefined)
      .catch((err: unknown) =>
        this.ctx.log.error({ err, delivery: job.id, url: maskUrl(job.url) }, 'postback delivery failed'),
      )
      .finally(() => {
        this.inflight.delete(p);
        const left = (this.byPublisher.get(pub) ?? 1) - 1;
        if (left > 0) this.byPublisher.set(pub, left);
        else this.byPublisher.delete(pub);
        this.wake();
      });
    this.inflight.add(p);
  }

  /**
   * Milliseconds until a job may next become claimable (a retry or a receiver's back-off ending),
   * at most the poll interval; a finished attempt wakes the worker sooner.
   */
  private async untilNextDue(): Promise<number> {
    try {
      const next = await postbackDeliveriesRepository.nextDueAt(this.ctx.db);
      if (!next) return POLL_MS;
      return Math.max(10, Math.min(POLL_MS, next.getTime() - Date.now()));
    } catch {
      return POLL_MS;
    }
  }

  /** Sends one claimed job and records the outcome (or gives the job back if a stop cut it). */
  async attempt(job: ClaimedDelivery): Promise<SendOutcome> {
    const outcome = await this.sender.send(job.url, job.publisher_id, job.event_key, this.halt.signal);
    if (!outcome.ok && outcome.errorClass === 'timeout' && this.halt.signal.aborted)
      await returnUnsent(this.ctx, [job]);
    else await recordOutcome(this.ctx, job, outcome);
    return outcome;
  }

  /** Fires a test postback once, outside the queue; the attempt is logged like any other. */
  sendTest(publisherId: number, postbackId: number, url: string, eventKey: string): Promise<SendOutcome> {
    return sendTestDelivery(this.ctx, this.sender, { publisherId, postbackId, url, eventKey });
  }
}

const workers = new WeakMap<AppContext, DeliveryWorker>();

/** The app instance's one delivery worker (the tracking engine holds the same: `trackingEngine(ctx).delivery`). */
export function deliveryWorker(ctx: AppContext): DeliveryWorker {
  let worker = workers.get(ctx);
  if (!worker) workers.set(ctx, (worker = new DeliveryWorker(ctx)));
  return worker;
}

/**
 * Postback delivery as a job of the app's runner (added by the tracking engine's jobs, after its
 * hourly upkeep): started with the app; when a stop begins it stops claiming while the attempts in
 * hand finish within the stop's grace; stopped before the database closes.
 */
export function deliveryJob(ctx: AppContext): Job {
  const worker = deliveryWorker(ctx);
  return {
    name: 'postback-delivery',
    start: () => worker.start(),
    beginStop: () => void worker.drain(stopGraceMs(ctx.config.SHUTDOWN_TIMEOUT_SECONDS)),
    stop: () => worker.stop(),
  };
}
