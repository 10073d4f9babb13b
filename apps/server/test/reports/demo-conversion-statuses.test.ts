import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { login } from '../helpers/factories.ts';
import { signedInOperator, type AdminClient } from '../helpers/operator-factories.ts';
import { allPages } from './report-fixtures.ts';
import { seedDemoNetwork } from '../../src/seed/demo-seed.ts';
import { DEMO_CHARGEBACK_REASON } from '../../src/seed/demo-billing.ts';
import { APPLICATION_REJECTIONS, ARRIVAL_REJECTION, ORDER_REJECTIONS } from '../../src/seed/demo-statuses.ts';

/**
 * The demo network shows the money workflow (docs/demo-network.md, docs/money.md): an offer holding
 * its conversions, one approving them by hand, both the demo publisher's, with pending, approved and
 * rejected conversions (with their reasons) in the publisher's Conversions report, each decision in
 * the conversion's history under who made it.
 */

const DAY_MS = 86_400_000;
const HOLD = 'Northwind Outlet Orders';
const MANUAL = 'Bluepeak Premium Card';

interface Row {
  conversion_id: string;
  offer_id: number;
  offer_name: string;
  status: string;
  status_reason: string | null;
  earnings: number;
}

let t: TestApp;
let token: string;
let ops: AdminClient;
const offerIds: Record<string, number> = {};
let rows: Row[] = [];
/** The last 35 days in the demo user's time zone, today included. */
const today = new Date().toLocaleDateString('en-CA', { timeZone: 'America/Toronto' });
const range = {
  start: new Date(Date.parse(`${today}T00:00:00Z`) - 35 * DAY_MS).toISOString().slice(0, 10),
  end: today,
};

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoNetwork(t.app.ctx);
  token = await login(t, { email: 'demo@portal.test', password: 'demo-password' });
  ops = (await signedInOperator(t, 'viewer')).api;
  const offers = await allPages<{ offer_id: number; name: string }>(
    t,
    '/offer-list',
    { filters: {}, limit: 100 },
    token,
  );
  for (const name of [HOLD, MANUAL]) offerIds[name] = offers.rows.find((o) => o.name === name)?.offer_id ?? 0;
  rows = (
    await allPages<Row>(
      t,
      '/report/conversion',
      { filters: { date_range: range, offer_id: Object.values(offerIds) }, limit: 100 },
      token,
    )
  ).rows;
}, 240_000);

afterAll(async () => {
  await t?.close();
});

describe('the demo network’s money workflow', () => {
  it('grants the demo publisher an offer holding conversions 7 days and one approving them by hand', async () => {
    expect(offerIds[HOLD]).toBeGreaterThan(0);
    expect(offerIds[MANUAL]).toBeGreaterThan(0);
    const hold = await ops.get(`/offers/${offerIds[HOLD]}`);
    expect(hold.status).toBe(200);
    expect(hold.body.data).toMatchObject({ conversion_approval: 'hold', hold_days: 7 });
    const manual = await ops.get(`/offers/${offerIds[MANUAL]}`);
    expect(manual.body.data).toMatchObject({ conversion_approval: 'manual', hold_days: null });
  });

  it('shows the publisher pending, approved and rejected conversions, a rejected one with its reason', () => {
    const on = (name: string, status: string) => rows.filter((r) => r.offer_name === name && r.status === status);
    for (const name of [HOLD, MANUAL])
      for (const status of ['pending', 'approved', 'rejected'])
        expect(on(name, status).length, `${name} ${status}`).toBeGreaterThan(0);
    // Reasons of the rejected; none for the others (a pending one says no more than "pending").
    for (const r of on(HOLD, 'rejected')) expect(ORDER_REJECTIONS).toContain(r.status_reason);
    for (const r of on(MANUAL, 'rejected'))
      expect([...APPLICATION_REJECTIONS, ARRIVAL_REJECTION]).toContain(r.status_reason);
    for (const r of rows.filter((x) => x.status !== 'rejected')) expect(r.status_reason).toBeNull();
    expect(new Set(rows.map((r) => r.status_reason))).toContain('Order cancelled by the customer');
    for (const r of rows) expect(Object.keys(r)).not.toContain('flags');
  });

  it('counts only the approved ones, and says what is pending in the report totals', async () => {
    const totals = await t.post(
      '/report-total/daily',
      { filters: { date_range: range, offer_id: [offerIds[MANUAL]] } },
      { token },
    );
    expect(totals.status).toBe(200);
    const manual = rows.filter((r) => r.offer_name === MANUAL);
    const approved = manual.filter((r) => r.status === 'approved');
    const pending = manual.filter((r) => r.status === 'pending');
    expect(totals.body.data).toMatchObject({
      conversions: approved.length,
      pending_conversions: pending.length,
    });
    expect(totals.body.data.earnings).toBeCloseTo(
      approved.reduce((s, r) => s + r.earnings, 0),
      2,
    );
  });

  it('keeps each decision in the history under who made it: the advertiser, the operator, the hold’s end', async () => {
    const history = async (r: Row) => {
      const d = await ops.get(`/conversions/${r.conversion_id}`);
      expect(d.status).toBe(200);
      return d.body.data.history as { from_status: string; to_status: string; actor_kind: string; reason: string }[];
    };
    const pick = (name: string, status: string, reason?: string) =>
      rows.find((r) => r.offer_name === name && r.status === status && (!reason || r.status_reason === reason))!;

    const cancelled = await history(pick(HOLD, 'rejected'));
    expect(cancelled.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'rejected', actor_kind: 'advertiser' });
    const held = await history(pick(HOLD, 'approved'));
    expect(held.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'approved', actor_kind: 'hold_expiry' });
    const card = await history(pick(MANUAL, 'approved'));
    expect(card.at(-1)).toMatchObject({ from_status: 'pending', to_status: 'approved', actor_kind: 'operator' });
    const declined = rows.find(
      (r) => r.offer_name === MANUAL && r.status === 'rejected' && r.status_reason !== ARRIVAL_REJECTION,
    )!;
    expect((await history(declined)).at(-1)).toMatchObject({ to_status: 'rejected', actor_kind: 'operator' });

    // A held one's hold ends in the future, more than a day after the seed.
    const list = await ops.post('/conversions', {
      filters: { status: 'pending', offer_id: offerIds[HOLD] },
      limit: 100,
    });
    expect(list.status).toBe(200);
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const c of list.body.data) expect(Date.parse(c.approve_after)).toBeGreaterThan(Date.now() + DAY_MS);
  });

  it('shows a chargeback after its month was invoiced as an adjustment line of the open invoice, by the operator', async () => {
    const list = await t.post('/invoice-list', {}, { token });
    const [open, waiting] = list.body.data as { id: number; status: string; date_range_start: string }[];
    expect([open!.status, waiting!.status]).toEqual(['generated', 'request_payment']);
    const month = waiting!.date_range_start.slice(0, 7);
    const one = await t.post('/invoice', { id: open!.id }, { token });
    const line = one.body.items.find((i: { kind: string }) => i.kind === 'adjustment');
    expect(line).toMatchObject({
      payed_actions: -1,
      name: expect.stringMatching(new RegExp(`^Reversed: .+ \\(${month}\\)$`)),
    });
    expect(line.total).toBeLessThan(0);
    const sum = one.body.items.reduce((s: number, i: { total: number }) => s + Math.round(i.total * 100), 0);
    expect(sum).toBe(Math.round(one.body.invoice.payout_total * 100));
    const reversed = await ops.post('/conversions', { filters: { status: 'reversed' }, limit: 10 });
    expect(reversed.body.data).toHaveLength(1);
    expect(reversed.body.data[0]).toMatchObject({ status_reason: DEMO_CHARGEBACK_REASON, payout: -line.total });
    const history = (await ops.get(`/conversions/${reversed.body.data[0].id}`)).body.data.history;
    expect(history.at(-1)).toMatchObject({ from_status: 'approved', to_status: 'reversed', actor_kind: 'operator' });
  });
});
