import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import { click, createTrackedOffer } from '../helpers/tracking-factories.ts';

describe('click redirect', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('stores the click before redirecting to the default landing page with macros filled', async () => {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const r = await click(t, offer.offerId, pub.publisherId, { s1: 'a b&c', pub_source: 'news' });
    expect(r.status).toBe(302);
    expect(r.tid).toMatch(/^[0-9a-f-]{36}$/);
    const u = new URL(r.location!);
    expect(u.searchParams.get('s1')).toBe('a b&c');
    expect(u.searchParams.get('o')).toBe(String(offer.offerId));
    const row = await t.app.ctx.db.selectFrom('clicks').selectAll().where('id', '=', r.tid!).executeTakeFirstOrThrow();
    expect(row.s1).toBe('a b&c');
    expect(row.is_unique).toBe(true);
  });
});
