import ipaddr from 'ipaddr.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { trackingRepository, type RefusalFilters, type RefusalRow } from './tracking.repository.ts';

export type { RefusalFilters, RefusalRow };

export type RefusalVerdict = { throttled: false } | { throttled: true; retryAfterSeconds: number };

const WINDOW_MS = 60_000;
/** Addresses (and summed reasons) held at once; past it the oldest windows are dropped. */
const MAX_KEYS = 50_000;

/**
 * The address a budget belongs to: IPv4 as is, IPv6 by its /64 (one subscriber's prefix, which
 * holds 2^64 addresses to rotate through), IPv4-mapped IPv6 as its IPv4.
 */
export function budgetKey(ip: string | null | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return ip || 'unknown';
  const addr = ipaddr.process(ip);
  if (addr.kind() === 'ipv4') return addr.toString();
  return `${addr.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/**
 * Records refused conversion calls (docs/reliability.md B11), at most `limit` rows per client address per
 * minute: past that budget a refusal answers 429 and is only counted, and the counts are written
 * as one row per address, reason and source each minute (`count` > 1). Only refusals are counted,
 * so an accepted click or conversion never waits on this, and one address spraying bad tokens or
 * made-up tids writes a bounded number of rows.
 *
 * Per process and in memory: N processes allow N budgets (cheap on the path every refusal takes;
 * the rows' timestamps still say what happened).
 */
export class ConversionRefusals {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly summed = new Map<string, RefusalRow & { count: number }>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly limit: number,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), WINDOW_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Whether the address has spent this minute's budget (its next refusal answers 429). */
  isOverBudget(ip: string | null | undefined): boolean {
    const w = this.windows.get(budgetKey(ip));
    return !!w && w.count >= this.limit && Date.now() - w.start < WINDOW_MS;
  }

  /** Counts one refusal against its address and writes its row while the budget lasts. */
  async record(row: RefusalRow): Promise<RefusalVerdict> {
    const now = Date.now();
    const key = budgetKey(row.ip);
    let w = this.windows.get(key);
    if (!w || now - w.start >= WINDOW_MS) {
      if (!w && this.windows.size >= MAX_KEYS) this.forgetExpired(now);
      w = { start: now, count: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    if (w.count <= this.limit) {
      await trackingRepository.insertRefusals(this.db, [row]);
      return { throttled: false };
    }
    const sumKey = `${key}|${row.reason}|${row.source ?? 'postback'}`;
    const sum = this.summed.get(sumKey);
    if (sum) sum.count++;
    else if (this.summed.size < MAX_KEYS)
      this.summed.set(sumKey, { reason: row.reason, source: row.source, ip: key, created_at: new Date(now), count: 1 });
    return { throttled: true, retryAfterSeconds: Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000)) };
  }

  /** Writes the summed refusals out (each minute and on stop). */
  async flush(): Promise<number> {
    if (this.summed.size === 0) return 0;
    const rows = [...this.summed.values()];
    this.summed.clear();
    try {
      await trackingRepository.insertRefusals(this.db, rows);
      return rows.length;
    } catch (err) {
      this.log.error({ err }, 'summed conversion refusals not written (kept for the next try)');
      for (const r of rows) {
        const k = `${r.ip ?? 'unknown'}|${r.reason}|${r.source ?? 'postback'}`;
        const now = this.summed.get(k);
        if (now) now.count += r.count;
        else this.summed.set(k, r);
      }
      return 0;
    }
  }

  private forgetExpired(now: number): void {
    for (const [k, w] of this.windows) if (now - w.start >= WINDOW_MS) this.windows.delete(k);
    // Still full (a flood of distinct addresses): start over rather than grow without bound.
    if (this.windows.size >= MAX_KEYS) this.windows.clear();
  }
}

/** What the operator sees: refusals since a time, per reason (counts summed), and the latest rows. */
export const findRefusals = (db: Db, f: RefusalFilters) => trackingRepository.findRefusals(db, f);
