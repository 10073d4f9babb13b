import crypto from 'node:crypto';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';

const PUBLIC_URL = 'https://portal.example.com';
const EXPIRED = {
  error: { code: '0x4220', message: 'Your password reset link has expired.' },
  errors: { token: { code: '0x4011', message: 'Your password reset link has expired.' } },
};

/** A raw HTTP POST, so the Host header can be set (fetch does not allow it). */
function rawPost(
  url: string,
  path: string,
  body: unknown,
  headers: Record<string, string>,
): Promise<{ status: number; body: any }> {
  const u = new URL(url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

describe('password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
  });
  afterAll(() => t.close());

  /** Asks for a reset over HTTP and returns the token from the e-mailed link. */
  const requestReset = async (p: { email: string }, headers: Record<string, string> = {}) => {
    const seen = t.outbox().length;
    const r = await t.post('/send-reset-password-token', { user_email: p.email }, { headers });
    expect(r.status).toBe(200);
    const mail = await eventually(() =>
      t
        .outbox()
        .slice(seen)
        .find((m) => m.to === p.email),
    );
    const link = /(\S+\/forgot-password\/\S+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    return { link: link!, token: link!.split('/forgot-password/')[1]!, mail };
  };

  it('answers the same 200 whether or not the e-mail has an account; only an account gets mail', async () => {
    const p = await createPublisher(t);
    const known = await t.post('/send-reset-password-token', { user_email: p.email });
    const unknown = await t.post('/send-reset-password-token', {
      user_email: `ghost-${crypto.randomBytes(3).toString('hex')}@example.test`,
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ success: true });
    expect(unknown.body).toEqual(known.body);
    const mail = await eventually(() => t.outbox().find((m) => m.to === p.email));
    expect(mail.subject).toBe('Reset your password');
    await new Promise((r) => setTimeout(r, 150));
    expect(t.outbox().filter((m) => m.to.startsWith('ghost-'))).toEqual([]);
  });

  it('A7: the e-mailed link uses PUBLIC_URL even with Host: evil.test and X-Forwarded-Host: evil.test', async () => {
    const p = await createPublisher(t);
    const seen = t.outbox().length;
    const r = await rawPost(
      t.url,
      '/api/v1/send-reset-password-token',
      { user_email: p.email },
      {
        host: 'evil.test',
        'x-forwarded-host': 'evil.test',
        'x-forwarded-proto': 'http',
        forwarded: 'host=evil.test;proto=http',
      },
    );
    expect(r.status).toBe(200);
    const mail = await eventually(() =>
      t
        .outbox()
        .slice(seen)
        .find((m) => m.to === p.email),
    );
    expect(mail.text).not.toContain('evil.test');
    expect(mail.text).toMatch(new RegExp(`${PUBLIC_URL.replace(/\./g, '\\.')}/forgot-password/[A-Za-z0-9_-]{40,}`));
  });

  it('stores only a hash of the token, with an expiry about an hour ahead', async () => {
    const p = await createPublisher(t);
    const { token } = await requestReset(p);
    const rows = await t.app.ctx.db
      .selectFrom('password_reset_tokens')
      .selectAll()
      .where('user_id', '=', p.userId)
      .execute();
    expect(rows).toHaveLength(1);
    const row = rows[0]!;
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    const minutes = (new Date(row.expires_at as unknown as string).getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(55);
    expect(minutes).toBeLessThanOrEqual(60.5);
    expect(row.used_at).toBeNull();
  });

  it('verify says whether a link is usable', async () => {
    const p = await createPublisher(t);
    const { token } = await requestReset(p);
    expect((await t.post('/verify-reset-password-token', { token })).body).toEqual({ success: true });
    expect((await t.post('/verify-reset-password-token', { token: `${token}x` })).body).toEqual({ success: false });
    expect((await t.post('/verify-reset-password-token', { token: '' })).body).toEqual({ success: false });
    expect((await t.post('/verify-reset-password-token', {})).status).toBe(422);
    expect((await t.post('/verify-reset-password-token', { token: 'x'.repeat(300) })).status).toBe(422);
  });

  describe('reset-password', () => {
    let p: PublisherFixture;
    let token: string;
    let oldSession: string;
    beforeAll(async () => {
      p = await createPublisher(t);
      oldSession = await login(t, p);
      token = (await requestReset(p)).token;
    });

    it('field errors of docs/errors.md leave the token usable and the password unchanged', async () => {
      const before = await t.app.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', p.userId)
        .executeTakeFirstOrThrow();
      const cases: [Record<string, unknown>, Record<string, { code: string; message: string }>][] = [
        [
          { token },
          {
            new_password: { code: '0x4001', message: 'Please enter a password' },
            new_password_verify: { code: '0x4001', message: 'Please confirm your password' },
          },
        ],
        [
          { token, new_password: 'short', new_password_verify: 'short' },
          { new_password: { code: '0x4011', message: 'Password must be at least 8 characters' } },
        ],
        [
          { token, new_password: 'long-enough-1', new_password_verify: 'long-enough-2' },
          { new_password_verify: { code: '0x4014', message: 'Passwords do not match.' } },
        ],
        [
          { token, new_password: 'long-enough-1', new_password_verify: '' },
          { new_password_verify: { code: '0x4001', message: 'Please confirm your password' } },
        ],
        [
          { token, new_password: 'x'.repeat(257), new_password_verify: 'x'.repeat(257) },
          { new_password: { code: '0x4010', message: 'Must be at most 256 characters.' } },
        ],
      ];
      for (const [body, errors] of cases) {
        const r = await t.post('/reset-password', body);
        expect(r.status, JSON.stringify(body).slice(0, 80)).toBe(422);
        expect(r.body.errors).toEqual(errors);
      }
      const after = await t.app.ctx.db
        .selectFrom('users')
        .select('password_hash')
        .where('id', '=', p.userId)
        .executeTakeFirstOrThrow();
      expect(after).toEqual(before);
      expect((await t.post('/verify-reset-password-token', { token })).body).toEqual({ success: true });
    });

    it('A3: a reset sets the password, revokes the other clients’ tokens and is single-use', async () => {
      const r = await t.post('/reset-password', {
        token,
        new_password: 'brand-new-password',
        new_password_verify: 'brand-new-password',
        user_email: p.email,
      });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ success: true });
      expect((await t.get('/user/me.json', { token: oldSession })).status).toBe(401);
      expect((await t.post('/user/authenticate', { user_name: p.email, password: p.password })).status).toBe(401);
      expect((await t.post('/user/authenticate', { user_name: p.email, password: 'brand-new-password' })).status).toBe(
        200,
      );

      const again = await t.post('/reset-password', {
        token,
        new_password: 'another-password',
        new_password_verify: 'another-password',
      });
      expect(again.status).toBe(422);
      expect(again.body).toEqual(EXPIRED);
      expect((await t.post('/verify-reset-password-token', { token })).body).toEqual({ success: false });
      expect((await t.post('/user/authenticate', { user_name: p.email, password: 'brand-new-password' })).status).toBe(
        200,
      );
      const row = await t.app.ctx.db
        .selectFrom('password_reset_tokens')
        .select('used_at')
        .where('user_id', '=', p.userId)
        .executeTakeFirstOrThrow();
      expect(row.used_at).not.toBeNull();
    });
  });

  it('A3 under concurrency: one link used five times at once resets once', async () => {
    const p = await createPublisher(t);
    const { token } = await requestReset(p);
    const answers = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.post('/reset-password', {
          token,
          new_password: `racing-password-${i}`,
          new_password_verify: `racing-password-${i}`,
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422, 422, 422, 422]);
    const winner = answers.findIndex((a) => a.status === 200);
    expect(
      (await t.post('/user/authenticate', { user_name: p.email, password: `racing-password-${winner}` })).status,
    ).toBe(200);
    const version = await t.app.ctx.db
      .selectFrom('users')
      .select('token_version')
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(version.token_version).toBe(1);
  });

  it('a reset spends every other outstanding link of that user', async () => {
    const p = await createPublisher(t);
    const first = (await requestReset(p)).token;
    const second = (await requestReset(p)).token;
    expect(first).not.toBe(second);
    expect(
      (
        await t.post('/reset-password', {
          token: second,
          new_password: 'password-two',
          new_password_verify: 'password-two',
        })
      ).status,
    ).toBe(200);
    expect((await t.post('/verify-reset-password-token', { token: first })).body).toEqual({ success: false });
    expect(
      (
        await t.post('/reset-password', {
          token: first,
          new_password: 'password-one',
          new_password_verify: 'password-one',
        })
      ).body,
    ).toEqual(EXPIRED);
  });

  it('an expired link is refused and changes nothing', async () => {
    const p = await createPublisher(t);
    const { token } = await requestReset(p);
    await t.app.ctx.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: sql<Date>`now() - interval '1 second'` })
      .where('user_id', '=', p.userId)
      .execute();
    expect((await t.post('/verify-reset-password-token', { token })).body).toEqual({ success: false });
    const r = await t.post('/reset-password', {
      token,
      new_password: 'too-late-password',
      new_password_verify: 'too-late-password',
    });
    expect(r.status).toBe(422);
    expect(r.body).toEqual(EXPIRED);
    expect((await t.post('/user/authenticate', { user_name: p.email, password: p.password })).status).toBe(200);
  });

  it('an unknown token is refused like an expired one', async () => {
    const r = await t.post('/reset-password', {
      token: 'made-up-token',
      new_password: 'whatever-password',
      new_password_verify: 'whatever-password',
    });
    expect(r.body).toEqual(EXPIRED);
  });

  it('malformed requests answer 422: missing or empty e-mail, wrong types, unknown fields', async () => {
    for (const [path, body] of [
      ['/send-reset-password-token', {}],
      ['/send-reset-password-token', { user_email: 5 }],
      ['/send-reset-password-token', { user_email: 'a@b.test', redirect: 'https://evil.test' }],
      ['/send-reset-password-token', { user_email: 'x'.repeat(300) }],
      ['/reset-password', { new_password: 'abcdefgh', new_password_verify: 'abcdefgh' }],
      ['/reset-password', { token: 1, new_password: 'abcdefgh', new_password_verify: 'abcdefgh' }],
      ['/verify-reset-password-token', { token: ['a'] }],
    ] as const) {
      const r = await t.post(path, body);
      expect(r.status, `${path} ${JSON.stringify(body).slice(0, 60)}`).toBe(422);
    }
    const empty = await t.post('/send-reset-password-token', { user_email: '  ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ user_email: { code: '0x4001', message: 'Please enter your email address' } });
  });

  it('a reset clears the failed-login lock-out of that account', async () => {
    const p = await createPublisher(t);
    for (let i = 0; i < 11; i++) await t.post('/user/authenticate', { user_name: p.email, password: 'wrong-password' });
    expect((await t.post('/user/authenticate', { user_name: p.email, password: p.password })).status).toBe(429);
    const { token } = await requestReset(p);
    expect(
      (
        await t.post('/reset-password', {
          token,
          new_password: 'fresh-password',
          new_password_verify: 'fresh-password',
        })
      ).status,
    ).toBe(200);
    expect((await t.post('/user/authenticate', { user_name: p.email, password: 'fresh-password' })).status).toBe(200);
  });
});
