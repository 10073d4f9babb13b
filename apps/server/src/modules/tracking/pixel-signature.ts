import crypto from 'node:crypto';

/**
 * A signed pixel (docs/tracking.md): the thank-you page's server appends `&sig=<hex HMAC-SHA256>` as
 * the query's last parameter, computed with the advertiser's pixel secret over the query string
 * exactly as it stands before `&sig=`. Only a signed pixel may carry a sale amount. Signing the
 * string as sent needs no canonical form: nothing to sort or re-encode on either side.
 */

/** The signed part of a raw query string and its signature; null when the query carries no `sig`. */
export function splitSignedQuery(rawQuery: string): { payload: string; signature: string } | null {
  const at = rawQuery.lastIndexOf('&sig=');
  if (at < 0) return /(^|&)sig=/.test(rawQuery) ? { payload: '', signature: '' } : null;
  // `sig` must be last: with anything after it the signature is not hex and never matches.
  return { payload: rawQuery.slice(0, at), signature: rawQuery.slice(at + 5) };
}

export const pixelSignature = (secret: string, payload: string): string =>
  crypto.createHmac('sha256', secret).update(payload).digest('hex');

export function isValidPixelSignature(secret: string, payload: string, signature: string): boolean {
  if (!payload || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  return crypto.timingSafeEqual(Buffer.from(pixelSignature(secret, payload), 'hex'), Buffer.from(signature, 'hex'));
}
