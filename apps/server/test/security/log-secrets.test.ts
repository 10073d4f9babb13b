import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 19: no secret in a URL that reaches a log. The server's own log, read line by line. */
describe('the request log', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean)));
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
  });
  afterAll(() => t.close());

  const SECRETS = {
    reset: 'RESETsecret0123456789abcdefghijklmnopqrstuvwxyz',
    advertiser: 'ADVsecret0123456789',
    signature: 'SIGsecret0123456789',
    code: 'CODEsecret0123456789',
    password: 'PASSsecret0123456789',
    jwt: 'JWTsecret0123456789',
  };
  const logged = () => lines.join('\n');

  it('writes route patterns and query names, never the values', async () => {
    await fetch(`${t.url}/forgot-password/${SECRETS.reset}`, { headers: { accept: 'text/html' } });
    await fetch(`${t.url}/forgot-password/${SECRETS.reset}?from=mail`, { headers: { accept: 'text/html' } });
    await fetch(`${t.url}/postback?token=${SECRETS.advertiser}&transaction_id=abc&amount=1`);
    await fetch(`${t.url}/pixel?offer_id=1&transaction_id=abc&amount=5&sig=${SECRETS.signature}`);
    await fetch(`${t.url}/?login_code=${SECRETS.code}&publisher_id=1`, { headers: { accept: 'text/html' } });
    await t.post('/user/authenticate', { user_name: 'nobody@example.com', password: SECRETS.password });
    await t.get('/user/me.json', { token: SECRETS.jwt });
    await expect.poll(() => lines.filter((l) => l.includes('"incoming request"')).length).toBeGreaterThanOrEqual(7);

    const text = logged();
    for (const [what, secret] of Object.entries(SECRETS)) expect(text, what).not.toContain(secret);
    const urls = lines
      .map((l) => JSON.parse(l) as { msg?: string; req?: { url?: string } })
      .filter((l) => l.msg === 'incoming request')
      .map((l) => l.req?.url);
    expect(urls).toEqual(
      expect.arrayContaining([
        '/forgot-password/:token',
        '/forgot-password/:token?from',
        '/postback?token&transaction_id&amount',
        '/pixel?offer_id&transaction_id&amount&sig',
        '/?login_code&publisher_id',
        '/api/v1/user/authenticate',
        '/api/v1/user/me.json',
      ]),
    );
  });
});
