import crypto from 'node:crypto';
import { API_BASE, API_PATHS } from '@portal/shared';
import { ADMIN_API_BASE, ADMIN_API_PATHS } from '@portal/shared/admin/admin-paths';
import type { AppContext } from '../context.ts';
import { timingSafeEqualText } from './tokens.ts';

/**
 * Trusted devices for the login throttle (OWASP's "device cookies" against online guessing): a
 * browser that has signed in to an account gets a cookie naming it, signed for that account's
 * e-mail. A sign-in to that account that presents it is counted against the device's own failures,
 * not against the client address, which a whole office behind one NAT or one IPv6 /64 shares: a
 * neighbour guessing at the account (or at many accounts) from the same address cannot lock the
 * owner out of the browser they already use. Sign-ins without it are throttled as before, per
 * address, per account and address, and per account (lib/attempt-throttle.ts).
 *
 * Two kinds, one per side, each with its own cookie, path and signature, so neither stands in for
 * the other: the publisher's login (`portal_device`, the `/api/v1/user` calls) and the operator
 * console's sign-in (`portal_operator_device`, the `/api/admin/v1/auth` calls).
 *
 * The cookie proves nothing but "this browser signed in to this account before": it opens no
 * session and is only sent to the sign-in calls (`Path`, `HttpOnly`, `SameSite=Strict`). Value:
 * `<random id>.<issued day>.<HMAC of id, day and e-mail>`; older than DEVICE_DAYS it is ignored.
 */
export interface DeviceKind {
  cookie: string;
  /** The sign-in calls' common path: the only requests the browser sends it with. */
  path: string;
  /** The HMAC's purpose (lib/jwt.ts `mac`). */
  purpose: string;
}

const dirOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/** The publisher's login (`/api/v1/user/...`). */
export const PUBLISHER_DEVICE: DeviceKind = {
  cookie: 'portal_device',
  path: `${API_BASE}${dirOf(API_PATHS.authenticate)}`,
  purpose: 'trusted-device',
};

/** The operator console's sign-in (`/api/admin/v1/auth/...`). */
export const OPERATOR_DEVICE: DeviceKind = {
  cookie: 'portal_operator_device',
  path: `${ADMIN_API_BASE}${dirOf(ADMIN_API_PATHS.login)}`,
  purpose: 'operator-trusted-device',
};

export const DEVICE_DAYS = 180;
const DAY_MS = 86_400_000;

const today = () => Math.floor(Date.now() / DAY_MS);
const payload = (id: string, day: number, email: string) => `${id}.${day}.${email.trim().toLowerCase()}`;

/** A new cookie value for a browser that has just proven the account's password. */
export function newDeviceCookie(ctx: AppContext, kind: DeviceKind, email: string): string {
  const id = crypto.randomBytes(16).toString('base64url');
  const day = today();
  return `${id}.${day}.${ctx.jwt.mac(kind.purpose, payload(id, day, email))}`;
}

/** The device id when the cookie is ours, of this kind, for this e-mail and not too old; null otherwise. */
export function trustedDeviceId(
  ctx: AppContext,
  kind: DeviceKind,
  cookie: string | undefined,
  email: string,
): string | null {
  if (!cookie || cookie.length > 200) return null;
  const m = /^([A-Za-z0-9_-]{22})\.(\d{1,7})\.([A-Za-z0-9_-]{43})$/.exec(cookie);
  if (!m) return null;
  const [, id, dayText, mac] = m as unknown as [string, string, string, string];
  const day = Number(dayText);
  if (today() - day > DEVICE_DAYS || day > today() + 1) return null;
  return timingSafeEqualText(mac, ctx.jwt.mac(kind.purpose, payload(id, day, email))) ? id : null;
}

/** The cookie's attributes: its kind's sign-in calls only. */
export const deviceCookieOptions = (kind: DeviceKind, secure: boolean) => ({
  path: kind.path,
  httpOnly: true,
  sameSite: 'strict' as const,
  secure,
  maxAge: DEVICE_DAYS * 24 * 3600,
});
