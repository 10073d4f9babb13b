import { Pool } from 'undici';

/**
 * The client side of a fault test: clicks at a bounded rate over keep-alive connections, and the
 * advertiser's conversion call for some of the acknowledged clicks. Every answer is recorded: a
 * click is acknowledged by its 302 (the tid in its Location), a conversion by a 200 naming its
 * conversion id. A click that got no 302 is not tried again (a visitor would click anew); a
 * conversion call is retried on 503 or no answer, as an advertiser's retrying client does, and the
 * retry must not count twice. Latencies are kept with their start times, for the p99 of a window.
 */

export interface LoadTarget {
  origin: string;
  offerId: number;
  publisherId: number;
  /** The offer's advertiser's conversion API token. */
  token: string;
}

export interface LoadOptions {
  /** Clicks started per second, at most. */
  clicksPerSecond: number;
  /** Requests in flight at most (the connections of the pool). */
  connections: number;
  /** One acknowledged click in this many gets a conversion call. */
  convertEvery: number;
  /** Clicks sent at most over the whole run. */
  maxClicks: number;
  /** How long a request may wait for its answer before the client gives up on it. */
  requestTimeoutMs: number;
  /** How long a conversion call is retried before the advertiser gives up. */
  conversionGiveUpMs: number;
}

/** What one request got: a status, or how it failed. */
export type Answer =
  | { kind: 'status'; status: number }
  | { kind: 'reset' }
  | { kind: 'closed' }
  | { kind: 'refused' }
  | { kind: 'timeout' }
  | { kind: 'error'; code: string };

export interface Sample {
  op: 'click' | 'conversion';
  /** performance.now() when it was sent. */
  at: number;
  ms: number;
  answer: Answer;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function answerLabel(a: Answer): string {
  return a.kind === 'status' ? String(a.status) : a.kind === 'error' ? `error ${a.code}` : a.kind;
}

function failure(err: unknown): Answer {
  const code = (err as { code?: string }).code ?? '';
  const message = err instanceof Error ? err.message : String(err);
  if (code === 'ECONNRESET' || /ECONNRESET|socket hang up/.test(message)) return { kind: 'reset' };
  if (code === 'ECONNREFUSED') return { kind: 'refused' };
  if (code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED') return { kind: 'closed' };
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') return { kind: 'timeout' };
  return { kind: 'error', code: code || message };
}

export class FaultLoad {
  /** Acknowledged clicks: tid → when the 302 came. */
  readonly clicks = new Map<string, number>();
  /** Acknowledged conversions: tid → the conversion id its 200 named. */
  readonly conversions = new Map<string, string>();
  readonly samples: Sample[] = [];
  conversionRetries = 0;
  conversionsRefused = 0;
  conversionsGivenUp = 0;
  private pool: Pool;
  private sent = 0;
  private inFlight = 0;
  private stopping = false;
  private clicking: Promise<void> = Promise.resolve();
  private readonly converting = new Set<Promise<void>>();

  constructor(
    private readonly target: LoadTarget,
    private readonly opts: LoadOptions,
  ) {
    this.pool = this.newPool();
  }

  private newPool(): Pool {
    return new Pool(this.target.origin, {
      connections: this.opts.connections,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      headersTimeout: this.opts.requestTimeoutMs,
      bodyTimeout: this.opts.requestTimeoutMs,
      connect: { timeout: 5000 },
    });
  }

  start(): void {
    this.stopping = false;
    this.clicking = this.clickLoop();
  }

  /** Stops sending clicks; resolves once every conversion call has its answer (or was given up). */
  async stop(): Promise<void> {
    this.stopping = true;
    await this.clicking;
    while (this.converting.size > 0) await Promise.all([...this.converting]);
  }

  async close(): Promise<void> {
    await this.pool.close().catch(() => {});
  }

  /** Samples of `op` sent within [from, to). */
  window(op: Sample['op'], from: number, to: number): Sample[] {
    return this.samples.filter((s) => s.op === op && s.at >= from && s.at < to);
  }

  private async request(op: Sample['op'], path: string): Promise<{ answer: Answer; location?: string; body?: string }> {
    const at = performance.now();
    let result: { answer: Answer; location?: string; body?: string };
    try {
      const r = await this.pool.request({ method: 'GET', path, headers: { 'user-agent': 'fault-test' } });
      const body = await r.body.text();
      const location = r.headers['location'];
      result = {
        answer: { kind: 'status', status: r.statusCode },
        body,
        ...(typeof location === 'string' ? { location } : {}),
      };
    } catch (err) {
      result = { answer: failure(err) };
    }
    this.samples.push({ op, at, ms: performance.now() - at, answer: result.answer });
    return result;
  }

  private async clickLoop(): Promise<void> {
    const { offerId, publisherId } = this.target;
    const interval = 1000 / this.opts.clicksPerSecond;
    let next = performance.now();
    const running = new Set<Promise<void>>();
    while (!this.stopping && this.sent < this.opts.maxClicks) {
      if (this.inFlight >= this.opts.connections) {
        await Promise.race(running);
        continue;
      }
      const wait = next - performance.now();
      if (wait > 0) await sleep(wait);
      next = Math.max(next + interval, performance.now() - 1000);
      const i = this.sent++;
      this.inFlight++;
      const p = this.request('click', `/c/${offerId}/${publisherId}?s1=fault&s2=${i}`).then(({ answer, location }) => {
        this.inFlight--;
        if (answer.kind !== 'status' || answer.status !== 302 || !location) return;
        const tid = new URL(location).searchParams.get('clickid');
        if (!tid) return;
        this.clicks.set(tid, performance.now());
        if (this.clicks.size % this.opts.convertEvery === 0) this.convert(tid);
      });
      running.add(p);
      void p.finally(() => running.delete(p));
    }
    await Promise.all(running);
  }

  private convert(tid: string): void {
    const p = this.convertOnce(tid).finally(() => this.converting.delete(p));
    this.converting.add(p);
  }

  private async convertOnce(tid: string): Promise<void> {
    const started = performance.now();
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) {
        this.conversionRetries++;
        await sleep(Math.min(200 * attempt, 2000));
      }
      const { answer, body } = await this.request(
        'conversion',
        `/postback?token=${this.target.token}&tid=${tid}&adv_transaction_id=ord-${tid}`,
      );
      if (answer.kind === 'status' && answer.status === 200) {
        const id = (JSON.parse(body ?? '{}') as { conversion_id?: string }).conversion_id;
        if (id) this.conversions.set(tid, id);
        return;
      }
      // A refusal (4xx) is an answer; 503 and no answer are worth another try.
      if (answer.kind === 'status' && answer.status < 500) {
        this.conversionsRefused++;
        return;
      }
      if (performance.now() - started > this.opts.conversionGiveUpMs) {
        this.conversionsGivenUp++;
        return;
      }
    }
  }
}

/** The 99th percentile of the samples' latencies, in ms (null for none). */
export function p99(samples: Sample[]): number | null {
  if (samples.length === 0) return null;
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return ms[Math.min(ms.length - 1, Math.floor(ms.length * 0.99))]!;
}

/** How many samples got each answer ("302": 120, "503": 4, "reset": 0, …). */
export function tally(samples: Sample[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of samples) out[answerLabel(s.answer)] = (out[answerLabel(s.answer)] ?? 0) + 1;
  return out;
}
