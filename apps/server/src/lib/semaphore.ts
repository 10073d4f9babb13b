import { AppError } from './errors.ts';
import { ERROR_CODES } from '@portal/shared';

/** Runs at most `limit` tasks at once; past `maxQueue` waiting tasks it refuses with 503. */
export class Semaphore {
  private active = 0;
  private readonly queue: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly maxQueue = Infinity,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) {
      if (this.queue.length >= this.maxQueue) {
        throw new AppError(503, ERROR_CODES.UNAVAILABLE, 'The server is busy. Please try again.');
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.active--;
    }
  }
}
