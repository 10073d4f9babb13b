import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import { createAdvertiser, createOffer } from '../helpers/network-factories.ts';
import { NetworkInputError, networkService } from '../../src/modules/offers/network-catalogue.service.ts';

/** The operator's network service, which the CLI and the demo seed share. */
describe('network service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  const db = () => t.app.ctx.db;

  it('stores only the SHA-256 of an advertiser token and can rotate it', async () => {
    const { id, token } = await createAdvertiser(t, { name: 'Token Co' });
    expect(token).toMatch(/^adv_[A-Za-z0-9_-]{32}$/);
    const row = await db().selectFrom('advertisers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.api_token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const next = await networkService.rotateAdvertiserToken(db(), id);
    expect(next).not.toBe(token);
    const rotated = await db()
      .selectFrom('advertisers')
      .select('api_token_hash')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(rotated.api_token_hash).toBe(crypto.createHash('sha256').update(next).digest('hex'));
    await networkService.updateAdvertiser(db(), id, { status: 'inactive', name: 'Token Co 2' });
    expect((await networkService.listAdvertisers(db())).find((a) => a.id === id)).toMatchObject({
      status: 'inactive',
      name: 'Token Co 2',
    });
  });

  it('keeps one base event per offer, mirrored on the offer’s payout', async () => {
    const { offerId, baseEventId } = await createOffer(t, { payout: 12, base_event_name: 'Sale' });
    const base = async () => (await networkService.describeOffer(db(), offerId)).events.filter((e) => e.is_base);
    expect(await base()).toEqual([
      expect.objectContaining({
        id: baseEventId,
        name: 'Sale',
        payout: 12,
        payout_type: 'cpa',
        event_type: 'conversion',
      }),
    ]);

    await networkService.updateOffer(db(), offerId, { payout: 20, payout_type: 'revshare' });
    expect((await base())[0]).toMatchObject({ id: baseEventId, payout: 20, payout_type: 'revshare' });

    const second = await networkService.addEvent(db(), {
      offer_id: offerId,
      name: 'Big sale',
      payout: 50,
      is_base: true,
    });
    expect((await base()).map((e) => e.id)).toEqual([second]);
    expect(await networkService.findOffer(db(), offerId)).toMatchObject({ payout: 50, payout_type: 'cpa' });

    await networkService.updateEvent(db(), baseEventId, { is_base: true, payout: 7 });
    expect((await base()).map((e) => e.id)).toEqual([baseEventId]);
    expect(await networkService.findOffer(db(), offerId)).toMatchObject({ payout: 7 });

    const upsell = await networkService.addEvent(db(), {
      offer_id: offerId,
      name: 'Upsell',
      event_type: 'upsell',
      payout: 3,
    });
    await networkService.updateEvent(db(), upsell, { payout: 4 });
    expect(await networkService.findOffer(db(), offerId)).toMatchObject({ payout: 7 });
  });

  it('keeps exactly one default landing page', async () => {
    const { offerId } = await createOffer(t);
    const url = 'https://shop.example/landing?clickid={tid}&sub={s1}';
    const a = await networkService.addLandingPage(db(), { offer_id: offerId, name: 'A', url });
    const b = await networkService.addLandingPage(db(), { offer_id: offerId, name: 'B', url });
    const defaults = async () =>
      (await networkService.describeOffer(db(), offerId)).landingPages.filter((p) => p.is_default).map((p) => p.id);
    expect(await defaults()).toEqual([a]);
    await networkService.updateLandingPage(db(), b, { is_default: true });
    expect(await defaults()).toEqual([b]);
    await expect(networkService.updateLandingPage(db(), b, { is_default: false })).rejects.toThrow(NetworkInputError);
    await networkService.removeLandingPage(db(), b);
    expect(await defaults()).toEqual([a]);
  });

  it('refuses bad input with a message naming the field', async () => {
    const adv = await createAdvertiser(t);
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ name: '' }, /name/],
      [{ name: 'x', payout: 150, payout_type: 'revshare' }, /payout/],
      [{ name: 'x', preview_url: 'javascript:alert(1)' }, /preview_url/],
      [{ name: 'x', fallback_url: 'ftp://x.example' }, /fallback_url/],
      [{ name: 'x', geos: ['Canada'] }, /geos/],
      [{ name: 'x', expire_date: '2026-13-01' }, /expire_date/],
      [{ name: 'x', daily_cap: 0 }, /daily_cap/],
      [{ name: 'x', status: 'archived' }, /status/],
      [{ name: 'x', lookback_days: 0 }, /lookback_days/],
    ];
    for (const [input, message] of bad) {
      await expect(
        networkService.createOffer(db(), { advertiser_id: adv.id, ...input } as never),
        JSON.stringify(input),
      ).rejects.toThrow(message);
    }
    await expect(networkService.createOffer(db(), { advertiser_id: 2_000_000_000, name: 'x' })).rejects.toThrow(
      /no advertiser/,
    );
    const { offerId } = await createOffer(t);
    await expect(
      networkService.addCreative(db(), {
        offer_id: offerId,
        name: 'c',
        type: 'gif' as never,
        url: 'https://x.example',
      }),
    ).rejects.toThrow(/type/);
    await expect(
      networkService.addLandingPage(db(), { offer_id: offerId, name: 'l', url: 'not a url' }),
    ).rejects.toThrow(/url/);
    await expect(networkService.updateOffer(db(), offerId, {})).rejects.toThrow(/nothing to change/);
    await expect(networkService.grant(db(), 2_000_000_000, offerId)).rejects.toThrow(/no publisher/);
  });

  it('creates every creative type and all offer fields', async () => {
    const { offerId } = await createOffer(t, {
      status: 'paused',
      daily_cap: 10,
      monthly_cap: 200,
      cap_scope: 'publisher',
      fallback_url: 'https://fallback.example/',
      lookback_days: 14,
      is_public: false,
      geos: ['ca', 'us'],
    });
    for (const type of ['image', 'video', 'audio', 'link', 'flash', 'text', 'html'] as const) {
      await networkService.addCreative(db(), {
        offer_id: offerId,
        name: type,
        type,
        url: `https://cdn.example/${type}`,
      });
    }
    const d = await networkService.describeOffer(db(), offerId);
    expect(d.creatives.map((c) => c.type)).toEqual(['image', 'video', 'audio', 'link', 'flash', 'text', 'html']);
    expect(d.offer).toMatchObject({
      status: 'paused',
      daily_cap: 10,
      monthly_cap: 200,
      cap_scope: 'publisher',
      lookback_days: 14,
      is_public: false,
      geos: ['CA', 'US'],
    });
    const p = await createPublisher(t);
    await networkService.grant(db(), p.publisherId, offerId);
    await networkService.grant(db(), p.publisherId, offerId); // twice is fine
    expect((await networkService.describeOffer(db(), offerId)).grants.map((g) => g.id)).toEqual([p.publisherId]);
    expect(await networkService.revoke(db(), p.publisherId, offerId)).toBe(true);
    expect(await networkService.revoke(db(), p.publisherId, offerId)).toBe(false);
  });
});
