import type { Db } from '../../db/database.ts';
import { eventsService, type ClickWrite } from '../events/events.service.ts';

interface Pending {
  item: ClickWrite;
  resolve: () => void;
  reject: (err: Error) => void;
  /** performance.now() past which the click is answered as not stored (Infinity: never). */
  deadline: number;
  /** Answered already (by its commit, its failure or its deadline): later outcomes are ignored. */
  done: boolean;
}

export class ClickQueueFullError extends Error {}

/** A click neither committed nor failed by its deadline (a stalled database). */
export class ClickTimeoutError extends Error {}

/** How often the waiting clicks' deadlines are checked while any wait. */
const SWEEP_MS = 100;

export interface ClickWriterOptions {
  /** Most clicks in one stored batch. */
  maxBatch?: number;
  /** Most clicks waiting; past it submit() refuses at once (the click answers 503). */
  maxQueue?: number;
  /** Called after each committed batch: the settle that writes stored batches out is due (events.jobs.ts). */
  onCommit?: () => void;
  /**
   * Write each batch out to `clicks` in its own statement (its rollup counts queued) instead of
   * storing it for the settle. For PGlite, which runs every statement on this thread: deferring the
   * work there only puts it in front of later clicks, in bursts (bench/README.md, tracking).
   */
  writeThrough?: boolean;
}

/**
 * Group commit for clicks (docs/tracking.md): requests queue their rows; one statement appends
 * everything queued so far to `click_batches` as one row, and each request resolves only after its
 * COMMIT. Under load a batch holds every click that arrived while the previous one was committing,
 * so throughput grows with load while a lone click still gets its own immediate transaction. One
 * batch is written at a time. About a second after a batch the stored batches are written out to
 * `clicks`, the unique-click windows and the rollups by the settle (events.jobs.ts), off the
 * clicks' path. With `writeThrough` (PGlite) a batch's statement writes it out itself and queues
 * its counts.
 */
export class ClickWriter {
  private readonly queue: Pending[] = [];
  /** The batch being written. */
  private inFlight: Pending[] = [];
  private sweepTimer: NodeJS.Timeout | null = null;
  private writing = false;
  private closed = false;
  private scheduled = false;
  private idle: (() => void)[] = [];
  private readonly maxBatch: number;
  private readonly maxQueue: number;

  constructor(
    private readonly db: Db,
    private readonly opts: ClickWriterOptions = {},
  ) {
    this.maxBatch = opts.maxBatch ?? 2000;
    this.maxQueue = opts.maxQueue ?? 20_000;
  }

  /**
   * Resolves once the click is committed; rejects if it was not stored, or with ClickTimeoutError
   * once `deadline` (a performance.now() time) has passed without its commit. One sweep checks
   * every waiting click's deadline, instead of a timer per click. A click still queued at its
   * deadline is dropped from the queue; one whose batch is already being written may be stored
   * though it was answered as not stored (allowed: the reverse is not).
   */
  submit(item: ClickWrite, deadline = Infinity): Promise<void> {
    if (this.closed) return Promise.reject(new ClickQueueFullError('closing'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(new ClickQueueFullError('click queue full'));
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject, deadline, done: false });
      if (deadline !== Infinity && !this.sweepTimer) {
        this.sweepTimer = setInterval(() => this.sweep(), SWEEP_MS);
        this.sweepTimer.unref();
      }
      // Start on the next turn of the event loop, so every request read in this I/O phase joins
      // the same batch (costs well under a millisecond; PGlite, which blocks the loop while it
      // runs a statement, otherwise writes one click per transaction).
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Resolves when everything queued so far is written (graceful close). */
  async flush(): Promise<void> {
    if (this.queue.length === 0 && !this.writing) return;
    await new Promise<void>((resolve) => this.idle.push(resolve));
  }

  /** Writes what is queued; later submits are refused. */
  async close(): Promise<void> {
    await this.flush();
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
  }

  /** Answers the clicks past their deadline; stops once no click waits. */
  private sweep(): void {
    const now = performance.now();
    const expired = (p: Pending) => !p.done && p.deadline <= now;
    for (const p of this.inFlight) if (expired(p)) answer(p, new ClickTimeoutError('click not stored in time'));
    let kept = 0;
    for (const p of this.queue) {
      if (expired(p)) answer(p, new ClickTimeoutError('click not stored in time'));
      else this.queue[kept++] = p;
    }
    this.queue.length = kept;
    if (this.queue.length === 0 && !this.writing) this.wakeIdle();
    if (this.queue.length === 0 && this.inFlight.every((p) => p.done) && this.sweepTimer) {
      clearInterval(this.sweepTimer);
      this.sweepTimer = null;
    }
  }

  private pump(): void {
    if (this.writing) return;
    if (this.queue.length === 0) return this.wakeIdle();
    const batch = this.queue.splice(0, this.maxBatch);
    this.writing = true;
    this.inFlight = batch;
    void this.write(batch).finally(() => {
      this.inFlight = [];
      this.writing = false;
      this.pump();
    });
  }

  /** Everything queued is written (or was answered and dropped): flush() returns. */
  private wakeIdle(): void {
    const waiting = this.idle;
    this.idle = [];
    for (const w of waiting) w();
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      await eventsService.writeClickBatch(
        this.db,
        batch.map((p) => p.item),
        { writeThrough: this.opts.writeThrough === true },
      );
      for (const p of batch) answer(p);
      this.opts.onCommit?.();
    } catch (err) {
      const e = err instanceof Error ? err : new Error(String(err));
      for (const p of batch) answer(p, e);
    }
  }
}

/** Settles a waiting click once: its commit (no error) or why it was not stored. */
function answer(p: Pending, err?: Error): void {
  if (p.done) return;
  p.done = true;
  if (err) p.reject(err);
  else p.resolve();
}
