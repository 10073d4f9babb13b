import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { JwtService } from './jwt.ts';

const SECRET = 's'.repeat(48);
const key = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);
const claims = { userId: 7, publisherId: 3, purpose: 'access' as const, version: 2, sessionId: 'sess-1' };

const forge = (payload: Record<string, unknown>, alg = 'HS256', k = key) =>
  new SignJWT({
    sub: '7',
    pub: 3,
    pur: 'access',
    ver: 2,
    sid: 'sess-1',
    iss: 'publisher-portal',
    iat: now(),
    exp: now() + 60,
    ...payload,
  })
    .setProtectedHeader({ alg })
    .sign(k);

describe('JwtService', () => {
  const jwt = new JwtService(SECRET, 3600);

  it('round-trips the claims, with the access TTL or the purpose TTL', async () => {
    const token = await jwt.sign(claims);
    expect(await jwt.verify(token)).toEqual({ ...claims, expiresAt: expect.any(Number) });
    const payload = (t: string) =>
      JSON.parse(Buffer.from(t.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    const a = payload(token);
    expect(a.exp - a.iat).toBe(3600);
    const p = payload(await jwt.sign({ ...claims, publisherId: null, purpose: 'two_factor' }));
    expect(p.exp - p.iat).toBe(300);
    const s = payload(await jwt.sign({ ...claims, publisherId: null, purpose: 'select_account' }));
    expect(s.exp - s.iat).toBe(900);
  });

  it('refuses what it did not issue', async () => {
    const body = (await jwt.sign(claims)).split('.')[1];
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${body}.`;
    const cases: [string, string][] = [
      ['alg none', none],
      ['HS512', await forge({}, 'HS512')],
      ['other key', await forge({}, 'HS256', new TextEncoder().encode('o'.repeat(48)))],
      ['expired', await forge({ exp: now() - 1 })],
      ['not before', await forge({ nbf: now() + 600 })],
      ['issued in the future', await forge({ iat: now() + 600, exp: now() + 1200 })],
      ['no exp', await forge({ exp: undefined })],
      ['wrong issuer', await forge({ iss: 'x' })],
      ['bad subject', await forge({ sub: '0' })],
      ['bad purpose', await forge({ pur: 'reset' })],
      ['bad version', await forge({ ver: 'x' })],
      ['bad publisher', await forge({ pub: '3' })],
      ['no session id', await forge({ sid: undefined })],
      ['bad session id', await forge({ sid: 5 })],
      ['garbage', 'not-a-token'],
      ['empty', ''],
    ];
    for (const [why, token] of cases) expect(await jwt.verify(token), why).toBeNull();
  });

  it('gives each login a new session id unless one is carried over', async () => {
    const { sessionId: _, ...fresh } = claims;
    const a = await jwt.verify(await jwt.sign(fresh));
    const b = await jwt.verify(await jwt.sign(fresh));
    expect(a?.sessionId).toMatch(/^[\w-]{22}$/);
    expect(b?.sessionId).not.toBe(a?.sessionId);
    expect((await jwt.verify(await jwt.sign({ ...fresh, sessionId: a!.sessionId })))?.sessionId).toBe(a!.sessionId);
  });

  it('allows a little clock skew on iat only', async () => {
    expect(await jwt.verify(await forge({ iat: now() + 10 }))).toEqual({ ...claims, expiresAt: now() + 60 });
  });

  describe('operator tokens', () => {
    const op = { operatorId: 4, purpose: 'access' as const, version: 1, sessionId: 'op-sess' };

    it('round-trip with the operator audience and the access or two-factor TTL', async () => {
      const token = await jwt.signOperator(op);
      expect(await jwt.verifyOperator(token)).toEqual({ ...op, expiresAt: expect.any(Number) });
      const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, number>;
      expect(payload['aud']).toBe('operator');
      expect(payload['exp']! - payload['iat']!).toBe(3600);
      const pending = await jwt.signOperator({ ...op, purpose: 'two_factor' });
      const p = JSON.parse(Buffer.from(pending.split('.')[1]!, 'base64url').toString()) as Record<string, number>;
      expect(p['exp']! - p['iat']!).toBe(300);
    });

    it('and publisher tokens do not cross: each verifier refuses the other kind', async () => {
      expect(await jwt.verify(await jwt.signOperator(op))).toBeNull();
      expect(await jwt.verifyOperator(await jwt.sign(claims))).toBeNull();
      // Any audience at all keeps a token out of the publisher API; a wrong one out of the console.
      expect(await jwt.verify(await forge({ aud: 'someone' }))).toBeNull();
      expect(await jwt.verifyOperator(await forge({ aud: 'publisher', pur: 'access' }))).toBeNull();
      expect(await jwt.verifyOperator(await forge({ aud: 'operator', pur: 'select_account' }))).toBeNull();
      expect(await jwt.verifyOperator(await forge({ aud: 'operator', iat: now() + 3600 }))).toBeNull();
      expect(
        await jwt.verifyOperator(await forge({ aud: 'operator' }, 'HS256', new TextEncoder().encode('x'.repeat(48)))),
      ).toBeNull();
      expect(await jwt.verifyOperator(await forge({ aud: 'operator' }))).toEqual({
        operatorId: 7,
        purpose: 'access',
        version: 2,
        sessionId: 'sess-1',
        expiresAt: now() + 60,
      });
    });
  });
});
