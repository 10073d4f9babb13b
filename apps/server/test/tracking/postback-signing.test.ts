import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login, type PublisherFixture } from '../helpers/factories.ts';
import { click, convert, createTrackedOffer, createTrackingPostback } from '../helpers/tracking-factories.ts';
import { startReceiver, type ReceivedRequest, type Receiver } from '../helpers/postback-receiver.ts';

/**
 * Signed postback deliveries, checked the way a receiver would: with docs/postback-verification.md's own Python
 * snippet (run by python3) and its Node.js snippet, never with the server's signing code.
 */

const P = {
  secret: '/postback-signing-secret',
  rotate: '/postback-signing-secret/rotate',
  sendTest: '/postback-delivery/send-test',
};

interface Case {
  secret: string;
  headers: Record<string, string>;
  url: string;
}

const section = fs.readFileSync(new URL('../../../../docs/postback-verification.md', import.meta.url), 'utf8');
const snippet = (lang: string) => {
  const m = new RegExp('```' + lang + '\\n([\\s\\S]*?)```').exec(section);
  if (!m) throw new Error(`docs/postback-verification.md: no ${lang} snippet`);
  return m[1]!;
};

const hasPython = spawnSync('python3', ['--version']).status === 0;

/** The documented Python verifier over each case: true when it accepts the request. */
function pythonVerify(cases: Case[]): boolean[] {
  const harness = `${snippet('python')}\nimport json, sys\nprint(json.dumps([verify_postback(c["secret"], c["headers"], c["url"]) for c in json.load(sys.stdin)]))\n`;
  const r = spawnSync('python3', ['-c', harness], { input: JSON.stringify(cases), encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`python3 failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as boolean[];
}

let nodeVerifier: ((secret: string, headers: Record<string, string>, url: string) => boolean) | null = null;
async function nodeVerify(cases: Case[]): Promise<boolean[]> {
  if (!nodeVerifier) {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'verify-')), 'verify.mjs');
    fs.writeFileSync(file, snippet('js'));
    nodeVerifier = ((await import(file)) as { verifyPostback: NonNullable<typeof nodeVerifier> }).verifyPostback;
  }
  return cases.map((c) => nodeVerifier!(c.secret, c.headers, c.url));
}

/** Both documented verifiers must agree; the Python one runs whenever python3 is installed. */
async function verify(cases: Case[]): Promise<boolean[]> {
  const node = await nodeVerify(cases);
  if (hasPython) expect(pythonVerify(cases)).toEqual(node);
  return node;
}

/** What a receiver knows of a request: its headers and the full URL it was sent to. */
const asCase = (secret: string, r: ReceivedRequest): Case => ({
  secret,
  url: `http://${r.headers.host}${r.url}`,
  headers: {
    'webhook-id': String(r.headers['webhook-id'] ?? ''),
    'webhook-timestamp': String(r.headers['webhook-timestamp'] ?? ''),
    'webhook-signature': String(r.headers['webhook-signature'] ?? ''),
  },
});

describe('signed postback deliveries', () => {
  let t: TestApp;
  let rx: Receiver;
  let pub: PublisherFixture;
  let token: string;
  let offer: Awaited<ReturnType<typeof createTrackedOffer>>;

  beforeAll(async () => {
    rx = await startReceiver();
    // A retry waits over a second (1.5 s ± 20 %), so its timestamp differs from the first attempt's.
    t = await createTestApp({
      POSTBACK_ALLOWED_HOSTS: '127.0.0.1',
      POSTBACK_RETRY_BASE_MS: '1500',
      POSTBACK_TIMEOUT_MS: '2000',
      POSTBACK_MAX_ATTEMPTS: '3',
    });
    pub = await createPublisher(t);
    token = await login(t, pub);
    offer = await createTrackedOffer(t);
  });
  afterAll(async () => {
    await t?.close();
    await rx?.close();
  });

  const readSecret = async (tok = token): Promise<string> => {
    const r = await t.post(P.secret, {}, { token: tok });
    expect(r.status).toBe(200);
    return r.body.data.postback_signing_secret as string;
  };

  /** A postback of `pub` to the receiver at `pathAndQuery`, fired by a real click and conversion. */
  async function deliver(pathAndQuery: string, behave?: Parameters<Receiver['behave']>[0], count = 1) {
    rx.requests.length = 0;
    rx.behave(behave ?? ((_q, res) => res.end('ok')));
    const postbackId = await createTrackingPostback(t, pub.publisherId, {
      value: `${rx.url}${pathAndQuery}`,
      offer_id: offer.offerId,
    });
    const c = await click(t, offer.offerId, pub.publisherId, { s1: 'a b&c=d/é' });
    const conv = await convert(t, { tid: c.tid!, token: offer.token });
    expect(conv.status).toBe(200);
    await eventually(() => rx.requests.length >= count, 15_000);
    // One postback per conversion here: deactivate it so later conversions fire only their own.
    await t.app.ctx.db.updateTable('postbacks').set({ status: 'inactive' }).where('id', '=', postbackId).execute();
    return { postbackId, conversionId: conv.body.conversion_id as string };
  }

  it('answers a whsec_ secret of 32 random bytes, the same on every read; only to a logged-in publisher', async () => {
    const s = await readSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(await readSecret()).toBe(s);
    expect((await t.post(P.secret, {})).status).toBe(401);
    expect((await t.post(P.rotate, {})).status).toBe(401);
    expect((await t.post(P.secret, { publisher_id: 1 }, { token })).status).toBe(422);
    const doc = (await (await fetch(`${t.url}/api/docs/json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining([`/api/v1${P.secret}`, `/api/v1${P.rotate}`]));
  });

  it('a real delivery verifies with the documented verifiers; a tampered id, timestamp or URL does not', async () => {
    const secret = await readSecret();
    const { postbackId, conversionId } = await deliver('/pb/signed?s1={s1}&c={conversion_id}');
    const req = rx.requests[0]!;
    const good = asCase(secret, req);
    expect(good.headers['webhook-id']).toBe(`${conversionId}.${postbackId}`);
    expect(req.headers['x-postback-event-id']).toBe(good.headers['webhook-id']);
    expect(Math.abs(Number(good.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(good.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]{43}=$/);
    expect(good.url).toContain('s1=a%20b%26c%3Dd%2F%C3%A9');

    const ts = Number(good.headers['webhook-timestamp']);
    const other = await createPublisher(t);
    const otherSecret = await readSecret(await login(t, other));
    const cases: Case[] = [
      good,
      { ...good, headers: { ...good.headers, 'webhook-timestamp': String(ts + 1) } },
      { ...good, url: good.url.replace('s1=', 's1=x') },
      { ...good, url: good.url.replace('/pb/signed', '/pb/other') },
      { ...good, headers: { ...good.headers, 'webhook-id': `${conversionId}.${postbackId + 1}` } },
      { ...good, secret: otherSecret },
    ];
    expect(await verify(cases)).toEqual([true, false, false, false, false, false]);

    // Correctly signed but more than 5 minutes old (a replayed request): refused.
    const old = String(Math.floor(Date.now() / 1000) - 301);
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
    const mac = crypto
      .createHmac('sha256', key)
      .update(`${good.headers['webhook-id']}.${old}.${good.url}`)
      .digest('base64');
    const stale = { ...good, headers: { ...good.headers, 'webhook-timestamp': old, 'webhook-signature': `v1,${mac}` } };
    const fresh = String(Math.floor(Date.now() / 1000) - 200);
    const mac2 = crypto
      .createHmac('sha256', key)
      .update(`${good.headers['webhook-id']}.${fresh}.${good.url}`)
      .digest('base64');
    const recent = {
      ...good,
      headers: { ...good.headers, 'webhook-timestamp': fresh, 'webhook-signature': `v1,${mac2}` },
    };
    expect(await verify([stale, recent])).toEqual([false, true]);
  });

  it('a retry keeps the Webhook-Id with a new timestamp and signature, both valid', async () => {
    const secret = await readSecret();
    const { postbackId } = await deliver(
      '/pb/retry',
      (_q, res, n) => {
        res.statusCode = n === 1 ? 500 : 200;
        res.end();
      },
      2,
    );
    await eventually(async () => {
      const d = await t.app.ctx.db
        .selectFrom('postback_deliveries')
        .select('status')
        .where('postback_id', '=', postbackId)
        .executeTakeFirst();
      return d?.status === 'delivered';
    });
    const [first, second] = rx.requests.map((r) => asCase(secret, r));
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(Number(second!.headers['webhook-timestamp'])).toBeGreaterThan(Number(first!.headers['webhook-timestamp']));
    expect(second!.headers['webhook-signature']).not.toBe(first!.headers['webhook-signature']);
    expect(await verify([first!, second!])).toEqual([true, true]);
  });

  it('a rotation signs the very next attempt with the new secret; the old one no longer verifies', async () => {
    const before = await readSecret();
    let rotated = '';
    const { postbackId } = await deliver(
      '/pb/rotate',
      async (_q, res, n) => {
        if (n === 1) {
          // Rotated while the first attempt is in hand: its retry must use the new secret.
          const r = await t.post(P.rotate, {}, { token });
          expect(r.status).toBe(200);
          rotated = r.body.data.postback_signing_secret as string;
          res.statusCode = 500;
        }
        res.end();
      },
      2,
    );
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(before);
    expect(await readSecret()).toBe(rotated);
    const [first, second] = rx.requests;
    expect(await verify([asCase(before, first!), asCase(rotated, first!)])).toEqual([true, false]);
    expect(await verify([asCase(before, second!), asCase(rotated, second!)])).toEqual([false, true]);

    // send-test is signed as well, with the current secret.
    rx.requests.length = 0;
    rx.behave((_q, res) => res.end('ok'));
    await t.app.ctx.db.updateTable('postbacks').set({ status: 'active' }).where('id', '=', postbackId).execute();
    const sent = await t.post(P.sendTest, { postback_id: postbackId }, { token });
    expect(sent.status).toBe(200);
    expect(sent.body.data.ok).toBe(true);
    const test = asCase(rotated, rx.requests[0]!);
    expect(test.headers['webhook-id']).toMatch(/^test-[0-9a-f-]{36}\.\d+$/);
    expect(await verify([test, { ...test, secret: before }])).toEqual([true, false]);
    await t.app.ctx.db.updateTable('postbacks').set({ status: 'inactive' }).where('id', '=', postbackId).execute();
  });

  it("another publisher neither reads nor rotates this publisher's secret", async () => {
    const mine = await readSecret();
    const other = await createPublisher(t);
    const otherToken = await login(t, other);
    const theirs = await readSecret(otherToken);
    expect(theirs).not.toBe(mine);
    const r = await t.post(P.rotate, {}, { token: otherToken });
    expect(r.status).toBe(200);
    expect(r.body.data.postback_signing_secret).not.toBe(theirs);
    expect(r.body.data.postback_signing_secret).not.toBe(mine);
    expect(await readSecret()).toBe(mine);
    expect((await t.post(P.rotate, { publisher_id: pub.publisherId }, { token: otherToken })).status).toBe(422);
    expect(await readSecret()).toBe(mine);
  });
});
