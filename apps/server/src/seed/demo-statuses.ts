import type { AppContext } from '../context.ts';
import type { StatusActor, TargetStatus } from '../modules/conversions/conversion-status-rules.ts';
import { changeStatuses } from '../modules/conversions/conversion-status.service.ts';
import { endHolds } from '../modules/conversions/conversions.jobs.ts';
import { eventsService, type ClickWrite } from '../modules/events/events.service.ts';
import { decideClick } from '../modules/tracking/click.service.ts';
import { recordConversion } from '../modules/tracking/conversion.service.ts';
import { trackingEngine } from '../modules/tracking/tracking-engine.ts';
import { DEMO_ADVERTISERS } from './demo-advertisers.ts';
import { DEMO_OPERATOR } from './demo-operator.ts';

/** mulberry32: fixed seed, so every demo network gets the same decisions. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAYS = 30;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** The manual offer's conversions older than this have been decided by the network's operator. */
const DECIDED_AFTER_DAYS = 10;

/** Why the advertiser rejected a held order, and why the network turned down an application. */
export const ORDER_REJECTIONS = ['Order cancelled by the customer', 'Duplicate order', 'Order returned'] as const;
export const APPLICATION_REJECTIONS = ['Applicant declined by the issuer', 'Duplicate application'] as const;
/** The advertiser's reason on a conversion call that arrives rejected. */
export const ARRIVAL_REJECTION = 'Duplicate application';

interface Converted {
  id: string;
  at: Date;
  offer: 'hold' | 'manual';
}

/**
 * Demo network, part: the money workflow (docs/demo-network.md, docs/money.md) on the two offers
 * that do not approve at once, granted to the demo publisher: "Northwind Outlet Orders" holds its
 * conversions 7 days, "Bluepeak Premium Card" waits for a person. A month of the demo publisher's
 * clicks on them, decided by the click service and written as a batch; conversions through the
 * conversion service (the offer's mode makes them pending, a few arrive rejected by the advertiser's
 * call); then decided, each at its own time in the past, through the one status change: the
 * advertiser rejecting held orders (with its reason), the operator approving or rejecting
 * applications, the hold's end (the job's own function, day by day) approving the rest. Recent ones
 * stay pending: every held one's hold ends more than a day after the seed, so nothing moves while a
 * demo or a test run looks. Deterministic (fixed seed), relative to today, and idempotent.
 */
export async function seedDemoStatuses(ctx: AppContext): Promise<void> {
  const demo = await ctx.db
    .selectFrom('publishers')
    .select('id')
    .where('referral_code', '=', 'demo2026')
    .executeTakeFirst();
  if (!demo) return;
  const offers = await ctx.db
    .selectFrom('offers')
    .innerJoin('advertisers', 'advertisers.id', 'offers.advertiser_id')
    .select(['offers.id', 'offers.conversion_approval', 'offers.advertiser_id', 'advertisers.name as advertiser'])
    .where('offers.conversion_approval', '<>', 'auto')
    .orderBy('offers.id')
    .execute();
  const hold = offers.find((o) => o.conversion_approval === 'hold');
  const manual = offers.find((o) => o.conversion_approval === 'manual');
  if (!hold || !manual) return;
  const already = await ctx.db
    .selectFrom('clicks')
    .select('id')
    .where('publisher_id', '=', demo.id)
    .where('offer_id', 'in', [hold.id, manual.id])
    .limit(1)
    .executeTakeFirst();
  if (already) return;

  const engine = trackingEngine(ctx);
  engine.cache.clear();
  const now = new Date();
  const rnd = random(0x57a7_2026);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const tokenOf = (name: string) => DEMO_ADVERTISERS.find((a) => a.name === name)?.token ?? null;

  // A month of clicks on both offers, from visitors of their own (so no repeat-address story).
  const writes: ClickWrite[] = [];
  for (let d = DAYS - 1; d >= 0; d--) {
    const dayStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - d * DAY_MS;
    const dayEnd = d === 0 ? now.getTime() : dayStart + DAY_MS;
    for (const offer of [hold, manual]) {
      const n = 3 + Math.floor(rnd() * 4);
      for (let i = 0; i < n; i++) {
        const at = new Date(dayStart + Math.floor(rnd() * (dayEnd - dayStart)));
        const decision = await decideClick(engine.cache, engine.fallbackUrl, {
          offerId: String(offer.id),
          publisherId: String(demo.id),
          params: { s1: pick(['outlet', 'cards', 'newsletter']), pub_source: pick(['google', 'newsletter', 'native']) },
          ip: `192.0.2.${10 + Math.floor(rnd() * 200)}`,
          userAgent:
            'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
          at,
        });
        writes.push(
          decision.kind === 'click' ? { kind: 'click', row: decision.row } : { kind: 'fallback', row: decision.row },
        );
      }
    }
  }
  writes.sort((a, b) => a.row.created_at.getTime() - b.row.created_at.getTime());
  await eventsService.writeClickBatch(ctx.db, writes, { writeThrough: false });
  await eventsService.settleBeforeRead(ctx);

  // About a third convert, minutes to hours later, each carrying the advertiser's order id.
  const converted: Converted[] = [];
  for (const w of writes) {
    if (w.kind !== 'click' || rnd() > 0.35) continue;
    const isHold = w.row.offer_id === hold.id;
    const at = new Date(Math.min(now.getTime() - 60_000, w.row.created_at.getTime() + Math.floor(rnd() * 3 * HOUR_MS)));
    // No held conversion's hold ends within a day of the seed: nothing changes under a demo's eyes.
    const age = now.getTime() - at.getTime();
    if (isHold && age > 6 * DAY_MS && age <= 7 * DAY_MS) continue;
    const rejectedOnArrival = !isHold && rnd() < 0.08;
    const r = await recordConversion(ctx, {
      tid: w.row.id,
      eventId: null,
      advTransactionId: `${isHold ? 'ord' : 'app'}-${Math.floor(rnd() * 1e9).toString(36)}`,
      token: tokenOf(isHold ? hold.advertiser : manual.advertiser),
      source: 'postback',
      ip: '203.0.113.10',
      at,
      fraudSignals: false,
      enqueuePostbacks: age < DAY_MS,
      ...(rejectedOnArrival ? { status: 'rejected', reason: ARRIVAL_REJECTION } : {}),
    });
    if (r.kind === 'recorded' && r.status === 'pending')
      converted.push({ id: r.conversionId, at, offer: isHold ? 'hold' : 'manual' });
  }
  await eventsService.settleBeforeRead(ctx);

  const operator = await ctx.db
    .selectFrom('operators')
    .select('id')
    .where('email', '=', DEMO_OPERATOR.email)
    .executeTakeFirst();
  const ops: StatusActor = { kind: 'operator', label: DEMO_OPERATOR.email, operatorId: operator?.id ?? null };
  const advertiser = (id: number): StatusActor => ({
    kind: 'advertiser',
    label: `advertiser #${id}`,
    operatorId: null,
  });
  const decide = (actor: StatusActor, id: string, to: TargetStatus, reason: string | null, at: number) =>
    ctx.db.transaction().execute((trx) => changeStatuses(ctx, trx, actor, [id], to, reason, { now: new Date(at) }));

  for (const c of converted) {
    const age = now.getTime() - c.at.getTime();
    if (c.offer === 'hold') {
      // The advertiser cancels some orders within the hold (a day or two after), before it ends.
      const at = c.at.getTime() + DAY_MS + Math.floor(rnd() * DAY_MS);
      if (rnd() < 0.2 && at < now.getTime() - HOUR_MS)
        await decide(advertiser(hold.advertiser_id), c.id, 'rejected', pick(ORDER_REJECTIONS), at);
    } else if (age > DECIDED_AFTER_DAYS * DAY_MS) {
      // The network's operator reviews applications two to five days after they arrive.
      const at = c.at.getTime() + 2 * DAY_MS + Math.floor(rnd() * 3 * DAY_MS);
      if (rnd() < 0.75) await decide(ops, c.id, 'approved', null, at);
      else await decide(ops, c.id, 'rejected', pick(APPLICATION_REJECTIONS), at);
    }
  }
  // The hold's end, as its job would have run day by day: the rest of the older held orders approved.
  for (let d = DAYS; d >= 1; d--) await endHolds(ctx, new Date(now.getTime() - d * DAY_MS));
  await endHolds(ctx, now);
  await eventsService.settleBeforeRead(ctx);
  engine.cache.clear();
  ctx.log.info({ clicks: writes.length, held: converted.length }, 'demo conversion statuses seeded');
}
