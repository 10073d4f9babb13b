import crypto from 'node:crypto';
import { API_BASE, API_PATHS } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { timingSafeEqualText } from '../../lib/tokens.ts';

/**
 * Trusted devices for the login throttle (OWASP's "device cookies" against online guessing): a
 * browser that has logged in to an account gets a cookie naming it, signed for that account's
 * e-mail. A login to that account that presents it is counted against the device's own failures,
 * not against the client address, which a whole office behind one NAT or one IPv6 /64 shares: a
 * neighbour guessing at the account (or at many accounts) from the same address cannot lock the
 * owner out of the browser they already use. Logins without it are throttled as before, per
 * address, per account and address, and per account (lib/attempt-throttle.ts).
 *
 * The cookie proves nothing but "this browser logged in to this account before": it opens no
 * session and is only sent to the login calls (`Path` of the user calls, `HttpOnly`,
 * `SameSite=Strict`). Value: `<random id>.<issued day>.<HMAC of id, day and e-mail>`; older than
 * DEVICE_DAYS it is ignored.
 */
export const DEVICE_COOKIE = 'portal_device';
export const DEVICE_DAYS = 180;
const DAY_MS = 86_400_000;

const today = () => Math.floor(Date.now() / DAY_MS);
const payload = (id: string, day: number, email: string) => `${id}.${day}.${email.trim().toLowerCase()}`;

/** A new cookie value for a browser that has just proven the account's password. */
export function newDeviceCookie(ctx: AppContext, email: string): string {
  const id = crypto.randomBytes(16).toString('base64url');
  const day = today();
  return `${id}.${day}.${ctx.jwt.mac('trusted-device', payload(id, day, email))}`;
}

/** The device id when the cookie is ours, for this e-mail and not too old; null otherwise. */
export function trustedDeviceId(ctx: AppContext, cookie: string | undefined, email: string): string | null {
  if (!cookie || cookie.length > 200) return null;
  const m = /^([A-Za-z0-9_-]{22})\.(\d{1,7})\.([A-Za-z0-9_-]{43})$/.exec(cookie);
  if (!m) return null;
  const [, id, dayText, mac] = m as unknown as [string, string, string, string];
  const day = Number(dayText);
  if (today() - day > DEVICE_DAYS || day > today() + 1) return null;
  return timingSafeEqualText(mac, ctx.jwt.mac('trusted-device', payload(id, day, email))) ? id : null;
}

/** Where the cookie goes: the login calls only (`/api/v1/user/...`). */
export const deviceCookieOptions = (secure: boolean) => ({
  path: `${API_BASE}${API_PATHS.authenticate.slice(0, API_PATHS.authenticate.lastIndexOf('/'))}`,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
  maxAge: DEVICE_DAYS * 24 * 3600,
});
