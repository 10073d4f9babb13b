import { AppError } from './errors.ts';
import { ERROR_CODES } from '@portal/shared';

/** Runs at most `limit` tasks at once; past `maxQueue` waiting tasks it refuses with 503. */
export class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private peakActive = 0;
  private peakQueued = 0;

  constructor(
    private readonly limit: number,
    private readonly maxQueue = Infinity,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.queue.length >= this.maxQueue) {
        throw new AppError(503, ERROR_CODES.UNAVAILABLE, 'The server is busy. Please try again.');
      }
      await new Promise<void>((resolve) => {
        this.queue.push(resolve);
        this.peakQueued = Math.max(this.peakQueued, this.queue.length);
      });
    } else {
      this.active++;
      this.peakActive = Math.max(this.peakActive, this.active);
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }

  /** How busy it is now, and the most it has been since the last call with `resetPeaks` (for health checks and tests). */
  stats(resetPeaks = false): { active: number; queued: number; peakActive: number; peakQueued: number } {
    const s = {
      active: this.active,
      queued: this.queue.length,
      peakActive: this.peakActive,
      peakQueued: this.peakQueued,
    };
    if (resetPeaks) {
      this.peakActive = this.active;
      this.peakQueued = this.queue.length;
    }
    return s;
  }
}
