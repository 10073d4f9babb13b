import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetch } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import {
  click,
  convert,
  createTrackedOffer,
  createTrackingPostback,
  settle,
  trackingClient,
} from '../helpers/tracking-factories.ts';
import { trackingEngine } from '../../src/modules/tracking/tracking-engine.ts';

/**
 * A publisher postback aimed back at the portal never reaches it (docs/tracking.md): not under another
 * name of it (IP literal, `localhost`, a trailing-dot name, an IPv4-mapped address) — refused on the
 * address dialled, even when the operator allowed local hosts — and not through something in front
 * of it that the address check cannot see (a proxy here, a CNAME or load balancer in production) —
 * refused by the tracking endpoints on the delivery header.
 */
describe('postback loops', () => {
  let t: TestApp;
  let port: number;
  let proxy: http.Server;
  let proxyPort: number;

  beforeAll(async () => {
    t = await createTestApp({
      // The operator allowed local receivers, and the portal's public names are not what the
      // postbacks use: only the address check and the header stand between them and a loop.
      POSTBACK_ALLOWED_HOSTS: '127.0.0.1,localhost',
      PUBLIC_URL: 'http://portal.test:8080',
      PUBLIC_TRACKING_URL: 'http://track.test:8080',
      POSTBACK_RETRY_BASE_MS: '60000',
      POSTBACK_TIMEOUT_MS: '2000',
    });
    port = Number(new URL(t.url).port);
    trackingEngine(t.app.ctx).delivery.useLookup(async (host) => {
      if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    });
    // A plain forwarding proxy in front of the portal, as a load balancer would be.
    proxy = http.createServer((req, res) => {
      const upstream = http.request(
        { host: '127.0.0.1', port, path: req.url, method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
    proxyPort = (proxy.address() as AddressInfo).port;
  });
  afterAll(async () => {
    proxy.closeAllConnections();
    await new Promise((r) => proxy.close(r));
    await t.close();
  });

  const db = () => t.app.ctx.db;
  const count = async (table: 'clicks' | 'conversions', offerId: number) => {
    await settle(t);
    const r = await db()
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('offer_id', '=', offerId)
      .executeTakeFirstOrThrow();
    return Number(r.n);
  };

  async function network() {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t, { conversion_method: 'both' });
    return { pub, offer };
  }

  async function convertByPixel(offerId: number, publisherId: number, visitor: string) {
    const c = await click(t, offerId, publisherId, {}, { 'user-agent': visitor });
    expect(c.status).toBe(302);
    const r = await fetch(`${t.url}/pixel?tid=${c.tid}`, { dispatcher: trackingClient });
    await r.arrayBuffer();
    expect(r.status).toBe(200);
    return c.tid!;
  }

  it('is refused on the address dialled under every name of the portal, and nothing comes back', async () => {
    const { pub, offer } = await network();
    const names = {
      ip: `http://127.0.0.1:${port}/pixel?tid={tid}`,
      localhost: `http://localhost:${port}/postback?tid={tid}&token=${offer.token}&adv_transaction_id=loop-{random}`,
      trailingDot: `http://localhost.:${port}/c/${offer.offerId}/${pub.publisherId}?s1=loop`,
      mapped: `http://[::ffff:127.0.0.1]:${port}/pixel?tid={tid}`,
      numeric: `http://2130706433:${port}/pixel?tid={tid}`,
    };
    const ids: number[] = [];
    for (const value of Object.values(names)) ids.push(await createTrackingPostback(t, pub.publisherId, { value }));

    await convertByPixel(offer.offerId, pub.publisherId, 'visitor-1');
    const attempts = await eventually(async () => {
      const rows = await db().selectFrom('postback_attempts').selectAll().where('postback_id', 'in', ids).execute();
      return rows.length === ids.length ? rows : null;
    });
    expect(attempts.map((a) => a.error_class)).toEqual(Array(ids.length).fill('loop'));
    expect(attempts.every((a) => a.status_code === null)).toBe(true);
    const deliveries = await db()
      .selectFrom('postback_deliveries')
      .select('status')
      .where('postback_id', 'in', ids)
      .execute();
    expect(deliveries.map((d) => d.status)).toEqual(Array(ids.length).fill('failed'));
    expect(await count('clicks', offer.offerId)).toBe(1);
    expect(await count('conversions', offer.offerId)).toBe(1);
  });

  it('send-test names the loop', async () => {
    const { pub, offer } = await network();
    const postbackId = await createTrackingPostback(t, pub.publisherId, {
      value: `http://localhost.:${port}/postback?tid={tid}&token=${offer.token}`,
    });
    const token = await login(t, pub);
    const r = await t.post('/postback-delivery/send-test', { postback_id: postbackId }, { token });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ ok: false, error_class: 'loop', status_code: null });
  });

  it('through a proxy in front of the portal, /pixel, /postback and /c refuse the delivery header; a burst adds nothing', async () => {
    const { pub, offer } = await network();
    const via = `http://127.0.0.1:${proxyPort}`;
    const ids = [
      await createTrackingPostback(t, pub.publisherId, { value: `${via}/pixel?tid={tid}` }),
      await createTrackingPostback(t, pub.publisherId, {
        value: `${via}/postback?tid={tid}&token=${offer.token}&adv_transaction_id=loop-{random}`,
      }),
      await createTrackingPostback(t, pub.publisherId, {
        value: `${via}/c/${offer.offerId}/${pub.publisherId}?s1=loop`,
      }),
    ];
    const burst = 20;
    for (let i = 0; i < burst; i++) await convertByPixel(offer.offerId, pub.publisherId, `visitor-${i}`);
    const attempts = await eventually(async () => {
      const rows = await db().selectFrom('postback_attempts').selectAll().where('postback_id', 'in', ids).execute();
      return rows.length === ids.length * burst ? rows : null;
    }, 15_000);
    // The proxy was reached (it is not the portal's address); the portal behind it refused each call.
    const byPostback = (id: number) => attempts.filter((a) => a.postback_id === id).map((a) => a.status_code);
    expect(byPostback(ids[0]!)).toEqual(Array(burst).fill(200)); // the pixel's image, nothing recorded
    expect(byPostback(ids[1]!)).toEqual(Array(burst).fill(508));
    expect(byPostback(ids[2]!)).toEqual(Array(burst).fill(508));

    expect(await count('clicks', offer.offerId)).toBe(burst);
    expect(await count('conversions', offer.offerId)).toBe(burst);
    const loops = await db()
      .selectFrom('conversion_refusals')
      .select(['reason', 'source'])
      .where('reason', '=', 'loop')
      .execute();
    expect(loops.filter((l) => l.source === 'pixel')).toHaveLength(burst);
    expect(loops.filter((l) => l.source === 'postback')).toHaveLength(burst);
  });

  it('another installation’s deliveries (a network chained behind this one) are not refused', async () => {
    const { pub, offer } = await network();
    const c = await click(t, offer.offerId, pub.publisherId, {}, { 'user-agent': 'chained' });
    const r = await convert(
      t,
      { tid: c.tid!, token: offer.token },
      { headers: { 'x-portal-instance': 'another-installation' } },
    );
    expect(r.status).toBe(200);
    expect(r.body.duplicate).toBe(false);
  });
});
