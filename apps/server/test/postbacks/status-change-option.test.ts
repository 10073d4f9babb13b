import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';

/** A postback opts in to conversion status changes (docs/money.md): create, update and list carry it. */
describe('postbacks: Send on status change', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = await login(t, await createPublisher(t));
  });
  afterAll(() => t.close());

  const form = (over: Record<string, unknown> = {}) => ({
    postback_name: 'Status tracker',
    postback_status: 'active',
    postback_type: 'postback',
    postback_value: 'https://tracker.example/pb?id={conversion_id}&s={conversion_status}&why={status_reason}',
    postback_offer_id: null,
    postback_event_id: null,
    postback_event_type: null,
    ...over,
  });

  it('is off unless asked, kept when an update leaves it out, and listed', async () => {
    const plain = await t.post('/postback/create', form({ postback_value: 'https://tracker.example/pb' }), { token });
    expect(plain.status, JSON.stringify(plain.body)).toBe(200);
    expect(plain.body.data.send_on_status_change).toBe(false);

    const on = await t.post('/postback/create', form({ send_on_status_change: true }), { token });
    expect(on.status).toBe(200);
    const id = on.body.data.postback_id as number;
    expect(on.body.data.send_on_status_change).toBe(true);

    const kept = await t.post('/postback/update', { ...form(), postback_id: id }, { token });
    expect(kept.status).toBe(200);
    expect(kept.body.data.send_on_status_change).toBe(true);

    const off = await t.post(
      '/postback/update',
      { ...form({ send_on_status_change: false }), postback_id: id },
      { token },
    );
    expect(off.body.data.send_on_status_change).toBe(false);

    const list = await t.post('/postback-table', { filters: { status: 'all' } }, { token });
    expect(list.status).toBe(200);
    const row = (list.body.data as { postback_id: number; send_on_status_change: boolean }[]).find(
      (r) => r.postback_id === id,
    );
    expect(row?.send_on_status_change).toBe(false);

    const bad = await t.post('/postback/create', form({ send_on_status_change: 'yes' }), { token });
    expect(bad.status).toBe(422);
  });
});
