import ipaddr from 'ipaddr.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import { hit, peek } from '../../lib/throttle.ts';
import { trackingRepository, type RefusalFilters, type RefusalRow } from './tracking.repository.ts';

export type { RefusalFilters, RefusalRow };

export type RefusalVerdict = { throttled: false } | { throttled: true; retryAfterSeconds: number };

const WINDOW_SECONDS = 60;
/** Summed rows held between flushes; past it new addresses are summed together (`MANY`). */
const MAX_SUMMED = 10_000;
/** Addresses remembered as over budget (spares a query per refusal while one floods). */
const MAX_REMEMBERED = 10_000;
/** The `ip` of a row summing refusals from many addresses. */
export const MANY_ADDRESSES = 'many addresses';

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

export interface RefusalLimits {
  /** Refusals one address may have recorded one by one per minute (TRACKING_REFUSAL_LIMIT). */
  perAddress: number;
  /** Refusals recorded one by one per minute from all addresses (TRACKING_REFUSAL_TOTAL_LIMIT). */
  total: number;
}

/**
 * Records refused conversion calls (docs/reliability.md B11) with their reason, within two budgets
 * counted in `throttle_buckets` (so every process of the portal shares them, and a restart does not
 * reset them), each a minute long:
 *
 * - per client address (`refusal:ip:<address>`): past it, that address's refusals answer 429 and
 *   are only counted;
 * - over all addresses (`refusal:all`), the ceiling on rows written one by one when many
 *   addresses refuse at once: past it, refusals keep their own answer but are only counted.
 *
 * Counted refusals are summed in memory and written each minute (and at a stop) as one row per
 * address, reason and source (`count` > 1), or per reason and source from `many addresses` once
 * too many addresses are summed at once: every refusal is in the table, however many there were.
 * Only refusals are counted, so an accepted click or conversion never waits on this.
 */
export class ConversionRefusals {
  private readonly summed = new Map<string, RefusalRow & { count: number }>();
  /** Address → until when it is known to be over budget (ms). A hint: forgetting costs a query. */
  private readonly overBudgetUntil = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly limits: RefusalLimits,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), WINDOW_SECONDS * 1000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.flush();
  }

  /** Whether the address has spent this minute's budget (its next refusal answers 429). */
  async isOverBudget(ip: string | null | undefined): Promise<boolean> {
    const key = budgetKey(ip);
    if ((this.overBudgetUntil.get(key) ?? 0) > Date.now()) return true;
    const row = await peek(this.db, `refusal:ip:${key}`);
    if (!row) return false;
    const elapsed = (Date.now() - new Date(row.window_start).getTime()) / 1000;
    return elapsed < WINDOW_SECONDS && Number(row.count) >= this.limits.perAddress;
  }

  /** Counts one refusal against its address and the ceiling, and writes its row while both last. */
  async record(row: RefusalRow): Promise<RefusalVerdict> {
    const key = budgetKey(row.ip);
    const now = Date.now();
    const known = this.overBudgetUntil.get(key) ?? 0;
    if (known > now) {
      this.add(row, key);
      return { throttled: true, retryAfterSeconds: Math.max(1, Math.ceil((known - now) / 1000)) };
    }
    const perAddress = await hit(this.db, `refusal:ip:${key}`, {
      limit: this.limits.perAddress,
      windowSeconds: WINDOW_SECONDS,
    });
    if (!perAddress.allowed) {
      this.remember(key, now + perAddress.retryAfter * 1000);
      this.add(row, key);
      return { throttled: true, retryAfterSeconds: perAddress.retryAfter };
    }
    const total = await hit(this.db, 'refusal:all', { limit: this.limits.total, windowSeconds: WINDOW_SECONDS });
    if (!total.allowed) {
      this.add(row, key);
      return { throttled: false };
    }
    await trackingRepository.insertRefusals(this.db, [row]);
    return { throttled: false };
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
      for (const r of rows) this.add(r, r.ip ?? 'unknown', r.count);
      return 0;
    }
  }

  /** Adds to the address's summed row; past MAX_SUMMED rows, to the row of many addresses. */
  private add(row: RefusalRow, address: string, count = 1): void {
    const source = row.source ?? 'postback';
    let sumKey = `${address}|${row.reason}|${source}`;
    let ip = address;
    if (!this.summed.has(sumKey) && this.summed.size >= MAX_SUMMED) {
      ip = MANY_ADDRESSES;
      sumKey = `${ip}|${row.reason}|${source}`;
    }
    const sum = this.summed.get(sumKey);
    if (sum) sum.count += count;
    else this.summed.set(sumKey, { reason: row.reason, source: row.source, ip, created_at: row.created_at, count });
  }

  private remember(key: string, until: number): void {
    if (this.overBudgetUntil.size >= MAX_REMEMBERED) {
      const now = Date.now();
      for (const [k, t] of this.overBudgetUntil) if (t <= now) this.overBudgetUntil.delete(k);
      // Still full (a flood of distinct addresses): forget all; each costs one query to relearn.
      if (this.overBudgetUntil.size >= MAX_REMEMBERED) this.overBudgetUntil.clear();
    }
    this.overBudgetUntil.set(key, until);
  }
}

/** What the operator sees: refusals since a time, per reason (counts summed), and the latest rows. */
export const findRefusals = (db: Db, f: RefusalFilters) => trackingRepository.findRefusals(db, f);

/** Refused conversion calls since a time, per reason (rows summing several counted as many), most first. */
export const refusalsByReason = (db: Db, since: Date) => trackingRepository.refusalsByReason(db, since);
