import { Pool } from 'undici';
import type { Member } from './cluster.ts';

/**
 * Traffic spread over the processes of a cluster: clicks (`/c/...` redirects) and, for some of the
 * acknowledged clicks, the advertiser's conversion call (`/postback?token=…&tid=…` with an order
 * id). A click is acknowledged by its 302; a click whose answer never came (its process was killed)
 * is not, and is not tried again — a visitor would click anew. A conversion is retried on another
 * process until one answers 200, as an advertiser's retrying client does: the retry must not count
 * twice.
 */

export interface LoadTarget {
  offerId: number;
  publisherId: number;
  /** The offer's advertiser's conversion API token. */
  token: string;
  /** s1 of every click: tells this run's traffic from the rest. */
  tag: string;
}

export interface AckedClick {
  member: number;
  at: number;
}

const CONVERSION_ATTEMPTS = 20;

export class ClusterLoad {
  /** Acknowledged clicks by tid: which process answered, and when. */
  readonly clicks = new Map<string, AckedClick>();
  /** Acknowledged conversions: tid → the conversion id the 200 named. */
  readonly conversions = new Map<string, string>();
  clicksUnanswered = 0;
  clicksOther = 0;
  conversionRetries = 0;
  conversionsRefused = 0;
  conversionsGivenUp = 0;
  private readonly pools = new Map<string, Pool>();
  private readonly queue: string[] = [];
  private clickCount = 0;
  private stopping = false;
  private running: Promise<unknown> = Promise.resolve();
  private next = 0;

  constructor(
    private readonly target: LoadTarget,
    /** The processes to send to right now (as a load balancer's health checks see them). */
    private readonly serving: () => Member[],
    private readonly opts: { clickConnections: number; conversionConnections: number; convertEvery: number },
  ) {}

  private pool(m: Member): Pool {
    let p = this.pools.get(m.origin);
    if (!p) {
      p = new Pool(m.origin, {
        connections: Math.max(this.opts.clickConnections, this.opts.conversionConnections),
        pipelining: 1,
        keepAliveTimeout: 10_000,
      });
      this.pools.set(m.origin, p);
    }
    return p;
  }

  /** Round robin over the serving processes. */
  private pick(): Member | undefined {
    const live = this.serving();
    if (live.length === 0) return undefined;
    return live[this.next++ % live.length];
  }

  start(): void {
    this.stopping = false;
    const clickers = Array.from({ length: this.opts.clickConnections }, () => this.clickLoop());
    const converters = Array.from({ length: this.opts.conversionConnections }, () => this.conversionLoop());
    this.running = Promise.all([...clickers, ...converters]);
  }

  /** Stops the clicks, then waits until every queued conversion is acknowledged (or given up). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.running;
    await Promise.all([...this.pools.values()].map((p) => p.close().catch(() => {})));
  }

  private async clickLoop(): Promise<void> {
    const { offerId, publisherId, tag } = this.target;
    while (!this.stopping) {
      const m = this.pick();
      if (!m) {
        await sleep(20);
        continue;
      }
      const i = this.clickCount++;
      try {
        const r = await this.pool(m).request({
          method: 'GET',
          path: `/c/${offerId}/${publisherId}?s1=${tag}&pub_source=cluster`,
          headers: {
            'user-agent': `Mozilla/5.0 (cluster visitor ${i})`,
            'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
          },
        });
        await r.body.dump();
        const tid = r.statusCode === 302 ? new URL(String(r.headers['location'])).searchParams.get('clickid') : null;
        if (!tid) {
          this.clicksOther++;
          continue;
        }
        this.clicks.set(tid, { member: m.index, at: Date.now() });
        if (i % this.opts.convertEvery === 0) this.queue.push(tid);
      } catch {
        this.clicksUnanswered++;
      }
    }
  }

  private async conversionLoop(): Promise<void> {
    for (;;) {
      const tid = this.queue.shift();
      if (tid === undefined) {
        if (this.stopping) return;
        await sleep(10);
        continue;
      }
      await this.convert(tid);
    }
  }

  private async convert(tid: string): Promise<void> {
    const { token } = this.target;
    for (let attempt = 0; attempt < CONVERSION_ATTEMPTS; attempt++) {
      if (attempt > 0) {
        this.conversionRetries++;
        await sleep(50 * attempt);
      }
      const m = this.pick();
      if (!m) continue;
      try {
        const r = await this.pool(m).request({
          method: 'GET',
          path: `/postback?token=${token}&tid=${tid}&adv_transaction_id=ord-${tid}`,
        });
        const body = (await r.body.json().catch(() => null)) as { conversion_id?: string } | null;
        if (r.statusCode === 200 && body?.conversion_id) {
          this.conversions.set(tid, body.conversion_id);
          return;
        }
        // 503 (a process closing, a full queue) is worth a retry elsewhere; a refusal is not.
        if (r.statusCode < 500) {
          this.conversionsRefused++;
          return;
        }
      } catch {
        // no answer: the process died mid-call; the call may or may not have been stored
      }
    }
    this.conversionsGivenUp++;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
