/**
 * Whether a value found in a URL (a query value or a path segment) looks like a secret, whatever
 * its parameter is called: publishers paste receiver URLs with keys in the path
 * (`/hooks/T0123/B0456/Xy7…`) or under names no list foresees (`?k=`, `?p=`). Used where a URL is
 * shown or logged (log-url.ts), never to decide anything else.
 *
 * A value is secret-looking when it carries a well-known credential prefix (Stripe, Slack, GitHub,
 * AWS, Google, JWTs, this portal's own keys and secrets), or when it is a long random-looking run:
 * 24+ hex digits with letters and digits, 20+ characters mixing upper case, lower case and digits,
 * or 20+ lower-case letters and digits with a fair share of each and no word separators. UUIDs (our
 * tids and conversion ids, and event keys built from them) and plain numbers, words and slugs
 * (`summer-sale-2026`) stay readable.
 */
const KNOWN_PREFIX =
  /^(?:(?:sk|pk|rk)_(?:live|test)_|whsec_|ppk_|adv_|pxs_|gh[pousr]_|github_pat_|xox[abeprs]-|AKIA[0-9A-Z]{12}|AIza[0-9A-Za-z_-]{20}|ya29\.|eyJ[A-Za-z0-9_-]{8,}\.)/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?:\.\d+)?$/i;
const TOKEN_CHARS = /^[A-Za-z0-9_\-+/=.~]+$/;
const MIN_KNOWN = 8;
const MIN_RANDOM = 20;

const share = (value: string, re: RegExp) => (value.match(re)?.length ?? 0) / value.length;

export function looksSecret(value: string): boolean {
  if (value.length < MIN_KNOWN || UUID.test(value)) return false;
  if (KNOWN_PREFIX.test(value)) return true;
  if (value.length < MIN_RANDOM || !TOKEN_CHARS.test(value)) return false;
  if (/^[0-9a-f]+$/i.test(value)) return value.length >= 24 && /\d/.test(value) && /[a-f]/i.test(value);
  if (/[a-z]/.test(value) && /[A-Z]/.test(value) && /\d/.test(value)) return true;
  return /^[a-z0-9]+$/.test(value) && share(value, /\d/g) >= 0.2 && share(value, /[a-z]/g) >= 0.2;
}

/** How a secret-looking value is shown: its first four characters, enough to tell two apart. */
export const maskedValue = (value: string) => `${value.slice(0, 4)}***`;
