import { TOTP } from 'otpauth';

const lastStep = new Map<string, number>();

/**
 * A TOTP code the server has not seen yet: the server accepts the steps next to now and each only
 * once, in increasing order, so take the next unused one, waiting when none is left.
 */
export async function freshCode(secret: string): Promise<string> {
  const totp = new TOTP({ secret, digits: 6, period: 30, algorithm: 'SHA1' });
  for (;;) {
    const now = Math.floor(Date.now() / 1000 / 30);
    const step = Math.max((lastStep.get(secret) ?? -Infinity) + 1, now);
    if (step <= now + 1) {
      lastStep.set(secret, step);
      return totp.generate({ timestamp: step * 30_000 + 1000 });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}
