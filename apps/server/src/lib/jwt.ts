import crypto from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';

export type TokenPurpose = 'access' | 'two_factor' | 'select_account';

export interface TokenClaims {
  userId: number;
  /** The publisher account the token acts for; null before a multi-account user picks one. */
  publisherId: number | null;
  purpose: TokenPurpose;
  /** The user's token version when issued; a password change bumps it and so revokes the token. */
  version: number;
  /**
   * The login session (claim `sid`): new at login, kept by the tokens that session exchanges for
   * (two-factor step, account choice, fresh tokens after a password or two-factor change), so
   * logging out ends them all. A new random id when not given.
   */
  sessionId?: string;
  /**
   * The operator acting as the user (RFC 8693 claim `act: {sub}`): set on sessions opened from an
   * operator's one-time login code, and kept by the tokens such a session exchanges for.
   */
  operator?: string;
  /**
   * The console's operator id (`act.oid`) when the session was opened from the console: each
   * write of the session checks that operator's role afresh (plugins/auth.ts).
   */
  operatorId?: number;
  /**
   * The console operator's own sign-in session and token version when the view-as code was made
   * (`act.osid`, `act.over`): the view-as session ends with that session (sign-out), and with any
   * bump of the version (disabled, password or two-factor changed).
   */
  operatorSession?: { sid: string; version: number };
}

/** A token's claims once verified: its session id and expiry (seconds since 1970) are known. */
export type VerifiedClaims = TokenClaims & { sessionId: string; expiresAt: number };

const newSessionId = () => crypto.randomBytes(16).toString('base64url');

const ALGORITHM = 'HS256';
const ISSUER = 'publisher-portal';
/** Clock skew tolerated between processes when checking `iat`. */
const CLOCK_TOLERANCE_SECONDS = 30;

export const TTL_SECONDS: Record<Exclude<TokenPurpose, 'access'>, number> = {
  two_factor: 5 * 60,
  select_account: 15 * 60,
};

/**
 * Operator tokens (the console's, docs/operator-console.md) carry this audience; publisher tokens
 * carry none. Each verifier refuses the other's: an operator token opens nothing of the publisher
 * API, a publisher token nothing of the operator API.
 */
export const OPERATOR_AUDIENCE = 'operator';
export type OperatorTokenPurpose = 'access' | 'two_factor';

export interface OperatorTokenClaims {
  operatorId: number;
  purpose: OperatorTokenPurpose;
  /** The operator's token version when issued. */
  version: number;
  /** The sign-in session (claim `sid`), kept from the two-factor step to the access token. */
  sessionId?: string;
}
export type VerifiedOperatorClaims = OperatorTokenClaims & { sessionId: string; expiresAt: number };

export class JwtService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly accessTtlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /**
   * An HMAC-SHA256 (base64url) of `data` under this service's key, kept apart from tokens by
   * `purpose`: for small server-made values that must not be forged (a trusted-device cookie).
   */
  mac(purpose: string, data: string): string {
    return crypto.createHmac('sha256', this.key).update(`${purpose}\0${data}`).digest('base64url');
  }

  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string> {
    const ttl = ttlSeconds ?? (claims.purpose === 'access' ? this.accessTtlSeconds : TTL_SECONDS[claims.purpose]);
    return new SignJWT({
      pub: claims.publisherId,
      pur: claims.purpose,
      ver: claims.version,
      sid: claims.sessionId ?? newSessionId(),
      ...(claims.operator
        ? {
            act: {
              sub: claims.operator,
              ...(claims.operatorId ? { oid: claims.operatorId } : {}),
              ...(claims.operatorId && claims.operatorSession
                ? { osid: claims.operatorSession.sid, over: claims.operatorSession.version }
                : {}),
            },
          }
        : {}),
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(this.key);
  }

  signOperator(claims: OperatorTokenClaims): Promise<string> {
    const ttl = claims.purpose === 'access' ? this.accessTtlSeconds : TTL_SECONDS.two_factor;
    return new SignJWT({ pur: claims.purpose, ver: claims.version, sid: claims.sessionId ?? newSessionId() })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(String(claims.operatorId))
      .setIssuer(ISSUER)
      .setAudience(OPERATOR_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${ttl}s`)
      .sign(this.key);
  }

  /** An operator token's claims, or null for anything else (publisher tokens included). */
  async verifyOperator(token: string): Promise<VerifiedOperatorClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: OPERATOR_AUDIENCE,
        requiredClaims: ['sub', 'exp', 'iat', 'aud'],
      });
      if (!issuedInThePast(payload.iat)) return null;
      const operatorId = Number(payload.sub);
      const { pur, ver, sid } = payload as Record<string, unknown>;
      if (!Number.isSafeInteger(operatorId) || operatorId <= 0) return null;
      if ((pur !== 'access' && pur !== 'two_factor') || typeof ver !== 'number') return null;
      if (typeof sid !== 'string' || sid.length === 0 || sid.length > 64 || typeof payload.exp !== 'number')
        return null;
      return { operatorId, purpose: pur, version: ver, sessionId: sid, expiresAt: payload.exp };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }

  /** Returns the claims, or null for any token that is not one we issued and still valid. */
  async verify(token: string): Promise<VerifiedClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      if (!issuedInThePast(payload.iat)) return null;
      // An audience means another kind of token (an operator's): never a publisher session.
      if (payload.aud !== undefined) return null;
      const userId = Number(payload.sub);
      const pub = payload['pub'];
      const pur = payload['pur'];
      const ver = payload['ver'];
      const sid = payload['sid'];
      if (!Number.isSafeInteger(userId) || userId <= 0) return null;
      if (pur !== 'access' && pur !== 'two_factor' && pur !== 'select_account') return null;
      if (typeof ver !== 'number' || !(pub === null || typeof pub === 'number')) return null;
      if (typeof sid !== 'string' || sid.length === 0 || sid.length > 64 || typeof payload.exp !== 'number')
        return null;
      const acting = actingOperator(payload['act']);
      if (acting === false) return null;
      return {
        userId,
        publisherId: pub,
        purpose: pur,
        version: ver,
        sessionId: sid,
        expiresAt: payload.exp,
        ...(acting
          ? {
              operator: acting.sub,
              ...(acting.oid ? { operatorId: acting.oid } : {}),
              ...(acting.session ? { operatorSession: acting.session } : {}),
            }
          : {}),
      };
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}

/** A token "issued" in the future is not one we issued (jose checks iat only with maxTokenAge). */
const issuedInThePast = (iat: unknown) => typeof iat === 'number' && iat <= Date.now() / 1000 + CLOCK_TOLERANCE_SECONDS;

/** The `act` claim's operator (and console id): undefined when absent, false when malformed. */
function actingOperator(
  act: unknown,
): { sub: string; oid?: number; session?: { sid: string; version: number } } | undefined | false {
  if (act === undefined) return undefined;
  if (typeof act !== 'object' || act === null) return false;
  const { sub, oid, osid, over } = act as { sub?: unknown; oid?: unknown; osid?: unknown; over?: unknown };
  if (typeof sub !== 'string' || sub.length === 0 || sub.length > 128) return false;
  if (oid === undefined) return { sub };
  if (typeof oid !== 'number' || !Number.isSafeInteger(oid) || oid <= 0) return false;
  if (osid === undefined && over === undefined) return { sub, oid };
  if (typeof osid !== 'string' || osid.length === 0 || osid.length > 64) return false;
  if (typeof over !== 'number' || !Number.isSafeInteger(over)) return false;
  return { sub, oid, session: { sid: osid, version: over } };
}
