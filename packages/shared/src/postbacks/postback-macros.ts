import { base64ToBytes, utf8Decode, utf8Encode } from '../common/base64.ts';

/**
 * The URL variables a publisher may use in a postback or pixel (docs/errors.md whitelist; their values are
 * defined in docs/tracking.md "Macros"). The web app checks the value field on every change with the
 * same function the server uses on save.
 */
export const POSTBACK_MACROS = [
  'pub_id',
  'pub_name',
  'pub_s1',
  'pub_s2',
  'pub_s3',
  'pub_s4',
  'pub_s5',
  's1',
  's2',
  's3',
  's4',
  's5',
  'pub_source',
  'pub_click_id',
  'adv_transaction_id',
  'tid',
  'adv_s1',
  'adv_s2',
  'adv_s3',
  'adv_s4',
  'adv_s5',
  'offer_id',
  'offer_name',
  'event_id',
  'eid',
  'session_id',
  'conversion_id',
  'conversion_datetime',
  'conversion_date',
  'conversion_time',
  'conversion_earnings',
  'conversion_status',
  'status_reason',
  'price',
  'random',
] as const;
export type PostbackMacro = (typeof POSTBACK_MACROS)[number];

/** Short descriptions for the "available URL variables" table of the postback modal. */
export const POSTBACK_MACRO_DESCRIPTIONS: Record<PostbackMacro, string> = {
  pub_id: 'Your publisher id',
  pub_name: 'Your publisher name',
  pub_s1: 'Sub ID 1 of the click',
  pub_s2: 'Sub ID 2 of the click',
  pub_s3: 'Sub ID 3 of the click',
  pub_s4: 'Sub ID 4 of the click',
  pub_s5: 'Sub ID 5 of the click',
  s1: 'Sub ID 1 of the click',
  s2: 'Sub ID 2 of the click',
  s3: 'Sub ID 3 of the click',
  s4: 'Sub ID 4 of the click',
  s5: 'Sub ID 5 of the click',
  pub_source: 'Source ID of the click',
  pub_click_id: 'Your click ID',
  adv_transaction_id: "The advertiser's transaction id",
  tid: 'Our transaction id',
  adv_s1: 'Advertiser sub value 1',
  adv_s2: 'Advertiser sub value 2',
  adv_s3: 'Advertiser sub value 3',
  adv_s4: 'Advertiser sub value 4',
  adv_s5: 'Advertiser sub value 5',
  offer_id: 'Offer id',
  offer_name: 'Offer name',
  event_id: 'Event id',
  eid: 'Event id',
  session_id: 'Click id',
  conversion_id: 'Conversion id',
  conversion_datetime: 'Conversion date and time (UTC, ISO 8601)',
  conversion_date: 'Conversion date (UTC, YYYY-MM-DD)',
  conversion_time: 'Conversion time (UTC, HH:MM:SS)',
  conversion_earnings: 'Your payout for the conversion',
  conversion_status: 'pending, approved, rejected, or reversed when the network takes the conversion back',
  status_reason: 'Why the conversion has its status (a rejection or reversal reason)',
  price: 'Sale amount',
  random: 'A random number',
};

/** WHATWG URL, present in browsers and Node; this package compiles without DOM or Node types. */
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => { protocol: string; hostname: string } }).URL;

const MACRO_SET: ReadonlySet<string> = new Set(POSTBACK_MACROS);

export const isPostbackMacro = (name: string): name is PostbackMacro => MACRO_SET.has(name);

/** Every `{name}` in the text, in order of appearance (duplicates kept). */
export function findMacros(text: string): string[] {
  return Array.from(text.matchAll(/\{([^{}]*)\}/g), (m) => m[1]!);
}

/** The `{variables}` of the text that are not in the whitelist (each once, in order of appearance). */
export function unknownMacros(text: string): string[] {
  return [...new Set(findMacros(text).filter((name) => !isPostbackMacro(name)))];
}

/**
 * A postback URL: absolute http(s), with a host that contains no variable (the delivered URL's host
 * must be the template's host, docs/tracking.md) and no white space.
 */
export function isPostbackUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  let url: { protocol: string; hostname: string };
  try {
    url = new WhatwgUrl(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  if (!url.hostname || /[{}]|%7b|%7d/i.test(url.hostname)) return false;
  // `new URL` accepts "https:example.test"; a postback must be written out in full.
  return /^https?:\/\//i.test(value);
}

export type PostbackValueError = 'format' | 'variables' | null;

/**
 * Checks a postback value (docs/errors.md): a URL for type `postback`, HTML for type `pixel`; in both, only
 * whitelisted `{variables}`. Answers which rule failed first, or null.
 */
export function checkPostbackValue(value: string, type: 'postback' | 'pixel'): PostbackValueError {
  if (type === 'postback' && !isPostbackUrl(value)) return 'format';
  if (unknownMacros(value).length > 0) return 'variables';
  return null;
}

/**
 * How a `postback_value` arrives: the spec's form holds the value base64-encoded, while API clients
 * send plain text. Rule: a value that is valid, padded, standard-alphabet base64 whose bytes decode
 * to strict UTF-8 made only of printable characters (tab, CR and LF allowed) is decoded; anything
 * else is taken as written. URLs and HTML never qualify (they contain `:`, `<` or spaces, which
 * base64 does not use), so plain values are never altered.
 */
export function decodePostbackValue(raw: string): string {
  const trimmed = raw.trim();
  if (trimmed.length < 4) return raw;
  const bytes = base64ToBytes(trimmed, 'standard');
  if (!bytes || bytes.length === 0) return raw;
  const text = utf8Decode(bytes);
  // eslint-disable-next-line no-control-regex -- control characters are exactly what we look for
  if (text == null || /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(text)) return raw;
  return text;
}

/** The inverse, for forms that hold the value base64-encoded (docs/api.md Postback). */
export function encodePostbackValue(text: string): string {
  const bytes = utf8Encode(text);
  const table = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out += table[(n >> 18) & 63]! + table[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? table[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? table[n & 63]! : '=';
  }
  return out;
}
