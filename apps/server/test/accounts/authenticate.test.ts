import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';

describe('POST /user/authenticate', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers a token for good credentials and 0x401 for a bad password or unknown e-mail alike', async () => {
    const p = await createPublisher(t);
    const ok = await t.post('/user/authenticate', { user_name: p.email, password: p.password });
    expect(ok.status).toBe(200);
    expect(ok.body.data.multilogin_enabled).toBe(false);
    expect(ok.body.data.jwt).toMatch(/^ey/);

    const wrong = await t.post('/user/authenticate', { user_name: p.email, password: 'nope-nope-nope' });
    const unknown = await t.post('/user/authenticate', { user_name: 'nobody@example.test', password: 'nope-nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ error: { code: '0x401', message: 'Invalid credentials.' } });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses an account pending approval with 0x4101', async () => {
    const p = await createPublisher(t, { status: 'pending' });
    const r = await t.post('/user/authenticate', { user_name: p.email, password: p.password });
    expect(r.status).toBe(403);
    expect(r.body.error.code).toBe('0x4101');
  });
});
