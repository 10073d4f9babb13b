import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetch } from 'undici';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { auditRows, signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import {
  clearTrackingCache,
  click,
  convert,
  createTrackedOffer,
  createTrackingAdvertiser,
  createTrackingPostback,
  trackingClient,
  type TrackedOffer,
} from '../helpers/tracking-factories.ts';
import { endHolds } from '../../src/modules/conversions/conversions.jobs.ts';

/**
 * Conversion statuses (docs/money.md): how a conversion arrives (the offer's approval, fraud flags,
 * the advertiser's status), the operator's approve/reject (one or many) and reconciliation, the
 * advertiser's /postback/status, the hold's end, the rollups, history, audit and postbacks.
 */
describe('Conversion statuses', () => {
  let t: TestApp;
  let manager: AdminClient;
  let viewer: AdminClient;
  let pub: { publisherId: number; token: string };
  let geoFile: string;
  let n = 0;

  beforeAll(async () => {
    geoFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'geo-')), 'ranges.csv');
    fs.writeFileSync(geoFile, 'start,end,country\n81.2.69.0,81.2.69.255,GB\n8.8.8.0,8.8.8.255,US\n');
    t = await createTestApp(
      { TRUST_PROXY: 'true', GEO_IP_COUNTRY_FILE: geoFile, ...(process.env['DEBUG_T'] ? { LOG_LEVEL: 'error' } : {}) },
      process.env['DEBUG_T'] ? { logStream: process.stderr } : {},
    );
    manager = (await signedInOperator(t, 'manager')).api;
    viewer = (await signedInOperator(t, 'viewer')).api;
    const p = await createPublisher(t, { name: 'Status Media' });
    pub = { publisherId: p.publisherId, token: await login(t, p) };
  }, 60_000);
  afterAll(() => t?.close());

  const today = () => new Date().toISOString().slice(0, 10);
  const totals = async () => {
    const r = await t.post(
      '/report-total/daily',
      { filters: { date_range: { start: today(), end: today() } } },
      { token: pub.token },
    );
    expect(r.status).toBe(200);
    return { conversions: r.body.data.conversions as number, earnings: r.body.data.earnings as number };
  };
  const offerWith = async (
    approval: 'auto' | 'hold' | 'manual',
    extra: { hold_days?: number; min_ctit_seconds?: number; geos?: string[]; payout?: number } = {},
  ) => {
    const o = await createTrackedOffer(t, {
      name: `Offer ${approval} ${++n}`,
      payout: extra.payout ?? 10,
      revenue: 15,
    });
    await t.app.ctx.db
      .updateTable('offers')
      .set({
        conversion_approval: approval,
        hold_days: approval === 'hold' ? (extra.hold_days ?? 7) : null,
        min_ctit_seconds: extra.min_ctit_seconds ?? 0,
        geos: extra.geos ?? [],
      })
      .where('id', '=', o.offerId)
      .execute();
    clearTrackingCache(t);
    return o;
  };
  /** A click from `ip` and its conversion; answers the tid and the conversion call's answer. */
  const clickAndConvert = async (
    o: TrackedOffer,
    params: Record<string, string> = {},
    ip = `10.0.${n}.${Math.floor(Math.random() * 200) + 1}`,
  ) => {
    const c = await click(t, o.offerId, pub.publisherId, {}, { 'x-forwarded-for': ip });
    expect(c.status).toBe(302);
    const tid = new URL(c.location!).searchParams.get('tid') ?? c.tid!;
    const r = await convert(t, { tid, token: o.token, ...params });
    if (process.env['DEBUG_T']) console.log(JSON.stringify({ c, r: r.body }));
    return { tid, r };
  };
  const conversionOf = async (tid: string) => {
    const r = await manager.post('/conversions', { filters: { tid } });
    expect(r.status).toBe(200);
    return r.body.data[0];
  };

  it('a manual offer: pending (not counted), approved by an operator (counted), history and audit kept', async () => {
    const o = await offerWith('manual', { payout: 7 });
    const before = await totals();
    const { tid, r } = await clickAndConvert(o);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ success: true, status: 'pending' });
    const conv = await conversionOf(tid);
    expect(conv).toMatchObject({ status: 'pending', flags: [], approve_after: null, status_reason: null });
    expect(await totals()).toEqual(before);
    const pending = await manager.post('/conversions', { filters: { status: 'pending', offer_id: o.offerId } });
    expect(pending.body.data.map((c: any) => c.id)).toEqual([conv.id]);

    // A viewer may not; a rejection needs a reason; nothing selected is a field error.
    expect((await viewer.post('/conversions/status', { ids: [conv.id], status: 'approved' })).status).toBe(403);
    const noReason = await manager.post('/conversions/status', { ids: [conv.id], status: 'rejected', reason: ' ' });
    expect(noReason.status).toBe(422);
    expect(noReason.body.errors.reason.code).toBe('0x4001');
    expect((await manager.post('/conversions/status', { ids: [], status: 'approved' })).body.errors.ids.code).toBe(
      '0x4013',
    );
    // Up to 1,000 ids at a time; more is a coded field error, and nothing changes.
    const tooMany = await manager.post('/conversions/status', { ids: Array(1001).fill(conv.id), status: 'approved' });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.ids).toEqual({ code: '0x4010', message: 'At most 1,000 conversions at a time.' });
    expect(await conversionOf(tid)).toMatchObject({ status: 'pending' });
    const unknownIds = Array.from({ length: 1000 }, (_, i) => `00000000-0000-7000-8000-${String(i).padStart(12, '0')}`);
    const thousand = await manager.post('/conversions/status', { ids: unknownIds, status: 'approved' });
    expect(thousand.status).toBe(200);
    expect(thousand.body.data.counts).toEqual({ changed: 0, unchanged: 0, unknown: 1000, not_allowed: 0 });
    expect((await manager.post('/conversions/status', { ids: [conv.id], status: 'pending' })).status).toBe(422);

    const ok = await manager.post('/conversions/status', {
      ids: [conv.id, '00000000-0000-7000-8000-000000000000', 'nonsense'],
      status: 'approved',
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.counts).toEqual({ changed: 1, unchanged: 0, unknown: 2, not_allowed: 0 });
    expect(ok.body.data.results[0]).toEqual({
      id: conv.id,
      outcome: 'changed',
      previous_status: 'pending',
      status: 'approved',
      message: null,
    });
    const after = await totals();
    expect(after.conversions).toBe(before.conversions + 1);
    expect(after.earnings).toBeCloseTo(before.earnings + 7, 4);

    // Again: unchanged, nothing counted twice.
    const again = await manager.post('/conversions/status', { ids: [conv.id], status: 'approved' });
    expect(again.body.data.results[0].outcome).toBe('unchanged');
    expect((await totals()).conversions).toBe(after.conversions);

    // Rejected with a reason: out of the totals; approved again (a correction): back in.
    const rej = await manager.post('/conversions/status', {
      ids: [conv.id],
      status: 'rejected',
      reason: 'Duplicate lead',
    });
    expect(rej.body.data.results[0]).toMatchObject({ outcome: 'changed', previous_status: 'approved' });
    expect((await totals()).conversions).toBe(before.conversions);
    expect(await conversionOf(tid)).toMatchObject({ status: 'rejected', status_reason: 'Duplicate lead' });
    await manager.post('/conversions/status', { ids: [conv.id], status: 'approved' });
    expect((await totals()).conversions).toBe(before.conversions + 1);

    const detail = await viewer.get(`/conversions/${conv.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.history.map((h: any) => [h.from_status, h.to_status, h.actor_kind, h.reason])).toEqual([
      [null, 'pending', 'engine', 'Waiting for approval'],
      ['pending', 'approved', 'operator', null],
      ['approved', 'rejected', 'operator', 'Duplicate lead'],
      ['rejected', 'approved', 'operator', null],
    ]);
    expect((await viewer.get('/conversions/00000000-0000-7000-8000-000000000000')).status).toBe(404);
    const audit = (await auditRows(t)).filter((a) => a.object_id === conv.id);
    expect(audit.map((a) => a.action)).toEqual(['conversion.approve', 'conversion.reject', 'conversion.approve']);
    expect(audit[1]).toMatchObject({ reason: 'Duplicate lead' });

    // Reversed: final for everyone.
    expect((await manager.post(`/conversions/${conv.id}/reverse`, { reason: 'Chargeback' })).status).toBe(200);
    expect((await totals()).conversions).toBe(before.conversions);
    const final = await manager.post('/conversions/status', { ids: [conv.id], status: 'approved' });
    expect(final.body.data.results[0]).toMatchObject({ outcome: 'not_allowed', status: 'reversed' });
    expect(final.body.data.results[0].message).toMatch(/final/);
  });

  it('a held offer: pending until its hold ends, then approved by the job; a flagged one waits for a person', async () => {
    const o = await offerWith('hold', { hold_days: 7, min_ctit_seconds: 3600 });
    const before = await totals();
    const { tid } = await clickAndConvert(o);
    const conv = await conversionOf(tid);
    // Converted a second after its click: under the offer's minimum, so flagged.
    expect(conv).toMatchObject({ status: 'pending', flags: ['short_ctit'] });
    expect(Date.parse(conv.approve_after)).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);

    await t.app.ctx.db.updateTable('offers').set({ min_ctit_seconds: 0 }).where('id', '=', o.offerId).execute();
    clearTrackingCache(t);
    const clean = await clickAndConvert(o);
    expect(clean.r.body.status).toBe('pending');
    const cleanConv = await conversionOf(clean.tid);
    expect(cleanConv.flags).toEqual([]);

    expect(await endHolds(t.app.ctx, new Date())).toBe(0);
    expect(await endHolds(t.app.ctx, new Date(Date.now() + 8 * 86_400_000))).toBe(1);
    expect(await endHolds(t.app.ctx, new Date(Date.now() + 8 * 86_400_000))).toBe(0);
    expect(await conversionOf(clean.tid)).toMatchObject({ status: 'approved', approve_after: null });
    expect(await conversionOf(tid)).toMatchObject({ status: 'pending' });
    const history = (await manager.get(`/conversions/${cleanConv.id}`)).body.data.history;
    expect(history.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'approved', actor_kind: 'hold_expiry' });
    expect((await totals()).conversions).toBe(before.conversions + 1);
  });

  it('fraud flags: outside the regions, a second conversion from one address; none shown to the publisher', async () => {
    const o = await offerWith('auto', { geos: ['US'] });
    const gb = await clickAndConvert(o, {}, '81.2.69.160');
    expect(gb.r.body.status).toBe('pending');
    expect((await conversionOf(gb.tid)).flags).toEqual(['outside_regions']);
    const us1 = await clickAndConvert(o, {}, '8.8.8.8');
    expect(us1.r.body.status).toBe('approved');
    const us2 = await clickAndConvert(o, {}, '8.8.8.8');
    expect(us2.r.body.status).toBe('pending');
    expect((await conversionOf(us2.tid)).flags).toEqual(['repeat_address']);
  });

  it("the advertiser's status on its conversion call", async () => {
    const o = await offerWith('auto');
    const rejected = await clickAndConvert(o, { status: 'rejected', reason: 'Test order' });
    expect(rejected.r.body.status).toBe('rejected');
    expect(await conversionOf(rejected.tid)).toMatchObject({ status: 'rejected', status_reason: 'Test order' });
    const pending = await clickAndConvert(o, { status: 'PENDING' });
    expect(pending.r.body.status).toBe('pending');
    const bad = await clickAndConvert(o, { status: 'maybe' });
    expect(bad.r.status).toBe(422);
    expect(bad.r.body).toMatchObject({ error: { code: '0x4220' }, reason: 'bad_request' });
    const manual = await offerWith('manual');
    const approved = await clickAndConvert(manual, { status: 'approved' });
    expect(approved.r.body.status).toBe('approved');
  });

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

  it('/postback/status: by tid or order id; 404 unknown, 403 another advertiser’s, 409 reversed', async () => {
    const o = await offerWith('manual', { payout: 4 });
    const { tid } = await clickAndConvert(o, { adv_transaction_id: 'ORD-S-1' });
    const conv = await conversionOf(tid);
    const ok = await statusCall({ token: o.token, tid, status: 'approved' });
    expect(ok).toEqual({
      status: 200,
      body: { success: true, conversion_id: conv.id, status: 'approved', previous_status: 'pending' },
    });
    const same = await statusCall({ token: o.token, tid, status: 'approved' });
    expect(same.body).toMatchObject({ status: 'approved', previous_status: 'approved' });
    const noReason = await statusCall({ token: o.token, adv_transaction_id: 'ORD-S-1', status: 'rejected' });
    expect(noReason.status).toBe(422);
    const byOrder = await statusCall(
      { token: o.token, adv_transaction_id: 'ORD-S-1', status: 'rejected', reason: 'Refunded' },
      'POST',
    );
    expect(byOrder.body).toMatchObject({ status: 'rejected', previous_status: 'approved' });
    expect(await conversionOf(tid)).toMatchObject({ status: 'rejected', status_reason: 'Refunded' });

    expect(
      (await statusCall({ token: o.token, tid: '00000000-0000-7000-8000-000000000000', status: 'approved' })).status,
    ).toBe(404);
    expect((await statusCall({ token: o.token, tid: 'junk', status: 'approved' })).status).toBe(404);
    const other = await createTrackingAdvertiser(t);
    const forbidden = await statusCall({ token: other.token, tid, status: 'approved' });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.code).toBe('0x4030');
    const badToken = await statusCall({ token: 'nope', tid, status: 'approved' });
    expect(badToken.status).toBe(403);
    expect((await statusCall({ tid, status: 'approved' })).status).toBe(401);
    expect((await statusCall({ token: o.token, tid, status: 'reversed' })).status).toBe(422);

    await statusCall({ token: o.token, tid, status: 'approved' });
    expect((await manager.post(`/conversions/${conv.id}/reverse`, { reason: 'Chargeback' })).status).toBe(200);
    const reversed = await statusCall({ token: o.token, tid, status: 'approved' });
    expect(reversed.status).toBe(409);
    expect(reversed.body).toMatchObject({ error: { code: '0x4090' }, reason: 'reversed' });
    const history = (await manager.get(`/conversions/${conv.id}`)).body.data.history;
    expect(history.map((h: any) => h.actor_kind)).toEqual([
      'engine',
      'advertiser',
      'advertiser',
      'advertiser',
      'operator',
    ]);
  });

  it('reconciliation: a preview of every row, then applied, the file and its outcome kept', async () => {
    const o = await offerWith('manual', { payout: 3 });
    const a = await clickAndConvert(o, { adv_transaction_id: 'REC-1', amount: '10' });
    const b = await clickAndConvert(o, { adv_transaction_id: 'REC-2' });
    const c = await clickAndConvert(o);
    const convC = await conversionOf(c.tid);
    await manager.post(`/conversions/status`, { ids: [convC.id], status: 'approved' });
    await manager.post(`/conversions/${convC.id}/reverse`, { reason: 'Chargeback' });
    const csv = [
      'order_id,tid,status,reason,amount',
      'REC-1,,approved,,99',
      `,${b.tid},rejected,"Fraud, confirmed",`,
      `,${c.tid},approved,,`,
      'NOPE,,approved,,',
      ',,approved,,',
      'REC-2,,maybe,,',
      'REC-2,,rejected,,',
      `,${b.tid},approved,,`,
    ].join('\r\n');

    expect((await viewer.post('/conversions/reconcile', { csv, apply: false })).status).toBe(403);
    const preview = await manager.post('/conversions/reconcile', { csv, apply: false });
    expect(preview.status).toBe(200);
    const outcomes = preview.body.data.rows.map((r: any) => [r.line, r.outcome, r.code]);
    expect(outcomes).toEqual([
      [2, 'would_change', null],
      [3, 'would_change', null],
      [4, 'not_allowed', null],
      [5, 'unknown', null],
      [6, 'invalid', '0x4001'],
      [7, 'invalid', '0x4010'],
      [8, 'invalid', '0x4001'],
      [9, 'invalid', '0x4015'],
    ]);
    expect(preview.body.data.rows[0].message).toMatch(/amount 99 differs/);
    expect(preview.body.data).toMatchObject({ reconciliation_id: null, applied: false });
    expect(await conversionOf(a.tid)).toMatchObject({ status: 'pending' });
    expect(await t.app.ctx.db.selectFrom('conversion_reconciliations').selectAll().execute()).toHaveLength(0);

    const applied = await manager.post('/conversions/reconcile', { csv, apply: true, file_name: 'adv-nov.csv' });
    expect(applied.status).toBe(200);
    expect(applied.body.data.summary).toMatchObject({ rows: 8, changed: 2, not_allowed: 1, unknown: 1, invalid: 4 });
    expect(await conversionOf(a.tid)).toMatchObject({ status: 'approved' });
    expect(await conversionOf(b.tid)).toMatchObject({ status: 'rejected', status_reason: 'Fraud, confirmed' });
    const kept = await t.app.ctx.db.selectFrom('conversion_reconciliations').selectAll().execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ id: applied.body.data.reconciliation_id, file_name: 'adv-nov.csv', csv, rows: 8 });
    const history = (await manager.get(`/conversions/${(await conversionOf(a.tid)).id}`)).body.data.history;
    expect(history.at(-1)).toMatchObject({ actor_kind: 'reconciliation', to_status: 'approved' });
    expect((await auditRows(t))[0]).toMatchObject({ action: 'conversion.reconcile' });

    // Applying it again changes nothing.
    const again = await manager.post('/conversions/reconcile', { csv, apply: true });
    expect(again.body.data.summary).toMatchObject({ changed: 0, unchanged: 2 });

    // The kept files, newest first, for every operator: who, when, the name and the counts.
    const kept2 = await viewer.post('/conversions/reconciliations', {});
    expect(kept2.status).toBe(200);
    expect(kept2.body.data.map((r: any) => r.id)).toEqual([
      again.body.data.reconciliation_id,
      applied.body.data.reconciliation_id,
    ]);
    expect(kept2.body.data[1]).toEqual({
      id: applied.body.data.reconciliation_id,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      actor: expect.stringContaining('@'),
      file_name: 'adv-nov.csv',
      summary: applied.body.data.summary,
    });
    expect(kept2.body.data[0].file_name).toBeNull();
    const first = await viewer.post('/conversions/reconciliations', { limit: 1 });
    expect(first.body.data).toHaveLength(1);
    const second = await viewer.post('/conversions/reconciliations', { limit: 1, cursor: first.body.cursor.next });
    expect(second.body.data.map((r: any) => r.id)).toEqual([applied.body.data.reconciliation_id]);
    expect(second.body.cursor.next).toBeNull();
    const badCursor = await viewer.post('/conversions/reconciliations', { cursor: 'nonsense' });
    expect(badCursor.status).toBe(422);
    expect(badCursor.body.errors.cursor.code).toBe('0x4010');

    // Malformed files.
    const noHeader = await manager.post('/conversions/reconcile', { csv: 'a,b\n1,2', apply: false });
    expect(noHeader.status).toBe(422);
    expect(noHeader.body.errors.csv.code).toBe('0x4001');
    const open = await manager.post('/conversions/reconcile', { csv: 'tid,status\n"abc,approved', apply: false });
    expect(open.body.errors.csv).toMatchObject({ code: '0x4010', message: expect.stringMatching(/^Line 2/) });
    const tooLarge = await manager.post('/conversions/reconcile', { csv: 'x'.repeat(5_000_001), apply: false });
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.errors.csv).toEqual({
      code: '0x4010',
      message: 'The file is too large: at most 5,000,000 characters.',
    });
    const huge = await manager.post('/conversions/reconcile', { csv: 'x'.repeat(6_000_000), apply: false });
    expect(huge.status).toBe(413);
  });

  it('postbacks that opted in are told of every status change, with {conversion_status} and {status_reason}', async () => {
    const o = await offerWith('manual');
    const optedIn = await createTrackingPostback(t, pub.publisherId, {
      value: 'https://receiver.example/s?id={conversion_id}&st={conversion_status}&why={status_reason}',
      offer_id: o.offerId,
    });
    await t.app.ctx.db
      .updateTable('postbacks')
      .set({ send_on_status_change: true })
      .where('id', '=', optedIn)
      .execute();
    const plain = await createTrackingPostback(t, pub.publisherId, {
      value: 'https://receiver.example/p?id={conversion_id}&st={conversion_status}',
      offer_id: o.offerId,
    });
    const { tid } = await clickAndConvert(o);
    const conv = await conversionOf(tid);
    await manager.post('/conversions/status', { ids: [conv.id], status: 'rejected', reason: 'Bad lead' });
    await manager.post('/conversions/status', { ids: [conv.id], status: 'approved' });
    const deliveries = await t.app.ctx.db
      .selectFrom('postback_deliveries')
      .select(['postback_id', 'url', 'event_key'])
      .where('conversion_id', '=', conv.id)
      .orderBy('id')
      .execute();
    expect(deliveries.filter((d) => d.postback_id === plain).map((d) => d.url)).toEqual([
      `https://receiver.example/p?id=${conv.id}&st=pending`,
    ]);
    expect(deliveries.filter((d) => d.postback_id === optedIn).map((d) => d.url)).toEqual([
      `https://receiver.example/s?id=${conv.id}&st=pending&why=`,
      `https://receiver.example/s?id=${conv.id}&st=rejected&why=Bad%20lead`,
      `https://receiver.example/s?id=${conv.id}&st=approved&why=`,
    ]);
    expect(new Set(deliveries.map((d) => d.event_key)).size).toBe(deliveries.length);
  });
});
