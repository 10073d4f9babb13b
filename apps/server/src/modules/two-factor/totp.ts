import crypto from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

const PERIOD = 30;
const DIGITS = 6;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpFor = (secret: string, label = '', issuer = 'Publisher Portal') =>
  new TOTP({ issuer, label, algorithm: 'SHA1', digits: DIGITS, period: PERIOD, secret: Secret.fromBase32(secret) });

export const otpauthUri = (secret: string, label: string, issuer: string) => totpFor(secret, label, issuer).toString();

/** The time step a code belongs to (±1 step of clock drift), or null if it matches none. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : Math.floor(now / 1000 / PERIOD) + delta;
}

export const generateCode = (secret: string, now = Date.now()) => totpFor(secret).generate({ timestamp: now });

/** Ten recovery codes like `k3m9-x2qa`, shown once; only their hashes are stored. */
export function newRecoveryCodes(count = 10): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: count }, () => {
    const chars = Array.from(crypto.randomBytes(8), (b) => alphabet[b % alphabet.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4)}`;
  });
}

/** As shown (`k3m9-x2qa`) whatever the case, spacing or a missing dash the user typed. */
export function normaliseRecoveryCode(code: string): string {
  const c = code.trim().toLowerCase().replace(/\s+/g, '');
  return /^[a-z0-9]{8}$/.test(c) ? `${c.slice(0, 4)}-${c.slice(4)}` : c;
}
