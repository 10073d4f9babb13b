import type { Job } from '../../lib/job-runner.ts';
import type { Db } from '../../db/database.ts';
import { settleEvents, type SettleLog } from './events.service.ts';

export interface SettleLoopOptions {
  /** How soon after a click batch the stored batches are written out. */
  settleAfterMs?: number;
  /** Where a failed settle is reported (it is retried, with back-off: nothing is lost). */
  onError?: (err: unknown) => void;
  /** Where a batch the settle had to set aside is reported. */
  log?: SettleLog;
}

/**
 * The settle, off the clicks' path: about a second after a click batch commits (`kick`), at start
 * for batches a stop or a crash left, and once more at close. A failed settle is retried with
 * back-off (doubling up to a minute) even if no click comes; a committed batch says the database
 * answers again, so a settle backing off comes at the usual delay instead.
 */
export class SettleLoop {
  private readonly settleAfterMs: number;
  private timer: NodeJS.Timeout | null = null;
  private settling: Promise<void> | null = null;
  private closed = false;
  /** Delay of the next settle after a failed one: doubles up to a minute, back to normal on success. */
  private retryMs: number;

  constructor(
    private readonly db: Db,
    private readonly opts: SettleLoopOptions = {},
  ) {
    this.settleAfterMs = opts.settleAfterMs ?? 1000;
    this.retryMs = this.settleAfterMs;
  }

  /** A click batch committed: settle in a moment (at once from a back-off's longer wait). */
  kick(): void {
    if (this.retryMs > this.settleAfterMs && this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.retryMs = this.settleAfterMs;
    }
    this.soon();
  }

  /** Batches stored before a stop (a crash, say) are written out without waiting for a click. */
  start(): void {
    this.soon(0);
  }

  /** No more scheduled settles; the one under way finishes, and a last one runs. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.settling;
    await this.settle();
  }

  private soon(delayMs = this.settleAfterMs): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.settle();
    }, delayMs);
    this.timer.unref();
  }

  private settle(): Promise<void> {
    const run: Promise<void> = settleEvents(this.db, this.opts.log)
      .then(
        () => void (this.retryMs = this.settleAfterMs),
        (err: unknown) => {
          this.opts.onError?.(err);
          // The batches stay stored; try again even if no click comes to schedule it.
          this.retryMs = Math.min(this.retryMs * 2, 60_000);
          this.soon(this.retryMs);
        },
      )
      .finally(() => {
        if (this.settling === run) this.settling = null;
      });
    this.settling = run;
    return run;
  }
}

/**
 * The settle as a job of the app's runner: started with the app, closed (a last settle) after the
 * job named `after` has stopped (the click writer: its last batches are settled too).
 */
export function settleJob(settle: SettleLoop, opts: { after: string }): Job {
  return { name: 'events-settle', start: () => settle.start(), stop: () => settle.close(), stopAfter: [opts.after] };
}
