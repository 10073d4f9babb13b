import crypto from 'node:crypto';

/** A random URL-safe token and the SHA-256 hash stored in its place. */
export function newOpaqueToken(bytes = 32): { token: string; hash: string } {
  const token = crypto.randomBytes(bytes).toString('base64url');
  return { token, hash: sha256(token) };
}

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('hex');

export const timingSafeEqualText = (a: string, b: string) => {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
};
