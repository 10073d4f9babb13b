import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher } from '../helpers/factories.ts';
import { adminPath, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import {
  clearTrackingCache,
  click,
  convert,
  createTrackedOffer,
  trackingClient,
  type TrackedOffer,
} from '../helpers/tracking-factories.ts';

/**
 * Bad input to the three ways a conversion's status changes (docs/money.md): the console's
 * `conversions/status`, a reconciliation file (`conversions/reconcile`) and the advertiser's
 * `/postback/status`. Each is answered with a code naming the field (or the file's row), never a
 * 5xx; a 50 MB body is refused from its Content-Length before it is read; and nothing recorded
 * changes — the conversion, its history, the kept files, the audit log.
 */
let t: TestApp;
let manager: AdminClient;
let jwt: string;
let offer: TrackedOffer;
let conv: { id: string; tid: string };

const FIFTY_MB = 50 * 1024 * 1024;

/**
 * Starts a request announcing a 50 MB body, sends its first 64 KB and waits for the answer: one that
 * comes while almost all of the body is unsent was refused before the body was read.
 */
function hugeBody(path: string, headers: Record<string, string>): Promise<{ status: number; body: any; sent: number }> {
  const url = new URL(path, t.url);
  return new Promise((resolve, reject) => {
    let sent = 0;
    const req = http.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(FIFTY_MB) } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (text += d));
        res.on('end', () => {
          req.destroy();
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null, sent });
        });
      },
    );
    req.on('error', (err) => (sent < FIFTY_MB ? undefined : reject(err)));
    const chunk = Buffer.alloc(64 * 1024, 'a');
    req.write(chunk, () => (sent += chunk.length));
  });
}

/** What a refused call must leave as it was. */
async function recorded() {
  const db = t.app.ctx.db;
  const count = async (table: 'conversion_status_changes' | 'conversion_reconciliations' | 'audit_log') =>
    Number((await db.selectFrom(table).select(db.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const c = await db
    .selectFrom('conversions')
    .select(['status', 'status_reason'])
    .where('id', '=', conv.id)
    .executeTakeFirstOrThrow();
  return {
    status: c.status,
    reason: c.status_reason,
    changes: await count('conversion_status_changes'),
    files: await count('conversion_reconciliations'),
    audit: await count('audit_log'),
  };
}

const statusCall = async (params: Record<string, string>, method: 'GET' | 'POST' = 'GET') => {
  const qs = new URLSearchParams(params).toString();
  const res =
    method === 'POST'
      ? await fetch(`${t.url}/postback/status`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: qs,
          dispatcher: trackingClient,
        })
      : await fetch(`${t.url}/postback/status?${qs}`, { dispatcher: trackingClient });
  return { status: res.status, body: (await res.json()) as any };
};

beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await signedInOperator(t, 'manager');
  manager = signedIn.api;
  jwt = (await t.post(adminPath('/auth/login'), { email: signedIn.op.email, password: signedIn.op.password })).body.data
    .jwt;
  const pub = await createPublisher(t, { name: 'Bad Input Media' });
  offer = await createTrackedOffer(t, { name: 'Bad Input Offer', payout: 5, allowedPublishers: [pub.publisherId] });
  await t.app.ctx.db
    .updateTable('offers')
    .set({ conversion_approval: 'manual' })
    .where('id', '=', offer.offerId)
    .execute();
  clearTrackingCache(t);
  const c = await click(t, offer.offerId, pub.publisherId);
  const tid = new URL(c.location!).searchParams.get('tid') ?? c.tid!;
  expect((await convert(t, { tid, token: offer.token, adv_transaction_id: 'BAD-1' })).body.status).toBe('pending');
  const found = await manager.post('/conversions', { filters: { tid } });
  conv = { id: found.body.data[0].id, tid };
}, 60_000);
afterAll(() => t?.close());

describe('bad input to status changes', () => {
  it('conversions/status: an unknown status, a reason too long, a malformed id, a 50 MB body', async () => {
    const before = await recorded();
    const unknownStatus = await manager.post('/conversions/status', { ids: [conv.id], status: 'maybe' });
    expect(unknownStatus.status).toBe(422);
    expect(unknownStatus.body.errors.status.code).toBe('0x4010');

    const long = await manager.post('/conversions/status', {
      ids: [conv.id],
      status: 'rejected',
      reason: 'x'.repeat(1001),
    });
    expect(long.status).toBe(422);
    expect(long.body.errors.reason.code).toBe('0x4010');

    const notArray = await manager.post('/conversions/status', { ids: conv.id, status: 'approved' });
    expect(notArray.status).toBe(422);
    expect(notArray.body.errors.ids.code).toBe('0x4010');

    // A malformed id is answered on its own, as unknown; the call changes nothing else.
    const malformed = await manager.post('/conversions/status', { ids: ['not-a-uuid'], status: 'approved' });
    expect(malformed.status).toBe(200);
    expect(malformed.body.data.results).toEqual([
      {
        id: 'not-a-uuid',
        outcome: 'unknown',
        previous_status: null,
        status: null,
        message: 'No conversion has this id.',
      },
    ]);

    const huge = await hugeBody(adminPath('/conversions/status'), {
      'content-type': 'application/json',
      authorization: `Bearer ${jwt}`,
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toEqual({ code: '0x4130', message: 'The request body is too large.' });
    expect(huge.sent).toBeLessThan(FIFTY_MB / 10);

    // Only the call that changed nothing is in the audit log (who asked, and that nothing changed).
    expect(await recorded()).toEqual({ ...before, audit: before.audit + 1 });
  });

  it('conversions/reconcile: each bad row coded with its field; a malformed file and a 50 MB body refused whole', async () => {
    const before = await recorded();
    const csv = [
      'tid,status,reason',
      `${conv.tid},maybe,`,
      `${conv.tid},rejected,${'x'.repeat(1001)}`,
      'not-a-tid,approved,',
      `${conv.tid}`,
      `${conv.tid},rejected,`,
    ].join('\n');
    for (const apply of [false, true]) {
      const r = await manager.post('/conversions/reconcile', { csv, apply });
      expect(r.status).toBe(200);
      expect(
        r.body.data.rows.map((row: { line: number; outcome: string; code: string; message: string }) => [
          row.line,
          row.outcome,
          row.code,
          row.message,
        ]),
      ).toEqual([
        [2, 'invalid', '0x4010', 'status: "maybe" is not approved or rejected.'],
        [3, 'invalid', '0x4010', 'reason: at most 1000 characters.'],
        [4, 'invalid', '0x4010', 'tid: a tid is a UUID.'],
        [5, 'invalid', '0x4001', 'status: approved or rejected is required.'],
        [6, 'invalid', '0x4001', 'reason: a rejection needs a reason.'],
      ]);
      expect(r.body.data.summary).toMatchObject({ rows: 5, invalid: 5, changed: 0, would_change: 0 });
    }
    // The applied file is kept with its outcome (and both calls audited); the conversion is as it was.
    const afterRows = await recorded();
    expect(afterRows).toEqual({ ...before, files: before.files + 1, audit: before.audit + 2 });

    const unclosed = await manager.post('/conversions/reconcile', {
      csv: `tid,status\n${conv.tid},approved\n"${conv.tid},approved`,
      apply: true,
    });
    expect(unclosed.status).toBe(422);
    expect(unclosed.body.errors.csv).toMatchObject({ code: '0x4010', message: expect.stringMatching(/^Line 3: /) });
    const notText = await manager.post('/conversions/reconcile', { csv: 42, apply: true });
    expect(notText.status).toBe(422);
    expect(notText.body.errors.csv.code).toBe('0x4010');

    const huge = await hugeBody(adminPath('/conversions/reconcile'), {
      'content-type': 'application/json',
      authorization: `Bearer ${jwt}`,
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toEqual({ code: '0x4130', message: 'The request body is too large.' });
    expect(huge.sent).toBeLessThan(FIFTY_MB / 10);
    expect(await recorded()).toEqual(afterRows);
  });

  it('/postback/status: an unknown status, a reason too long, a malformed tid, a 50 MB body', async () => {
    const before = await recorded();
    const base = { token: offer.token, tid: conv.tid };
    for (const method of ['GET', 'POST'] as const) {
      expect(await statusCall({ ...base, status: 'maybe' }, method)).toEqual({
        status: 422,
        body: { error: { code: '0x4220', message: 'status must be approved or rejected.' }, reason: 'bad_request' },
      });
      expect(await statusCall({ ...base, status: 'rejected', reason: 'x'.repeat(1001) }, method)).toEqual({
        status: 422,
        body: { error: { code: '0x4220', message: 'reason: at most 1000 characters.' }, reason: 'bad_request' },
      });
      expect(await statusCall({ token: offer.token, tid: 'not-a-tid', status: 'approved' }, method)).toMatchObject({
        status: 404,
        body: { reason: 'unknown_conversion' },
      });
    }
    for (const type of ['application/x-www-form-urlencoded', 'application/json']) {
      const huge = await hugeBody('/postback/status', { 'content-type': type });
      expect(huge.status).toBe(413);
      expect(huge.body.error.code).toBe('0x4130');
      expect(huge.sent).toBeLessThan(FIFTY_MB / 10);
    }
    expect(await recorded()).toEqual(before);
  });
});
