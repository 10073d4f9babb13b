import dns from 'node:dns';
import net from 'node:net';
import { Agent, buildConnector } from 'undici';
import { classifyAddress, withoutTrailingDot } from './address-classifier.ts';

/** Why a postback was not sent; shown to the publisher as the attempt's error class. */
export class GuardError extends Error {
  constructor(
    readonly errorClass: 'blocked_address' | 'blocked_protocol' | 'loop' | 'dns' | 'invalid_url',
    message: string,
  ) {
    super(message);
  }
}

export type Lookup = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface GuardOptions {
  /** Host names that may be reached although they resolve to non-public addresses. */
  allowedHosts: string[];
  /** Our own tracking and portal hosts (host[:port]): a postback there would loop. */
  ownHosts: string[];
  /** Whether an address and port about to be dialled is this portal itself (own-addresses.ts). */
  isOwnAddress?: (address: string, port: number) => Promise<boolean>;
  /** DNS resolution, injectable so tests can answer anything. */
  lookup?: Lookup;
  dnsTimeoutMs?: number;
  connectTimeoutMs?: number;
  /** Most connections kept open at once (delivery concurrency is bounded before this too). */
  connections?: number;
}

export const systemLookup: Lookup = async (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

const stripBrackets = (h: string) => h.replace(/^\[|\]$/g, '');
/** The host as compared and resolved: lower case, no brackets, no trailing dot. */
const plainHost = (h: string) => withoutTrailingDot(stripBrackets(h.toLowerCase()));

/** Checks what can be known before connecting: scheme, a parsable URL, and loops to ourselves. */
export function precheckUrl(raw: string, opts: Pick<GuardOptions, 'ownHosts'>): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new GuardError('invalid_url', 'The postback URL is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new GuardError('blocked_protocol', `Only http and https postbacks are sent (not ${url.protocol}).`);
  }
  const own = new Set(opts.ownHosts.map((h) => h.toLowerCase()));
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const host = withoutTrailingDot(url.hostname.toLowerCase());
  if (own.has(url.port ? `${host}:${url.port}` : host) || own.has(`${host}:${port}`)) {
    throw new GuardError('loop', 'The postback points at this tracking server itself.');
  }
  return url;
}

/**
 * An undici Agent whose connections go only to checked addresses (docs/tracking.md, docs/reliability.md B1–B3,
 * F9). The check runs in the connector, on the address actually dialled: the name is resolved once,
 * each address classified, and the socket opened to that checked address (TLS keeps the host name
 * for SNI), so a DNS answer that changes between check and connect cannot slip through.
 */
export function createGuardedAgent(opts: GuardOptions): Agent {
  const allowed = new Set(opts.allowedHosts.map(plainHost));
  const lookup = opts.lookup ?? systemLookup;
  const dnsTimeout = opts.dnsTimeoutMs ?? 5000;
  const base = buildConnector({ timeout: opts.connectTimeoutMs ?? 5000 });

  const resolve = async (hostname: string, port: number): Promise<string> => {
    const host = plainHost(hostname);
    const isLiteral = net.isIP(host) !== 0;
    const address = isLiteral ? host : await lookupFirst(host);
    // First: a loop is refused even for an allowed host, and named as a loop.
    if (opts.isOwnAddress && (await opts.isOwnAddress(address, port))) {
      throw new GuardError('loop', 'The postback points at this tracking server itself.');
    }
    if (!allowed.has(host) && !classifyAddress(address).ok) {
      throw new GuardError(
        'blocked_address',
        isLiteral
          ? `The address ${host} is not a public address.`
          : `${host} resolves to ${address}, which is not a public address.`,
      );
    }
    return address;
  };

  /** The first answer only: the one checked is the one dialled. */
  const lookupFirst = async (host: string): Promise<string> => {
    let timer: NodeJS.Timeout | undefined;
    let answers: { address: string; family: number }[];
    try {
      answers = await Promise.race([
        lookup(host),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new GuardError('dns', `DNS lookup of ${host} timed out.`)), dnsTimeout);
        }),
      ]);
    } catch (err) {
      if (err instanceof GuardError) throw err;
      throw new GuardError('dns', `DNS lookup of ${host} failed.`);
    } finally {
      clearTimeout(timer);
    }
    const first = answers[0];
    if (!first) throw new GuardError('dns', `DNS lookup of ${host} found no address.`);
    return first.address;
  };

  const connect: buildConnector.connector = (options, callback) => {
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80);
    resolve(options.hostname, port).then(
      (address) => {
        const servername =
          options.servername ?? (net.isIP(stripBrackets(options.hostname)) ? undefined : plainHost(options.hostname));
        base({ ...options, hostname: address, ...(servername ? { servername } : {}) }, callback);
      },
      (err: Error) => callback(err, null),
    );
  };

  // undici's Agent never follows redirects by itself (that needs its redirect interceptor): a 3xx
  // comes back to the caller as an answer, which the delivery counts as a failed attempt.
  return new Agent({ connect, connections: opts.connections ?? 64, keepAliveTimeout: 4000 });
}
