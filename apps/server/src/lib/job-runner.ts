import type { AppContext } from '../context.ts';
import { schedulePeriodic, type PeriodicJob } from './periodic-job.ts';

/**
 * One background job of a process: started with the app (on ready), told when a stop begins,
 * stopped before the database closes. A job with its own loop (the postback delivery worker, the
 * settle) gives its start and stop; periodic and polled jobs are made by `JobRunner.periodic` and
 * `JobRunner.loop`.
 */
export interface Job {
  name: string;
  start?(): void | Promise<void>;
  /** A stop begins, before the requests in flight are answered (delivery stops claiming). */
  beginStop?(): void;
  stop?(): void | Promise<void>;
  /** Jobs whose stop must end before this one's begins (the settle after the click writer). */
  stopAfter?: string[];
}

/**
 * Runs `kick`ed work one run at a time; a kick during a run asks for one more run after it. After
 * `stop` no run starts, and its promise ends with the run under way.
 */
function serial(run: () => Promise<void>, onError: (err: unknown) => void) {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const kick = (): void => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .catch(onError)
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };
  const stop = async (): Promise<void> => {
    stopped = true;
    while (running) await running;
  };
  return { kick, stop };
}

/**
 * The process's background jobs (ARCHITECTURE.md, "Background jobs"): each module's `*.jobs.ts`
 * adds its own; the app starts them all on ready, begins their stop with its own and stops them
 * all before the database closes. Jobs named in `disabled` (the DISABLED_JOBS setting) are not
 * started in this process.
 *
 * Several processes may share one database, so each job runs its work once across them: periodic
 * jobs through a lease on their run (`runWhenDue`: an advisory lock while it runs, the last
 * completion in `settings`), polled jobs and workers through their claims (`FOR UPDATE SKIP
 * LOCKED` with a lease a dead process's claim runs out of).
 */
export class JobRunner {
  private readonly jobs: Job[] = [];
  private readonly started = new Set<string>();
  private readonly stops = new Map<string, Promise<void>>();

  constructor(
    private readonly ctx: AppContext,
    private readonly disabled: ReadonlySet<string> = new Set(),
  ) {}

  add(job: Job): void {
    if (this.jobs.some((j) => j.name === job.name)) throw new Error(`job ${job.name} added twice`);
    this.jobs.push(job);
  }

  /**
   * A job due every `periodMs`, run once per period across the processes sharing the database:
   * each process looks every minute (first after `firstAfterMs`, or at start, the start then
   * waiting for that first run); a failed run is logged and tried again at the next look.
   */
  periodic(opts: {
    name: string;
    periodMs: number;
    firstAfterMs?: number;
    work: (ctx: AppContext) => Promise<void>;
  }): void {
    let job: PeriodicJob | null = null;
    this.add({
      name: opts.name,
      start: async () => {
        job = schedulePeriodic(this.ctx, opts);
        await job.first;
      },
      stop: () => {
        job?.stop();
        job = null;
      },
    });
  }

  /**
   * A job run every `everyMs` from the start and whenever kicked (a new export: at once), one run
   * at a time; the stop waits for the run under way. Its work claims what it does (a lease), so
   * every process may poll. Returns the kick, which does nothing while the job is not running.
   */
  loop(opts: { name: string; everyMs: number; run: () => Promise<void> }): () => void {
    let timer: NodeJS.Timeout | null = null;
    const work = serial(opts.run, (err) => this.ctx.log.error({ err, job: opts.name }, 'job failed'));
    this.add({
      name: opts.name,
      start: () => {
        timer = setInterval(work.kick, opts.everyMs);
        timer.unref();
        work.kick();
      },
      stop: async () => {
        if (timer) clearInterval(timer);
        timer = null;
        await work.stop();
      },
    });
    return () => {
      if (timer) work.kick();
    };
  }

  /** Starts every job not disabled, in the order added, each start awaited. */
  async start(): Promise<void> {
    for (const job of this.jobs) {
      if (this.disabled.has(job.name) || this.started.has(job.name)) continue;
      this.started.add(job.name);
      await job.start?.();
    }
  }

  /** A stop begins: each job is told (before the requests in flight are answered). */
  beginStop(): void {
    for (const job of this.jobs) job.beginStop?.();
  }

  /**
   * Stops every job, together, each after those it names in `stopAfter`. A job never started stops
   * all the same (its stop finishes what was done without it: the click writer's queue, a last
   * settle of the batches a command stored).
   */
  async stop(): Promise<void> {
    const stopOf = (job: Job): Promise<void> => {
      let done = this.stops.get(job.name);
      if (!done) {
        const before = this.jobs.filter((j) => job.stopAfter?.includes(j.name));
        done = Promise.allSettled(before.map(stopOf)).then(async () => {
          await job.stop?.();
        });
        this.stops.set(job.name, done);
      }
      return done;
    };
    const outcomes = await Promise.allSettled(this.jobs.map(stopOf));
    for (const [i, o] of outcomes.entries())
      if (o.status === 'rejected') this.ctx.log.error({ err: o.reason, job: this.jobs[i]!.name }, 'job stop failed');
  }
}
