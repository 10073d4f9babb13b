import { Secret, TOTP } from 'otpauth';

/** The demo 2FA user's secret (docs/demo-network.md). */
export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** The TOTP code for `secret`, `stepOffset` 30-second steps from now (the server accepts ±1 step). */
export function totpCode(secret: string, stepOffset = 0): string {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  return totp.generate({ timestamp: Date.now() + stepOffset * 30_000 });
}

/** A six-digit code that is not valid for `secret` now (nor one step either side). */
export function wrongCode(secret: string): string {
  const valid = new Set([-1, 0, 1].map((o) => totpCode(secret, o)));
  for (let n = 0; ; n++) {
    const c = String(n).padStart(6, '0');
    if (!valid.has(c)) return c;
  }
}
