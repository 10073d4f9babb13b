import type { AppContext } from '../context.ts';
import { decideClick } from '../modules/tracking/click.service.ts';
import { eventsService, type ClickWrite } from '../modules/events/events.service.ts';
import { recordConversion, type ConversionRequest } from '../modules/tracking/conversion.service.ts';
import { pixelSignature } from '../modules/tracking/pixel-signature.ts';
import { ensurePartitions } from '../modules/tracking/maintenance.jobs.ts';
import { trackingEngine } from '../modules/tracking/tracking-engine.ts';
import { DEMO_ADVERTISERS } from './demo-advertisers.ts';

/** mulberry32: fixed seed, so every demo network gets the same traffic shape. */
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

/** 90 days at full volume (docs/demo-network.md), and before them a lighter stretch, long enough that four
 * months are always closed and invoiced: one invoice per status. */
const DAYS = 125;
const FULL_DAYS = 90;
const DAY_MS = 86_400_000;
const SOURCES = ['facebook', 'google', 'newsletter', 'tiktok', 'native', 'email', null] as const;
const S1 = ['summer', 'retarget', 'brand', 'lookalike', 'blog-post', 'homepage'];
const S2 = ['mobile', 'desktop', 'tablet'];
const S3 = ['a', 'b', 'c'];
const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  'Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
];

/**
 * Demo network, part: four months of clicks and conversions up to today for the demo publishers
 * (docs/demo-network.md), made through the tracking engine's own code path: each click is decided by the
 * click service (landing page, macros, fallbacks for paused/expired/capped/not-granted offers),
 * stored as the group-commit writer stores a batch, one batch per day, and written out by the same
 * settle that writes live batches out (unique windows, click rows, rollups); each conversion goes through
 * the conversion service (idempotency, payout, caps, postback jobs, report rollups), a few of them
 * twice to show duplicates. Deterministic shape (fixed seed), relative to today, and idempotent.
 */
export async function seedDemoTraffic(ctx: AppContext): Promise<void> {
  const publishers = await ctx.db
    .selectFrom('publishers')
    .select(['id', 'referral_code'])
    .where('status', '=', 'active')
    .where('referral_code', 'in', ['demo2026', 'multieu1', 'multius1', 'referred1', 'referred2', 'twofa001'])
    .orderBy('id')
    .execute();
  const demo = publishers.find((p) => p.referral_code === 'demo2026');
  if (!demo) return;
  const already = await ctx.db
    .selectFrom('clicks')
    .select('id')
    .where('publisher_id', '=', demo.id)
    .limit(1)
    .executeTakeFirst();
  if (already) return;

  const offers = await ctx.db
    .selectFrom('offers')
    .innerJoin('advertisers', 'advertisers.id', 'offers.advertiser_id')
    .select([
      'offers.id',
      'offers.status',
      'offers.is_public',
      'offers.conversion_method',
      'advertisers.name as advertiser',
    ])
    .orderBy('offers.id')
    .execute();
  if (offers.length === 0) return;
  const grants = await ctx.db.selectFrom('publisher_offers').select(['publisher_id', 'offer_id']).execute();
  const advertiserOf = new Map<string, (typeof DEMO_ADVERTISERS)[number]>(DEMO_ADVERTISERS.map((a) => [a.name, a]));

  const engine = trackingEngine(ctx);
  const now = new Date();
  const rnd = random(0x7ac_2026);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  await ensurePartitions(ctx, now, -Math.ceil(DAYS / 30) - 1, 1);

  // A pool of visitors (IP + user agent) so that repeat visits make non-unique clicks.
  const visitors = Array.from({ length: 80 }, (_, i) => ({
    ip: `198.51.${Math.floor(i / 200)}.${(i % 200) + 10}`,
    ua: pick(AGENTS),
  }));
  // Clicks per day by publisher: the demo publisher carries most of the network's traffic.
  const weight = (publisherId: number) => (publisherId === demo.id ? 1 : 0.2);
  const offerWeight = (status: string) => (status === 'active' ? 1 : 0.08);
  const runnable = (publisherId: number, o: (typeof offers)[number]) =>
    o.is_public || grants.some((g) => g.publisher_id === publisherId && g.offer_id === o.id);

  let clickCount = 0;
  let conversionCount = 0;
  let clickMs = 0;
  let conversionMs = 0;
  const started = performance.now();
  for (let d = DAYS - 1; d >= 0; d--) {
    const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - d * DAY_MS);
    const dayEnd = d === 0 ? now.getTime() : dayStart.getTime() + DAY_MS;
    // Traffic grows over the quarter, with a weekly rhythm.
    const trend = 0.6 + 0.4 * ((DAYS - d) / DAYS);
    const weekday = [0.8, 1, 1.05, 1.1, 1.1, 1.0, 0.85][dayStart.getUTCDay()]!;
    const dayStarted = performance.now();
    const writes: ClickWrite[] = [];
    for (const pub of publishers) {
      for (const offer of offers) {
        if (!runnable(pub.id, offer) && rnd() > 0.02) continue;
        const mean = 6 * weight(pub.id) * offerWeight(offer.status) * trend * weekday * (d < FULL_DAYS ? 1 : 0.3);
        const n = Math.floor(mean + rnd() * mean);
        for (let i = 0; i < n; i++) {
          const at = new Date(dayStart.getTime() + Math.floor(rnd() * (dayEnd - dayStart.getTime())));
          const v = pick(visitors);
          const decision = await decideClick(engine.cache, engine.fallbackUrl, {
            offerId: String(offer.id),
            publisherId: String(pub.id),
            params: {
              s1: pick(S1),
              s2: pick(S2),
              ...(rnd() < 0.5 ? { s3: pick(S3) } : {}),
              ...(rnd() < 0.8 ? { pub_click_id: `pc${Math.floor(rnd() * 1e9).toString(36)}` } : {}),
              ...(() => {
                const src = pick(SOURCES);
                return src ? { pub_source: src } : {};
              })(),
            },
            ip: v.ip,
            userAgent: v.ua,
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
    clickCount += writes.length;
    const clicksDone = performance.now();
    clickMs += clicksDone - dayStarted;

    // Conversions for the day's clicks: a few percent, minutes to hours later, every event type.
    const converted: { tid: string; at: Date; offerId: number }[] = [];
    for (const w of writes) {
      if (w.kind !== 'click' || rnd() > 0.045) continue;
      const at = new Date(
        Math.min(now.getTime() - 1000, w.row.created_at.getTime() + Math.floor(rnd() * 6 * 3600_000)),
      );
      converted.push({ tid: w.row.id, at, offerId: w.row.offer_id });
    }
    converted.sort((a, b) => a.at.getTime() - b.at.getTime());
    for (const c of converted) {
      const offer = offers.find((o) => o.id === c.offerId)!;
      const cached = await engine.cache.offer(c.offerId);
      const events = cached?.events ?? [];
      const roll = rnd();
      const event = roll < 0.7 ? events.find((e) => e.isBase) : pick(events);
      const amount = (20 + Math.floor(rnd() * 18000) / 100).toFixed(2);
      const advTransactionId = rnd() < 0.4 ? `ord-${Math.floor(rnd() * 1e9).toString(36)}` : null;
      const advertiser = advertiserOf.get(offer.advertiser);
      // Offers that take pixels get them from the thank-you page (all of a pixel offer's, half of a
      // 'both' offer's); a revenue-share pixel, or one for an event other than the base one, is
      // signed so its amount or its event counts.
      const byPixel = offer.conversion_method === 'pixel' || (offer.conversion_method === 'both' && rnd() < 0.5);
      const when = {
        at: c.at,
        // The history's small pool of visitors would trip the repeat-address signal on most of it.
        fraudSignals: false,
        // Only the last day's conversions queue publisher postbacks, so the delivery log shows recent ones.
        enqueuePostbacks: now.getTime() - c.at.getTime() < DAY_MS,
      };
      const base: ConversionRequest = byPixel
        ? {
            ...pixelCall(c.tid, event, amount, advTransactionId, advertiser?.pixelSecret),
            source: 'pixel',
            ip: visitorIp(rnd),
            ...when,
          }
        : {
            tid: c.tid,
            eventId: event ? String(event.id) : null,
            amount,
            ...(advTransactionId ? { advTransactionId } : {}),
            token: advertiser?.token ?? null,
            source: 'postback',
            ip: '203.0.113.10',
            ...when,
          };
      const r = await recordConversion(ctx, base);
      if (r.kind === 'recorded') conversionCount++;
      // Advertisers retry: some calls arrive twice and are recorded once.
      if (rnd() < 0.05)
        await recordConversion(ctx, { ...base, at: new Date(Math.min(now.getTime(), c.at.getTime() + 60_000)) });
    }
    engine.cache.clear();
    conversionMs += performance.now() - clicksDone;
  }
  await eventsService.settleBeforeRead(ctx);
  ctx.log.info(
    {
      clicks: clickCount,
      conversions: conversionCount,
      ms: Math.round(performance.now() - started),
      clickMs: Math.round(clickMs),
      conversionMs: Math.round(conversionMs),
    },
    'demo traffic seeded',
  );
}

/**
 * A thank-you page's pixel call as its browser would send it: the order id as an attribute, and
 * for a revenue-share event (its amount) or an event other than the base one a query signed with
 * the advertiser's pixel secret (an unsigned pixel pays the base event only).
 */
function pixelCall(
  tid: string,
  event: { id: number; payoutType: string; isBase: boolean } | undefined,
  amount: string,
  advTransactionId: string | null,
  secret: string | undefined,
): Pick<ConversionRequest, 'tid' | 'eventId' | 'amount' | 'advTransactionId' | 'signature'> {
  const query = new URLSearchParams({
    tid,
    ...(event ? { event_id: String(event.id) } : {}),
    ...(advTransactionId ? { adv_transaction_id: advTransactionId } : {}),
  });
  if (!event || !secret || (event.payoutType !== 'revshare' && event.isBase))
    return { tid, eventId: event ? String(event.id) : null, advTransactionId };
  if (event.payoutType === 'revshare') query.set('amount', amount);
  const payload = query.toString();
  return {
    tid,
    eventId: String(event.id),
    amount: event.payoutType === 'revshare' ? amount : null,
    advTransactionId,
    signature: { payload, value: pixelSignature(secret, payload) },
  };
}

/** A visitor's address for a pixel call (documentation range, as the demo clicks use). */
const visitorIp = (rnd: () => number) => `198.51.100.${10 + Math.floor(rnd() * 200)}`;
