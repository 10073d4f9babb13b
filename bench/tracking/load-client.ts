import { Pool } from 'undici';

export interface LoadResult {
  requests: number;
  errors: number;
  non3xx: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
}

/**
 * A closed-loop HTTP load client: `connections` keep-alive connections, each sending its next
 * request as soon as the previous answer is read, for `seconds`. Latency is per request.
 */
export async function runLoad(opts: {
  origin: string;
  path: (i: number) => string;
  /** Request headers of the i-th request (a visitor's user agent, say). */
  headers?: (i: number) => Record<string, string>;
  connections: number;
  seconds: number;
  warmupSeconds?: number;
  /** Called as the measured run starts and ends (CPU accounting). */
  onMeasure?: (phase: 'start' | 'end') => void;
}): Promise<LoadResult> {
  const pool = new Pool(opts.origin, { connections: opts.connections, pipelining: 1, keepAliveTimeout: 10_000 });
  let i = 0;
  const run = async (seconds: number, record: boolean) => {
    const latencies: number[] = [];
    let errors = 0;
    let non3xx = 0;
    const end = performance.now() + seconds * 1000;
    const worker = async () => {
      while (performance.now() < end) {
        const t0 = performance.now();
        try {
          const n = i++;
          const r = await pool.request({
            method: 'GET',
            path: opts.path(n),
            ...(opts.headers ? { headers: opts.headers(n) } : {}),
          });
          await r.body.dump();
          if (r.statusCode < 300 || r.statusCode >= 400) non3xx++;
        } catch {
          errors++;
        }
        if (record) latencies.push(performance.now() - t0);
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: opts.connections }, worker));
    const elapsed = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
    return {
      requests: latencies.length,
      errors,
      non3xx,
      seconds: elapsed,
      rps: latencies.length / elapsed,
      p50: q(0.5),
      p99: q(0.99),
    };
  };
  if (opts.warmupSeconds) await run(opts.warmupSeconds, false);
  opts.onMeasure?.('start');
  const result = await run(opts.seconds, true);
  opts.onMeasure?.('end');
  await pool.close();
  return result;
}
