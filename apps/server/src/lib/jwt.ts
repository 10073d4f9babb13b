import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type TokenPurpose = 'access' | 'two_factor' | 'select_account';

export interface TokenClaims {
  userId: number;
  /** The publisher account the token acts for; null before a multi-account user picks one. */
  publisherId: number | null;
  purpose: TokenPurpose;
  /** The user's token version when issued; a password change bumps it and so revokes the token. */
  version: number;
}

const ALGORITHM = 'HS256';
const ISSUER = 'publisher-portal';
/** Clock skew tolerated between processes when checking `iat`. */
const CLOCK_TOLERANCE_SECONDS = 30;

export const TTL_SECONDS: Record<Exclude<TokenPurpose, 'access'>, number> = {
  two_factor: 5 * 60,
  select_account: 15 * 60,
};

export class JwtService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string> {
    const ttl = ttlSeconds ?? (claims.purpose === 'access' ? this.accessTtlSeconds : TTL_SECONDS[claims.purpose]);
    return new SignJWT({ pub: claims.publisherId, pur: claims.purpose, ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(this.key);
  }

  /** Returns the claims, or null for any token that is not one we issued and still valid. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      // A token "issued" in the future is not one we issued (jose checks iat only with maxTokenAge).
      if (typeof payload.iat !== 'number' || payload.iat > Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS) return null;
      const userId = Number(payload.sub);
      const pub = payload['pub'];
      const pur = payload['pur'];
      const ver = payload['ver'];
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      if (pur !== 'access' && pur !== 'two_factor' && pur !== 'select_account') return null;
      if (typeof ver !== 'number' || !(pub === null || typeof pub === 'number')) return null;
      return { userId, publisherId: pub, purpose: pur, version: ver };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
