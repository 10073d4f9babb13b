import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { click, convert, createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';
import { startReceiver, type Receiver } from '../helpers/postback-receiver.ts';
import { trackingEngine } from '../../src/modules/tracking/tracking-engine.ts';

/** Postback delivery without the allow-list: nothing private is ever reached (docs/reliability.md B1, B2, B5, F9). */
describe('postback address guard', () => {
  let t: TestApp;
  let canary: Receiver;
  const lookups: string[] = [];
  let dnsAnswer: (host: string, n: number) => Promise<{ address: string; family: number }[]>;

  beforeAll(async () => {
    canary = await startReceiver();
    t = await createTestApp({
      POSTBACK_RETRY_BASE_MS: '60000',
      POSTBACK_TIMEOUT_MS: '800',
      PUBLIC_TRACKING_URL: 'http://track.test:8080',
    });
    let n = 0;
    dnsAnswer = async (host) => {
      if (host === 'localhost') return [{ address: '127.0.0.1', family: 4 }];
      if (host === 'evil.test') return [{ address: '127.0.0.1', family: 4 }];
      throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    trackingEngine(t.app.ctx).delivery.useLookup(async (host) => {
      lookups.push(host);
      n++;
      return dnsAnswer(host, n);
    });
  });
  afterAll(async () => {
    await t.close();
    await canary.close();
  });

  async function deliverTo(url: string) {
    const pub = await createPublisher(t);
    const offer = await createTrackedOffer(t);
    const postbackId = await createTrackingPostback(t, pub.publisherId, { value: url });
    const c = await click(t, offer.offerId, pub.publisherId);
    const conv = await convert(t, { tid: c.tid!, token: offer.token });
    expect(conv.status).toBe(200);
    const attempt = await eventually(() =>
      t.app.ctx.db.selectFrom('postback_attempts').selectAll().where('postback_id', '=', postbackId).executeTakeFirst(),
    );
    const delivery = await t.app.ctx.db
      .selectFrom('postback_deliveries')
      .selectAll()
      .where('postback_id', '=', postbackId)
      .executeTakeFirstOrThrow();
    return { pub, postbackId, attempt, delivery };
  }

  const p = () => canary.port;
  const targets: [string, () => string, string][] = [
    ['127.0.0.1', () => `http://127.0.0.1:${p()}/x`, 'blocked_address'],
    ['localhost', () => `http://localhost:${p()}/x`, 'blocked_address'],
    ['[::1]', () => `http://[::1]:${p()}/x`, 'blocked_address'],
    ['0', () => `http://0:${p()}/x`, 'blocked_address'],
    ['0.0.0.0', () => `http://0.0.0.0:${p()}/x`, 'blocked_address'],
    ['2130706433', () => `http://2130706433:${p()}/x`, 'blocked_address'],
    ['017700000001', () => `http://017700000001:${p()}/x`, 'blocked_address'],
    ['0x7f.1', () => `http://0x7f.1:${p()}/x`, 'blocked_address'],
    ['127.1', () => `http://127.1:${p()}/x`, 'blocked_address'],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${p()}/x`, 'blocked_address'],
    ['169.254.169.254', () => 'http://169.254.169.254/latest/meta-data/', 'blocked_address'],
    ['[fd00:ec2::254]', () => 'http://[fd00:ec2::254]/latest/', 'blocked_address'],
    ['100.100.100.200', () => 'http://100.100.100.200/latest/', 'blocked_address'],
    ['10.0.0.1', () => 'http://10.0.0.1/x', 'blocked_address'],
    ['192.168.1.1', () => 'http://192.168.1.1/x', 'blocked_address'],
    ['[fc00::1]', () => 'http://[fc00::1]/x', 'blocked_address'],
    ['[fe80::1]', () => 'http://[fe80::1]/x', 'blocked_address'],
    ['[64:ff9b::7f00:1]', () => `http://[64:ff9b::7f00:1]:${p()}/x`, 'blocked_address'],
    ['[::127.0.0.1] (IPv4-compatible, ::/96)', () => `http://[::127.0.0.1]:${p()}/x`, 'blocked_address'],
    ['a name resolving to 127.0.0.1', () => `http://evil.test:${p()}/x`, 'blocked_address'],
    ['userinfo', () => `http://u:p@127.0.0.1:${p()}/x`, 'blocked_address'],
    ['file:', () => 'file:///etc/passwd', 'blocked_protocol'],
    ['gopher:', () => `gopher://127.0.0.1:${p()}/_x`, 'blocked_protocol'],
  ];

  it.each(targets)('B1: refuses %s', async (_name, url, errorClass) => {
    const { attempt, delivery } = await deliverTo(url());
    expect(attempt.error_class).toBe(errorClass);
    expect(attempt.error_message).toMatch(/public address|Only http/);
    expect(delivery.status).toBe('failed');
    expect(canary.requests).toHaveLength(0);
  });

  it('B1: the publisher sees the plain reason in the delivery log', async () => {
    const { pub } = await deliverTo(`http://10.1.2.3:${p()}/x?token=s3cret`);
    const token = await login(t, pub);
    const r = await t.post('/postback-delivery/log', {}, { token });
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toMatchObject({ error_class: 'blocked_address', status_code: null });
    expect(r.body.data[0].error_message).toContain('10.1.2.3 is not a public address');
    expect(r.body.data[0].url).toContain('token=***');
  });

  it('B2: DNS answering a public address first and 127.0.0.1 after connects to the checked address only', async () => {
    dnsAnswer = async (host) =>
      host === 'rebind.test'
        ? [
            { address: '198.18.0.1', family: 4 },
            { address: '127.0.0.1', family: 4 },
          ]
        : [{ address: '127.0.0.1', family: 4 }];
    const { attempt } = await deliverTo(`http://rebind.test:${p()}/x`);
    // 198.18.0.0/15 is a benchmarking range: refused too; the 127.0.0.1 answer is never tried.
    expect(attempt.error_class).toBe('blocked_address');
    expect(canary.requests).toHaveLength(0);

    // A name whose first answer is public but unreachable: the attempt goes there (and fails), never to the second.
    let calls = 0;
    dnsAnswer = async () => {
      calls++;
      return calls === 1
        ? [
            { address: '203.0.113.77', family: 4 },
            { address: '127.0.0.1', family: 4 },
          ]
        : [{ address: '127.0.0.1', family: 4 }];
    };
    const second = await deliverTo(`http://rebind2.test:${p()}/x`);
    expect(['blocked_address', 'timeout', 'connection']).toContain(second.attempt.error_class);
    expect(canary.requests).toHaveLength(0);
  });

  it('F9: a DNS failure or time-out is logged as dns and retried, never delivered unchecked', async () => {
    dnsAnswer = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    const failed = await deliverTo('http://nowhere.test/x');
    expect(failed.attempt.error_class).toBe('dns');
    expect(failed.delivery.status).toBe('pending');
    expect(new Date(failed.delivery.next_attempt_at).getTime()).toBeGreaterThan(Date.now() + 30_000);

    dnsAnswer = () => new Promise(() => {});
    const hung = await deliverTo('http://slow-dns.test/x');
    expect(hung.attempt.error_class).toBe('dns');
    expect(hung.attempt.error_message).toMatch(/timed out/);
    expect(hung.delivery.status).toBe('pending');
    expect(canary.requests).toHaveLength(0);
  });

  it('B5: a postback aimed at our own tracking address is refused', async () => {
    const { attempt, delivery } = await deliverTo('http://track.test:8080/postback?tid={tid}');
    expect(attempt.error_class).toBe('loop');
    expect(delivery.status).toBe('failed');
  });
});
