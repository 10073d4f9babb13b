import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@portal/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  adminClient,
  auditRows,
  type OperatorFixture,
  signedInOperator,
  type AdminClient,
} from '../helpers/operator-factories.ts';
import { createOffer } from '../helpers/network-factories.ts';
import { networkService } from '../../src/modules/offers/network-catalogue.service.ts';
import { sha256 } from '../../src/lib/tokens.ts';
import { DEMO_ADVERTISERS } from '../../src/seed/demo-advertisers.ts';

const FORBIDDEN = ERROR_CODES.FORBIDDEN;

describe('the Advertisers area: list, create, edit, rotate the two credentials, with audit entries', () => {
  let t: TestApp;
  let manager: OperatorFixture;
  let api: AdminClient;
  let viewer: AdminClient;
  beforeAll(async () => {
    t = await createTestApp();
    ({ op: manager, api } = await signedInOperator(t, 'manager'));
    viewer = (await signedInOperator(t, 'viewer')).api;
  });
  afterAll(() => t.close());

  const secretsOf = (id: number) =>
    t.app.ctx.db
      .selectFrom('advertisers')
      .select(['api_token_hash', 'pixel_secret'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('creates with coded field errors; the token and pixel secret are answered once, never in the audit log', async () => {
    const missing = await api.post('/advertisers/create', {});
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ name: { code: '0x4001', message: 'Please enter a name.' } });
    const bad = await api.post('/advertisers/create', { name: 'x'.repeat(257), status: 'gone' });
    expect(bad.body.errors).toEqual({
      name: { code: '0x4010', message: 'Must be at most 256 characters.' },
      status: { code: '0x4010', message: 'Choose active or inactive.' },
    });
    expect((await api.post('/advertisers/create', { name: 'A', extra: 1 })).status).toBe(422);

    const r = await api.post('/advertisers/create', { name: '  Acme Widgets  ' });
    expect(r.status).toBe(200);
    const { advertiser, token, pixel_secret } = r.body.data;
    expect(advertiser).toMatchObject({
      name: 'Acme Widgets',
      status: 'active',
      offers: 0,
      token_rotated_at: null,
      pixel_secret_rotated_at: null,
      published_token: false,
      published_pixel_secret: false,
    });
    expect(token).toMatch(/^adv_/);
    expect(pixel_secret).toMatch(/^pxs_/);
    const stored = await secretsOf(advertiser.id);
    expect(stored.api_token_hash).toBe(sha256(token));
    expect(stored.pixel_secret).toBe(pixel_secret);
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'advertiser.create',
      object_type: 'advertiser',
      object_id: String(advertiser.id),
      operator_id: manager.id,
      before: null,
      after: { name: 'Acme Widgets', status: 'active' },
    });
    expect(JSON.stringify(entry)).not.toContain(token);
    expect(JSON.stringify(entry)).not.toContain(pixel_secret);
    // Read back, the secrets are never shown again.
    const detail = await api.get(`/advertisers/${advertiser.id}`);
    expect(JSON.stringify(detail.body)).not.toContain(token);
    expect(JSON.stringify(detail.body)).not.toContain(pixel_secret);
  });

  it('edits name and status with before → after and the reason; a missing one answers 404', async () => {
    const { id } = await networkService.createAdvertiser(t.app.ctx.db, { name: 'Before Name' });
    const r = await api.post(`/advertisers/${id}/update`, {
      name: 'After Name',
      status: 'inactive',
      reason: 'paused deal',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id, name: 'After Name', status: 'inactive' });
    const [entry] = await auditRows(t);
    expect(entry).toMatchObject({
      action: 'advertiser.update',
      object_id: String(id),
      before: { name: 'Before Name', status: 'active' },
      after: { name: 'After Name', status: 'inactive' },
      reason: 'paused deal',
    });
    expect((await api.post(`/advertisers/${id}/update`, { name: ' ' })).body.errors).toEqual({
      name: { code: '0x4001', message: 'Please enter a name.' },
    });
    expect((await api.post(`/advertisers/${id}/update`, {})).status).toBe(422);
    const gone = await api.post('/advertisers/999999/update', { name: 'X' });
    expect(gone.status).toBe(404);
    expect(gone.body.error.code).toBe('0x4040');
    expect((await api.get('/advertisers/999999')).status).toBe(404);
    expect((await api.get('/advertisers/abc')).status).toBe(422);
  });

  it('rotates the token and the pixel secret apart: each new one answered once, the old one stops, the audit log keeps only times', async () => {
    const made = await networkService.createAdvertiser(t.app.ctx.db, { name: 'Rotating Co' });
    const tok = await api.post(`/advertisers/${made.id}/rotate-token`, {});
    expect(tok.status).toBe(200);
    const token = tok.body.data.token as string;
    expect(token).toMatch(/^adv_/);
    expect(token).not.toBe(made.token);
    expect(tok.body.data.advertiser.token_rotated_at).not.toBeNull();
    expect(tok.body.data.advertiser.pixel_secret_rotated_at).toBeNull();
    let stored = await secretsOf(made.id);
    expect(stored.api_token_hash).toBe(sha256(token));
    expect(stored.pixel_secret).toBe(made.pixelSecret);
    expect(await networkService.advertiserByTokenHash(t.app.ctx.db, sha256(made.token))).toBeUndefined();

    const px = await api.post(`/advertisers/${made.id}/rotate-pixel-secret`);
    expect(px.status).toBe(200);
    const secret = px.body.data.pixel_secret as string;
    expect(secret).toMatch(/^pxs_/);
    stored = await secretsOf(made.id);
    expect(stored.pixel_secret).toBe(secret);
    expect(stored.api_token_hash).toBe(sha256(token));

    const [pxEntry, tokEntry] = await auditRows(t);
    expect(tokEntry).toMatchObject({
      action: 'advertiser.rotate_token',
      object_type: 'advertiser',
      object_id: String(made.id),
      before: { name: 'Rotating Co', token_rotated_at: null },
      after: { name: 'Rotating Co', token_rotated_at: tok.body.data.advertiser.token_rotated_at },
    });
    expect(pxEntry).toMatchObject({
      action: 'advertiser.rotate_pixel_secret',
      before: { pixel_secret_rotated_at: null },
      after: { pixel_secret_rotated_at: px.body.data.advertiser.pixel_secret_rotated_at },
    });
    for (const e of [pxEntry, tokEntry]) {
      const text = JSON.stringify(e);
      for (const s of [token, secret, made.token, made.pixelSecret, sha256(token)]) expect(text).not.toContain(s);
    }
    expect((await api.post('/advertisers/999999/rotate-token')).status).toBe(404);
  });

  it('lists by keyset with search and status, each with its offers; the detail names the offers it owns', async () => {
    const names = ['Kilo Lima', 'Kilo Mike', 'Kilo November'];
    const ids = [];
    for (const name of names) ids.push((await networkService.createAdvertiser(t.app.ctx.db, { name })).id);
    await networkService.updateAdvertiser(t.app.ctx.db, ids[2]!, { status: 'inactive' });
    const o1 = await createOffer(t, { advertiser_id: ids[0]!, name: 'Kilo Offer One' });
    await createOffer(t, { advertiser_id: ids[0]!, name: 'Kilo Offer Two', conversion_method: 'both' });

    const first = await api.post('/advertisers', { filters: {}, search: 'kilo', limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body.data.map((a: any) => a.name)).toEqual(['Kilo Lima', 'Kilo Mike']);
    expect(first.body.data[0].offers).toBe(2);
    const second = await api.post('/advertisers', {
      filters: {},
      search: 'kilo',
      limit: 2,
      cursor: first.body.cursor.next,
    });
    expect(second.body.data.map((a: any) => a.name)).toEqual(['Kilo November']);
    expect(second.body.cursor.next).toBeNull();
    const inactive = await api.post('/advertisers', { filters: { status: 'inactive' }, search: 'kilo' });
    expect(inactive.body.data.map((a: any) => a.id)).toEqual([ids[2]]);
    expect((await api.post('/advertisers', { filters: { status: 'gone' } })).status).toBe(422);
    expect((await api.post('/advertisers', { cursor: 'nonsense' })).body.errors.cursor.code).toBe('0x4010');

    const detail = await viewer.get(`/advertisers/${ids[0]}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.offer_list).toEqual([
      { id: o1.offerId, name: 'Kilo Offer One', status: 'active', conversion_method: 'postback' },
      expect.objectContaining({ name: 'Kilo Offer Two', conversion_method: 'both' }),
    ]);
  });

  it('flags an advertiser still holding a published demo credential until it is rotated', async () => {
    const demo = DEMO_ADVERTISERS[0]!;
    const { id } = await networkService.createAdvertiser(t.app.ctx.db, {
      name: 'Published Holder',
      token: demo.token,
      pixelSecret: demo.pixelSecret,
    });
    const row = (await api.get(`/advertisers/${id}`)).body.data;
    expect(row).toMatchObject({ published_token: true, published_pixel_secret: true });
    await api.post(`/advertisers/${id}/rotate-token`);
    expect((await api.get(`/advertisers/${id}`)).body.data).toMatchObject({
      published_token: false,
      published_pixel_secret: true,
    });
    await api.post(`/advertisers/${id}/rotate-pixel-secret`);
    expect((await api.get(`/advertisers/${id}`)).body.data.published_pixel_secret).toBe(false);
  });

  it('a viewer reads but every write answers 403 0x4030 and changes nothing', async () => {
    const made = await networkService.createAdvertiser(t.app.ctx.db, { name: 'Viewer Target' });
    const before = await secretsOf(made.id);
    const count = (await auditRows(t)).length;
    expect((await viewer.post('/advertisers', {})).status).toBe(200);
    for (const r of [
      await viewer.post('/advertisers/create', { name: 'Nope' }),
      await viewer.post(`/advertisers/${made.id}/update`, { name: 'Nope' }),
      await viewer.post(`/advertisers/${made.id}/rotate-token`),
      await viewer.post(`/advertisers/${made.id}/rotate-pixel-secret`),
    ]) {
      expect(r.status).toBe(403);
      expect(r.body.error.code).toBe(FORBIDDEN);
    }
    expect(await secretsOf(made.id)).toEqual(before);
    expect((await auditRows(t)).length).toBe(count);
    // Publisher tokens and no token open nothing.
    expect((await adminClient(t, null).post('/advertisers', {})).status).toBe(401);
  });
});
