import crypto from 'node:crypto';
import { POSTBACK_SIGNATURE_HEADERS, POSTBACK_SIGNING_SECRET_PREFIX } from '@portal/shared';

/**
 * Signed postback deliveries in the Standard Webhooks form. A delivery is a GET with no body, so
 * the signed content is `${id}.${timestamp}.${url}` with the URL exactly as requested (what
 * `requestUrl` answers). The key is the base64-decoded part of the publisher's secret after
 * `whsec_` (made by postbacks/postback-signing.service.ts). Pixels fire in the browser and are not
 * signed.
 */

const keyOf = (secret: string): Buffer =>
  Buffer.from(
    secret.startsWith(POSTBACK_SIGNING_SECRET_PREFIX) ? secret.slice(POSTBACK_SIGNING_SECRET_PREFIX.length) : secret,
    'base64',
  );

/**
 * The URL a delivery requests: parsed and serialised once (WHATWG), without its fragment, which is
 * never sent. Signing this string and requesting this same string keeps both sides byte-equal.
 */
export function requestUrl(url: string): string {
  const u = new URL(url);
  u.hash = '';
  return u.href;
}

/** `v1,<base64 HMAC-SHA256>` of `${id}.${timestamp}.${url}`. */
export function postbackSignature(secret: string, id: string, timestamp: number, url: string): string {
  const mac = crypto.createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${url}`).digest('base64');
  return `v1,${mac}`;
}

/** The three headers of a signed delivery; the timestamp is the attempt's own (unix seconds). */
export function signatureHeaders(secret: string, id: string, url: string, nowMs = Date.now()): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    [POSTBACK_SIGNATURE_HEADERS.id]: id,
    [POSTBACK_SIGNATURE_HEADERS.timestamp]: String(timestamp),
    [POSTBACK_SIGNATURE_HEADERS.signature]: postbackSignature(secret, id, timestamp, url),
  };
}
