import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const url = z
  .string()
  .url()
  .transform((v) => v.replace(/\/+$/, ''));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** PostgreSQL: how long opening a connection may take before the query waiting for it fails. */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5000),
  /**
   * PostgreSQL: how long one statement may wait for its answer; past it the statement fails and its
   * connection is dropped (a database that stalls holds no request and no connection for long).
   */
  DATABASE_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  PUBLIC_URL: url.optional(),
  PUBLIC_TRACKING_URL: url.optional(),
  POSTBACK_ALLOWED_HOSTS: z.string().default(''),
  /** Tracking engine: where clicks go when no offer fallback applies (default: the portal). */
  TRACKING_FALLBACK_URL: z.string().url().optional(),
  /** Clicks waiting for their group commit; past this a click answers 503. */
  CLICK_QUEUE_LIMIT: z.coerce.number().int().min(100).default(20_000),
  /** How long a click may wait for its group commit; past it the click answers 503, not a 302. */
  CLICK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  POSTBACK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  POSTBACK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(30).default(8),
  /** First retry delay; each further one doubles (with jitter), capped at 6 h. */
  POSTBACK_RETRY_BASE_MS: z.coerce.number().int().min(10).default(30_000),
  POSTBACK_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(16),
  /**
   * Deliveries of one publisher in flight at once per process: the rest of the slots stay free
   * for the other publishers (docs/tracking.md, Fairness).
   */
  POSTBACK_PUBLISHER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(8),
  /** Deliveries one conversion may create; the postbacks it matches past these are refused, in the log. */
  POSTBACK_FANOUT_LIMIT: z.coerce.number().int().min(1).max(500).default(20),
  /**
   * Refused conversion calls (/postback, /pixel) one client address may make per minute; past it
   * they answer 429 and are summed into one refusal row per reason instead of a row each.
   */
  TRACKING_REFUSAL_LIMIT: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * Refused conversion calls recorded one by one per minute over all addresses (every process
   * together); past it they keep their answer but are summed into one row per reason each minute.
   */
  TRACKING_REFUSAL_TOTAL_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(1000),
  /**
   * Unsigned pixel conversions one publisher may have per UTC day, over all offers (every process
   * together); past it their unsigned pixels are refused (`pixel_daily_limit`). A publisher's own
   * limit (`publisher:pixel-limit`) replaces it. 0: unsigned pixels record nothing.
   */
  PIXEL_UNSIGNED_DAILY_LIMIT: z.coerce.number().int().min(0).max(10_000_000).default(100),
  /**
   * How long a stop (SIGTERM, SIGINT) may take: requests in flight, pending clicks, postback
   * attempts in hand. Past it the process exits 1 (what it left is taken up at the next start).
   */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /**
   * Background jobs this process does not run, by name, comma-separated (ARCHITECTURE.md,
   * "Background jobs"): tests turn off `monthly-invoices` and call the service instead.
   */
  DISABLED_JOBS: z.string().default(''),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Publisher Portal <no-reply@portal.test>'),
  /** Unset: true in development and test, false when NODE_ENV=production (see `demoSeedWarning`). */
  DEMO_SEED: bool.optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ACCESS_TOKEN_TTL_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(60 * 24 * 30)
    .default(60 * 12),
  SIGNUP_DAILY_LIMIT: z.coerce.number().int().min(0).default(100),
  /**
   * Requests one API key may make per minute (counted in the database, shared by every process);
   * past it a 429 with Retry-After. All of an account's keys together stop at 300 a minute.
   */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(120),
  TRUST_PROXY: z.string().default(''),
  /**
   * A file of address ranges and their countries (`start,end,country` lines: the free IP-to-country
   * files' format), for the fraud hold of a conversion from outside its offer's regions
   * (docs/money.md). Empty: the country of an address is unknown and that signal is off.
   */
  GEO_IP_COUNTRY_FILE: z.string().default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Request lines of the click and pixel paths (/c, /pixel), which carry nearly all the traffic:
   * `all`, `errors` (status ≥ 500 only) or `sample:<rate>` (errors and that share of the rest).
   */
  TRACKING_LOG: z
    .string()
    .default('errors')
    .refine(
      (v) => parseTrackingLog(v) !== null,
      'must be all, errors or sample:<rate> with 0 < rate ≤ 1 (sample:0.01)',
    ),
  MINIMUM_PAYOUT_USD: z.coerce.number().min(0).default(50),
  REFERRAL_COMMISSION_PERCENT: z.coerce.number().min(0).max(100).default(5),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'DEMO_SEED'> {
  /** Whether an empty database gets the demo network. */
  DEMO_SEED: boolean;
  /** DEMO_SEED was set explicitly (not derived from NODE_ENV). */
  demoSeedExplicit: boolean;
  publicUrl: string;
  publicTrackingUrl: string;
  postbackAllowedHosts: string[];
  /** `false`, `true` or a list of proxy addresses, as Fastify's trustProxy takes them. */
  trustProxy: boolean | string[];
  /** Which requests of the click and pixel paths get a request line (TRACKING_LOG). */
  trackingLog: TrackingLogPolicy;
}

export type TrackingLogPolicy = { mode: 'all' } | { mode: 'errors' } | { mode: 'sample'; rate: number };

/** `all`, `errors` or `sample:<rate>` (0 < rate ≤ 1); null for anything else. */
export function parseTrackingLog(value: string): TrackingLogPolicy | null {
  const v = value.trim().toLowerCase();
  if (v === 'all' || v === 'errors') return { mode: v };
  const m = /^sample:(\d*\.?\d+)$/.exec(v);
  if (!m) return null;
  const rate = Number(m[1]);
  return rate > 0 && rate <= 1 ? { mode: 'sample', rate } : null;
}

export class ConfigError extends Error {}

/** Reads and validates the environment. A bad value stops the process with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Config {
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = { ...parsed.data, ...overrides };
  const publicUrl = e.PUBLIC_URL ?? `http://localhost:${e.PORT}`;
  const trust = e.TRUST_PROXY.trim();
  return {
    ...e,
    DEMO_SEED: e.DEMO_SEED ?? e.NODE_ENV !== 'production',
    demoSeedExplicit: e.DEMO_SEED !== undefined,
    DATA_DIR: path.resolve(e.DATA_DIR),
    publicUrl,
    publicTrackingUrl: e.PUBLIC_TRACKING_URL ?? publicUrl,
    postbackAllowedHosts: e.POSTBACK_ALLOWED_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    trustProxy:
      trust === '' || trust === 'false' ? false : trust === 'true' ? true : trust.split(',').map((s) => s.trim()),
    trackingLog: parseTrackingLog(e.TRACKING_LOG) ?? { mode: 'errors' },
  };
}

/**
 * The demo network opens accounts with published passwords and advertiser tokens that are in the
 * repository: a production start that seeds it says so loudly.
 */
/**
 * `TRUST_PROXY=true` reads the client's address from the leftmost `X-Forwarded-For` entry, which
 * the client itself writes: every per-address budget (logins, resets, sign-ups) could be renewed
 * at will. Said at start; the proxies' addresses keep the address honest.
 */
export function trustProxyWarning(config: Config): string | null {
  if (config.trustProxy !== true) return null;
  return "TRUST_PROXY=true trusts any X-Forwarded-For a client sends, so per-address limits can be evaded. Set TRUST_PROXY to your proxies' addresses or ranges.";
}

export function demoSeedWarning(config: Config): string | null {
  if (config.NODE_ENV !== 'production' || !config.DEMO_SEED) return null;
  return 'DEMO_SEED=true in production: the demo network (published logins, advertiser tokens and pixel secrets) is seeded on an empty database and its published credentials are allowed. Unset DEMO_SEED for a real network.';
}
