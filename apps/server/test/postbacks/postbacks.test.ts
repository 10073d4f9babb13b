import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodePostbackValue, POSTBACK_MACROS } from '@portal/shared';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { networkService } from '../../src/modules/offers/network-catalogue.service.ts';
import {
  addEvent,
  allPages,
  createOffer,
  createPrivateOffer,
  insertPostback,
  keysetSorted,
} from '../helpers/network-factories.ts';

const URL_OK = 'https://tracker.demo-media.test/postback?cid={pub_click_id}&payout={conversion_earnings}';

describe('postbacks API', () => {
  let t: TestApp;
  let a: { token: string; publisherId: number };
  let b: { token: string; publisherId: number };

  const fresh = async () => {
    const p = await createPublisher(t);
    return { token: await login(t, p), publisherId: p.publisherId };
  };

  beforeAll(async () => {
    t = await createTestApp();
    a = await fresh();
    b = await fresh();
  });
  afterAll(() => t.close());

  const form = (over: Record<string, unknown> = {}) => ({
    postback_name: 'Main tracker',
    postback_status: 'active',
    postback_type: 'postback',
    postback_value: URL_OK,
    postback_offer_id: null,
    postback_event_id: null,
    postback_event_type: null,
    ...over,
  });

  describe('create, read, update', () => {
    it('creates a global postback and answers the fields of docs/api.md', async () => {
      const r = await t.post('/postback/create', form(), { token: a.token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({
        postback_name: 'Main tracker',
        name: 'Main tracker',
        postback_type: 'postback',
        postback_value: URL_OK,
        postback_status: 'active',
        postback_offer_id: null,
        postback_event_id: null,
        postback_event_type: null,
        postback_url: URL_OK,
        pixel_content: null,
        offer: null,
        offer_event: null,
      });
      const got = await t.post('/postback', { id: r.body.data.postback_id }, { token: a.token });
      expect(got.status).toBe(200);
      expect(got.body.data).toEqual(r.body.data);
    });

    it('accepts the value base64-encoded as the form holds it, and plain text', async () => {
      const html = '<iframe src="https://px.example/p?t={tid}&o={offer_id}" width="1" height="1"></iframe>';
      const r = await t.post(
        '/postback/create',
        form({ postback_type: 'pixel', postback_value: encodePostbackValue(html) }),
        { token: a.token },
      );
      expect(r.status).toBe(200);
      expect(r.body.data.postback_value).toBe(html);
      expect(r.body.data.pixel_content).toBe(html);
      expect(r.body.data.postback_url).toBeNull();
      const plain = await t.post('/postback/create', form({ postback_type: 'pixel', postback_value: html }), {
        token: a.token,
      });
      expect(plain.body.data.postback_value).toBe(html);
      const b64url = await t.post('/postback/create', form({ postback_value: encodePostbackValue(URL_OK) }), {
        token: a.token,
      });
      expect(b64url.body.data.postback_value).toBe(URL_OK);
    });

    it('ties a postback to an offer and one of its events, with names, and updates it', async () => {
      const o = await createOffer(t, { name: 'Tied offer' });
      const lead = await addEvent(t, o.offerId, { name: 'Lead', event_type: 'partial' });
      const r = await t.post(
        '/postback/create',
        form({ postback_offer_id: o.offerId, postback_event_id: String(lead), postback_event_type: 'partial' }),
        { token: a.token },
      );
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data).toMatchObject({
        postback_offer_id: o.offerId,
        postback_offer_name: 'Tied offer',
        postback_event_id: lead,
        postback_event_name: 'Lead',
        postback_event_type: 'partial',
        event_type: 'partial',
        offer: { id: o.offerId, name: 'Tied offer' },
        offer_event: { id: lead, name: 'Lead' },
      });

      const id = r.body.data.postback_id;
      const u = await t.post(
        '/postback/update',
        form({
          postback_id: id,
          postback_name: 'Renamed',
          postback_status: 'inactive',
          postback_event_id: null,
          postback_offer_id: null,
        }),
        { token: a.token },
      );
      expect(u.status, JSON.stringify(u.body)).toBe(200);
      expect(u.body.data).toMatchObject({
        postback_id: id,
        postback_name: 'Renamed',
        postback_status: 'inactive',
        postback_offer_id: null,
        postback_event_id: null,
      });
      expect((await t.post('/postback', { id }, { token: a.token })).body.data.postback_name).toBe('Renamed');
    });

    it('accepts every whitelisted URL variable', async () => {
      const value = `https://t.example/pb?${POSTBACK_MACROS.map((m) => `${m}={${m}}`).join('&')}`;
      const r = await t.post('/postback/create', form({ postback_value: value }), { token: a.token });
      expect(r.status).toBe(200);
    });
  });

  describe('field errors (docs/errors.md)', () => {
    it('answers 0x4013 for a missing status or type', async () => {
      const r = await t.post('/postback/create', form({ postback_status: null, postback_type: 'sms' }), {
        token: a.token,
      });
      expect(r.status).toBe(422);
      expect(r.body.errors).toEqual({
        postback_status: { code: '0x4013', message: 'Select a postback status' },
        postback_type: { code: '0x4013', message: 'Select a postback type' },
      });
      const missing = await t.post(
        '/postback/create',
        { postback_name: 'x', postback_value: URL_OK },
        { token: a.token },
      );
      expect(Object.keys(missing.body.errors).sort()).toEqual(['postback_status', 'postback_type']);
    });

    it('answers 0x4010 for a postback URL that is not http(s) and 0x4011 for unknown variables', async () => {
      for (const value of [
        'tracker.example/pb',
        'ftp://tracker.example/pb',
        'javascript:alert(1)',
        'https://{pub_id}.evil.test/',
        'not a url',
      ]) {
        const r = await t.post('/postback/create', form({ postback_value: value }), { token: a.token });
        expect(r.status, value).toBe(422);
        expect(r.body.errors.postback_value, value).toEqual({ code: '0x4010', message: 'Incorrect url format' });
      }
      for (const value of ['https://t.example/pb?x={payout}', 'https://t.example/pb?x={TID}', 'https://t.example/{}']) {
        const r = await t.post('/postback/create', form({ postback_value: value }), { token: a.token });
        expect(r.body.errors.postback_value, value).toEqual({ code: '0x4011', message: 'Invalid URL variables' });
      }
      const pixel = await t.post(
        '/postback/create',
        form({ postback_type: 'pixel', postback_value: '<img src="x?{cookie}">' }),
        { token: a.token },
      );
      expect(pixel.body.errors.postback_value.code).toBe('0x4011');
      const empty = await t.post('/postback/create', form({ postback_value: '' }), { token: a.token });
      expect(empty.body.errors.postback_value.code).toBe('0x4001');
      const noName = await t.post('/postback/create', form({ postback_name: '  ' }), { token: a.token });
      expect(noName.body.errors.postback_name.code).toBe('0x4001');
    });

    it('answers 0x4010 on the event when it is not an event of the chosen offer', async () => {
      const o1 = await createOffer(t);
      const o2 = await createOffer(t);
      const r = await t.post(
        '/postback/create',
        form({ postback_offer_id: o1.offerId, postback_event_id: o2.baseEventId }),
        { token: a.token },
      );
      expect(r.status).toBe(422);
      expect(r.body.errors.postback_event_id.code).toBe('0x4010');
      const allOffers = await t.post(
        '/postback/create',
        form({ postback_offer_id: null, postback_event_id: o1.baseEventId }),
        { token: a.token },
      );
      expect(allOffers.body.errors.postback_event_id.code).toBe('0x4010');
      const badType = await t.post('/postback/create', form({ postback_event_type: 'sale' }), { token: a.token });
      expect(badType.body.errors.postback_event_type.code).toBe('0x4010');
    });

    it('refuses unknown fields and malformed ids with 422', async () => {
      expect((await t.post('/postback/create', form({ postback_owner: 1 }), { token: a.token })).status).toBe(422);
      expect((await t.post('/postback/create', form({ postback_offer_id: 'abc' }), { token: a.token })).status).toBe(
        422,
      );
      expect((await t.post('/postback', { id: 'x' }, { token: a.token })).status).toBe(422);
      expect((await t.post('/postback/update', form(), { token: a.token })).status).toBe(422); // no postback_id
    });

    it('refuses anonymous callers (401)', async () => {
      for (const path of ['/postback', '/postback-table', '/postback/create', '/postback/update']) {
        expect((await t.post(path, {})).status, path).toBe(401);
      }
    });
  });

  describe('access control (docs/reliability.md A1)', () => {
    it('never lets one publisher read or change another publisher’s postbacks', async () => {
      const mine = await t.post('/postback/create', form({ postback_name: 'A secret' }), { token: a.token });
      const id = mine.body.data.postback_id;
      const read = await t.post('/postback', { id }, { token: b.token });
      const absent = await t.post('/postback', { id: 2_000_000_000 }, { token: b.token });
      expect(read.status).toBe(404);
      expect(read.body).toEqual(absent.body);
      const upd = await t.post('/postback/update', form({ postback_id: id, postback_name: 'pwned' }), {
        token: b.token,
      });
      expect(upd.status).toBe(404);
      // Even an invalid form answers 404 first: nothing about the row leaks through field errors.
      const updBad = await t.post('/postback/update', { postback_id: id }, { token: b.token });
      expect(updBad.status).toBe(404);
      expect((await t.post('/postback', { id }, { token: a.token })).body.data.postback_name).toBe('A secret');

      const list = await allPages(t, '/postback-table', { filters: { status: 'all' }, limit: 50 }, b.token);
      expect(list.rows.map((r: any) => r.postback_id)).not.toContain(id);
      expect(list.rows.every((r: any) => r.postback_name !== 'A secret')).toBe(true);
    });

    it('answers 404 for offers the publisher may not run, on create, update and the offer tab', async () => {
      const theirs = await createPrivateOffer(t, [b.publisherId]);
      const missing = 2_000_000_000;
      for (const offerId of [theirs.offerId, missing]) {
        const c = await t.post('/postback/create', form({ postback_offer_id: offerId }), { token: a.token });
        expect(c.status).toBe(404);
        const tab = await t.post('/postback-table', { offer_id: offerId }, { token: a.token });
        expect(tab.status).toBe(404);
      }
      const own = await t.post('/postback/create', form(), { token: a.token });
      const u = await t.post(
        '/postback/update',
        form({ postback_id: own.body.data.postback_id, postback_offer_id: theirs.offerId }),
        { token: a.token },
      );
      expect(u.status).toBe(404);
      // B may use it.
      expect(
        (await t.post('/postback/create', form({ postback_offer_id: theirs.offerId }), { token: b.token })).status,
      ).toBe(200);
      // After a grant is revoked the publisher can still edit (e.g. pause) the postbacks it made for that offer.
      const granted = await createPrivateOffer(t, [a.publisherId]);
      const made = await t.post('/postback/create', form({ postback_offer_id: granted.offerId }), { token: a.token });
      expect(made.status).toBe(200);
      await networkService.revoke(t.app.ctx.db, a.publisherId, granted.offerId);
      const paused = await t.post(
        '/postback/update',
        form({
          postback_id: made.body.data.postback_id,
          postback_offer_id: granted.offerId,
          postback_status: 'inactive',
        }),
        { token: a.token },
      );
      expect(paused.status).toBe(200);
      expect((await t.post('/postback-table', { offer_id: granted.offerId }, { token: a.token })).status).toBe(404);
      // A filtering its global list by B's offer sees nothing of B's.
      const filtered = await t.post(
        '/postback-table',
        { filters: { status: 'all', offer_id: [theirs.offerId] } },
        { token: a.token },
      );
      expect(filtered.body).toEqual({ data: [], cursor: { next: null } });
    });
  });

  describe('postback-table', () => {
    let p: { token: string; publisherId: number };
    let offer1: number;
    let offer2: number;
    const rows: {
      id: number;
      name: string;
      status: string;
      type: string;
      offer_id: number | null;
      event_id: number | null;
      value: string;
    }[] = [];

    beforeAll(async () => {
      p = await fresh();
      const o1 = await createOffer(t);
      const o2 = await createOffer(t);
      offer1 = o1.offerId;
      offer2 = o2.offerId;
      // 45 postbacks with many ties on name, status, type and offer.
      for (let i = 0; i < 45; i++) {
        const v = {
          name: ['Alpha', 'beta', 'Gamma'][i % 3]!,
          status: (i % 4 === 0 ? 'inactive' : 'active') as 'active' | 'inactive',
          type: (i % 5 === 0 ? 'pixel' : 'postback') as 'pixel' | 'postback',
          offer_id: i % 3 === 0 ? null : i % 3 === 1 ? offer1 : offer2,
          event_id: i % 6 === 1 ? o1.baseEventId : null,
          value:
            i % 5 === 0
              ? `<img src="https://px.example/${i}?t={tid}">`
              : `https://tracker.example/pb/${i}?cid={pub_click_id}`,
        };
        rows.push({ id: await insertPostback(t, p.publisherId, v), ...v });
      }
    });

    it('lists active postbacks by id ascending by default, 20 per page', async () => {
      const first = await t.post('/postback-table', {}, { token: p.token });
      expect(first.status).toBe(200);
      expect(first.body.data).toHaveLength(20);
      const { rows: all } = await allPages(t, '/postback-table', {}, p.token);
      expect(all.map((r: any) => r.postback_id)).toEqual(rows.filter((r) => r.status === 'active').map((r) => r.id));
    });

    it('filters by status and offer', async () => {
      const inactive = await allPages(t, '/postback-table', { filters: { status: 'inactive' }, limit: 7 }, p.token);
      expect(inactive.rows.map((r: any) => r.postback_id)).toEqual(
        rows.filter((r) => r.status === 'inactive').map((r) => r.id),
      );
      const every = await allPages(t, '/postback-table', { filters: { status: null }, limit: 50 }, p.token);
      expect(every.rows).toHaveLength(45);
      const one = await allPages(
        t,
        '/postback-table',
        { filters: { status: 'all', offer_id: offer1 }, limit: 50 },
        p.token,
      );
      expect(one.rows.map((r: any) => r.postback_id)).toEqual(
        rows.filter((r) => r.offer_id === offer1).map((r) => r.id),
      );
      const two = await allPages(
        t,
        '/postback-table',
        { filters: { status: 'active', offer_id: [offer1, offer2] }, limit: 50 },
        p.token,
      );
      expect(two.rows.map((r: any) => r.postback_id)).toEqual(
        rows.filter((r) => r.offer_id !== null && r.status === 'active').map((r) => r.id),
      );
    });

    it('lists an offer’s postbacks in every status for the offer tab', async () => {
      const tab = await allPages(t, '/postback-table', { offer_id: offer2 }, p.token);
      expect(tab.rows.map((r: any) => r.postback_id)).toEqual(
        rows.filter((r) => r.offer_id === offer2).map((r) => r.id),
      );
      const activeOnly = await allPages(
        t,
        '/postback-table',
        { offer_id: offer2, filters: { status: 'active' } },
        p.token,
      );
      expect(activeOnly.rows.every((r: any) => r.postback_status === 'active')).toBe(true);
    });

    it('searches names and values', async () => {
      const byName = await allPages(
        t,
        '/postback-table',
        { filters: { status: 'all' }, search: 'gAmMa', limit: 50 },
        p.token,
      );
      expect(byName.rows.map((r: any) => r.postback_id)).toEqual(
        rows.filter((r) => r.name === 'Gamma').map((r) => r.id),
      );
      const byValue = await allPages(
        t,
        '/postback-table',
        { filters: { status: 'all' }, search: 'px.example', limit: 50 },
        p.token,
      );
      expect(byValue.rows.map((r: any) => r.postback_id)).toEqual(
        rows.filter((r) => r.type === 'pixel').map((r) => r.id),
      );
      // LIKE wildcards are literal.
      const wild = await t.post('/postback-table', { filters: { status: 'all' }, search: '%' }, { token: p.token });
      expect(wild.body.data).toEqual([]);
    });

    const sorts: [string, (r: (typeof rows)[number]) => string | number][] = [
      ['postback_id', (r) => r.id],
      ['postback_name', (r) => r.name.toLowerCase()],
      ['postback_type', (r) => r.type],
      ['postback_status', (r) => r.status],
      ['postback_offer_id', (r) => r.offer_id ?? 0],
      ['postback_event_id', (r) => r.event_id ?? 0],
    ];
    for (const [sort, key] of sorts) {
      for (const order of [1, -1] as const) {
        it(`sorts by ${sort} ${order === 1 ? 'ascending' : 'descending'} across pages with ties`, async () => {
          const got = await allPages(
            t,
            '/postback-table',
            { filters: { status: 'all' }, sort, order, limit: 7 },
            p.token,
          );
          expect(got.pages).toBe(7);
          const expected = keysetSorted(rows, key, (r) => r.id, order).map((r) => r.id);
          expect(got.rows.map((r: any) => r.postback_id)).toEqual(expected);
        });
      }
    }

    it('refuses an unknown sort, a bad order and malformed or foreign cursors with 422', async () => {
      const bad = await t.post('/postback-table', { sort: 'value; DROP TABLE postbacks' }, { token: p.token });
      expect(bad.status).toBe(422);
      expect(bad.body.errors.sort).toBeDefined();
      expect((await t.post('/postback-table', { order: 2 }, { token: p.token })).status).toBe(422);
      expect((await t.post('/postback-table', { limit: 0 }, { token: p.token })).status).toBe(422);
      for (const cursor of ['garbage', 'eyJhIjoxfQ', '!!', 'W1wicG9zdGJhY2tfaWRcIiwxLFsxLDJdXQ']) {
        const r = await t.post('/postback-table', { cursor }, { token: p.token });
        expect(r.status, cursor).toBe(422);
        expect(r.body.errors.cursor.code).toBe('0x4010');
      }
      const page = await t.post('/postback-table', { sort: 'postback_name', limit: 5 }, { token: p.token });
      const foreign = await t.post(
        '/postback-table',
        { sort: 'postback_type', limit: 5, cursor: page.body.cursor.next },
        { token: p.token },
      );
      expect(foreign.status).toBe(422);
      const flipped = await t.post(
        '/postback-table',
        { sort: 'postback_name', order: -1, limit: 5, cursor: page.body.cursor.next },
        { token: p.token },
      );
      expect(flipped.status).toBe(422);
    });

    it('caps a large limit instead of refusing it', async () => {
      const r = await t.post('/postback-table', { filters: { status: 'all' }, limit: 100_000 }, { token: p.token });
      expect(r.status).toBe(200);
      expect(r.body.data).toHaveLength(45);
      expect(r.body.cursor.next).toBeNull();
    });
  });
});
