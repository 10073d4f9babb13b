import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';
import { Cluster } from '../helpers/cluster.ts';
import { createPublisher, login } from '../helpers/factories.ts';
import { adminPath, createOperator } from '../helpers/operator-factories.ts';
import { createOffer, insertClicks, insertConversion, type OfferFixture } from '../reports/report-fixtures.ts';
import { endHolds } from '../../src/modules/conversions/conversions.jobs.ts';
import { lastClosedMonth, monthBounds } from '../../src/modules/invoices/invoices.service.ts';

/**
 * The money's races (docs/money.md): two server processes of the production bundle on one
 * PostgreSQL database, and this test's own process as a third, while the console's bulk approve and
 * reject, a reconciliation file's apply, the end of holds (`conversion-holds`' work) and invoice
 * generation all run at once on the same conversions of the last closed month. Afterwards every
 * conversion is counted once: its history is one unbroken chain of changes (no transition twice),
 * and each publisher's invoice, its adjustments and its reports come to its approved payouts.
 */
const onPostgres = testDbKind() === 'postgres';
const title = onPostgres
  ? 'money races: two processes on one PostgreSQL database'
  : 'money races: PostgreSQL only (PGlite is embedded in one process, there is nothing to share)';

const PUBLISHERS = 3;
const PER_PUBLISHER = 80;
const ROUNDS = 3;

interface Conv {
  id: string;
  tid: string;
  publisherId: number;
  payout: number;
  initial: 'approved' | 'pending';
  i: number;
}

describe.skipIf(!onPostgres)(title, () => {
  let t: TestApp;
  let cluster: Cluster;
  let offer: OfferFixture;
  let jwt: string;
  const month = lastClosedMonth();
  const { start, end } = monthBounds(month);

  beforeAll(async () => {
    t = await createTestApp();
    cluster = new Cluster({
      entry: inject('serverBundle'),
      databaseUrl: t.app.ctx.config.DATABASE_URL!,
      env: {
        DEMO_SEED: 'false',
        // Invoices and holds are started by the test, at the same moment as the rest.
        DISABLED_JOBS: 'monthly-invoices,conversion-holds',
        MINIMUM_PAYOUT_USD: '0',
        DATABASE_POOL_SIZE: '6',
      },
    });
    await cluster.start(2);
    await cluster.waitHealthy();
    const op = await createOperator(t, { role: 'manager' });
    const r = await fetch(`${cluster.members[0]!.origin}${adminPath('/auth/login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: op.email, password: op.password }),
    });
    expect(r.status).toBe(200);
    jwt = ((await r.json()) as { data: { jwt: string } }).data.jwt;
    offer = await createOffer(t, 'Raced Offer');
  }, 120_000);

  afterAll(async () => {
    await cluster?.stop();
    await t?.close();
  });

  const admin = async (member: number, path: string, body: unknown) => {
    const r = await fetch(`${cluster.members[member]!.origin}${adminPath(path)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${jwt}` },
      body: JSON.stringify(body),
    });
    const answer = (await r.json()) as { data: any };
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${JSON.stringify(answer)}`);
    return answer.data;
  };

  /** A publisher's conversions in the month: one in four approved, the others held and due. */
  async function conversionsOf(publisherId: number, round: number): Promise<Conv[]> {
    const out: Conv[] = [];
    const clicks = await insertClicks(
      t,
      Array.from({ length: PER_PUBLISHER }, (_, i) => ({
        at: new Date(Date.parse(`${start}T00:00:00Z`) + (i + 1) * 3_600_000 * 7),
        publisherId,
        offerId: offer.offerId,
        landingPageId: offer.landingPageIds[0]!,
      })),
    );
    for (const [i, click] of clicks.entries()) {
      const initial = i % 4 === 0 ? 'approved' : 'pending';
      // Each payout its own number of cents, so a conversion counted twice or lost shows in the sum.
      const payout = Math.round((1 + round + i * 0.37 + publisherId * 0.01) * 100) / 100;
      const id = await insertConversion(t, {
        at: new Date(click.at.getTime() + 60_000),
        click,
        eventId: offer.events.conversion,
        eventType: 'conversion',
        payout,
        status: initial,
      });
      out.push({ id, tid: click.id, publisherId, payout, initial, i });
    }
    return out;
  }

  it('bulk approve and reject on both processes, a reconciliation, the end of holds and invoice generation at once: each conversion counted once', async () => {
    const all: Conv[] = [];
    const publishers: { publisherId: number; token: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const convs: Conv[] = [];
      for (let p = 0; p < PUBLISHERS; p++) {
        const pub = await createPublisher(t, { name: `Raced Media ${round}.${p}` });
        publishers.push({ publisherId: pub.publisherId, token: await login(t, pub) });
        convs.push(...(await conversionsOf(pub.publisherId, round)));
      }
      all.push(...convs);
      // Every pending one is due at the end of its hold.
      await t.app.ctx.db
        .updateTable('conversions')
        .set({ approve_after: new Date(Date.now() - 60_000) })
        .where(
          'id',
          'in',
          convs.filter((c) => c.initial === 'pending').map((c) => c.id),
        )
        .execute();

      const ids = (f: (c: Conv) => boolean) => convs.filter(f).map((c) => c.id);
      const csv = [
        'tid,status,reason',
        ...convs.flatMap((c) =>
          c.i % 7 === 0
            ? [`${c.tid},approved,`]
            : c.i % 11 === 0
              ? [`${c.tid},rejected,Not in the advertiser's file`]
              : [],
        ),
      ].join('\n');
      const results = await Promise.all([
        admin(0, '/conversions/status', { ids: ids((c) => c.i % 3 === 0), status: 'approved' }),
        admin(1, '/conversions/status', { ids: ids((c) => c.i % 2 === 0), status: 'approved' }),
        admin(1, '/conversions/status', { ids: ids((c) => c.i % 5 === 0), status: 'rejected', reason: 'Fraud' }),
        admin(0, '/conversions/reconcile', { csv, apply: true, file_name: `round-${round}.csv` }),
        endHolds(t.app.ctx),
        endHolds(t.app.ctx),
        admin(0, '/invoices/generate', { month }),
        admin(1, '/invoices/generate', { month }),
        admin(1, '/conversions/status', { ids: ids((c) => c.i % 9 === 4), status: 'rejected', reason: 'Returned' }),
      ]);
      // One of the two generations made this round's invoices, the other found them made.
      const [gen0, gen1] = [results[6], results[7]] as { created: number[] }[];
      expect(gen0!.created.length + gen1!.created.length).toBe(PUBLISHERS);
    }

    // Each conversion's history is one chain, from how it arrived to its status now: no
    // transition recorded twice, none lost.
    const chains = await t.app.ctx.db
      .selectFrom('conversions as c')
      .leftJoin('conversion_status_changes as s', 's.conversion_id', 'c.id')
      .select(['c.id', 'c.status', 's.from_status', 's.to_status'])
      .where(
        'c.id',
        'in',
        all.map((c) => c.id),
      )
      .orderBy('c.id')
      .orderBy('s.id')
      .execute();
    const byConv = new Map<string, { status: string; steps: [string | null, string][] }>();
    for (const r of chains) {
      const e = byConv.get(r.id) ?? { status: r.status, steps: [] };
      if (r.to_status) e.steps.push([r.from_status, r.to_status]);
      byConv.set(r.id, e);
    }
    const broken: string[] = [];
    for (const c of all) {
      const e = byConv.get(c.id)!;
      let at: string = c.initial;
      for (const [from, to] of e.steps) {
        if (from !== at || to === from) broken.push(`${c.id}: ${from}→${to} after ${at}`);
        at = to;
      }
      if (at !== e.status) broken.push(`${c.id}: history ends ${at}, the conversion is ${e.status}`);
    }
    expect(broken).toEqual([]);
    // Something raced: every pending conversion was decided, and some were decided more than once.
    expect(all.filter((c) => byConv.get(c.id)!.status === 'pending')).toEqual([]);
    expect(all.filter((c) => byConv.get(c.id)!.steps.length > 1).length).toBeGreaterThan(0);

    // Money: per publisher, one invoice whose lines (the month's, then the adjustments made after
    // it) come to the approved payouts to the cent; its actions to the approved conversions; the
    // reports say the same.
    const cents = (n: number) => Math.round(n * 100);
    for (const { publisherId, token } of publishers) {
      const mine = all.filter((c) => c.publisherId === publisherId);
      const approved = mine.filter((c) => byConv.get(c.id)!.status === 'approved');
      const approvedCents = approved.reduce((s, c) => s + cents(c.payout), 0);
      const invoices = await t.app.ctx.db
        .selectFrom('invoices')
        .select(['id', 'status', 'payout_total'])
        .where('publisher_id', '=', publisherId)
        .execute();
      expect(invoices).toHaveLength(1);
      const invoice = invoices[0]!;
      expect(invoice.status).toBe('generated');
      const items = await t.app.ctx.db
        .selectFrom('invoice_items')
        .select(['kind', 'total', 'payed_actions', 'conversion_id'])
        .where('invoice_id', '=', invoice.id)
        .execute();
      const waiting = await t.app.ctx.db
        .selectFrom('invoice_adjustments')
        .select(['amount'])
        .where('publisher_id', '=', publisherId)
        .where('invoice_id', 'is', null)
        .execute();
      expect(waiting).toEqual([]);
      const itemCents = items.reduce((s, l) => s + cents(Number(l.total)), 0);
      expect({ publisherId, total: cents(Number(invoice.payout_total)), lines: itemCents }).toEqual({
        publisherId,
        total: approvedCents,
        lines: approvedCents,
      });
      expect(items.reduce((s, l) => s + Number(l.payed_actions), 0)).toBe(approved.length);
      // Per conversion, its adjustments net to at most one action, in the direction of its status now.
      const net = new Map<string, number>();
      for (const l of items)
        if (l.conversion_id) net.set(l.conversion_id, (net.get(l.conversion_id) ?? 0) + Number(l.payed_actions));
      for (const c of mine) {
        const n = net.get(c.id) ?? 0;
        const ok = byConv.get(c.id)!.status === 'approved' ? n === 0 || n === 1 : n === 0 || n === -1;
        expect({ id: c.id, n, ok }).toEqual({ id: c.id, n, ok: true });
      }
      const report = await t.post('/report-total/daily', { filters: { date_range: { start, end } } }, { token });
      expect(report.status).toBe(200);
      expect({ conversions: report.body.data.conversions, earnings: cents(report.body.data.earnings) }).toEqual({
        conversions: approved.length,
        earnings: approvedCents,
      });
    }
  }, 180_000);
});
