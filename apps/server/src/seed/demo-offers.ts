import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import { accountsService } from '../modules/accounts/accounts.service.ts';
import { networkService } from '../modules/offers/network-catalogue.service.ts';
import { postbacksService } from '../modules/postbacks/postbacks.service.ts';
import type { PublisherAuth } from '../lib/request-identity.ts';
import { DEMO_ADVERTISERS, type AdvertiserKey } from './demo-advertisers.ts';
import { CREATIVE_SAMPLES, DESCRIPTIONS, OFFERS } from './demo-offer-list.ts';

/**
 * Demo network, part: advertisers, offers (every status), events, landing pages, creatives, caps,
 * private offers, postbacks and pixels (docs/demo-network.md). Deterministic (fixed seed, fixed lists),
 * relative to today (expiry dates), idempotent (a second run finds the first advertiser and stops),
 * and written through the same network and postback services as the operator CLI and the API.
 */

/** mulberry32: a small deterministic generator, so every seeded network is the same network. */
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

const DAY = 86_400_000;
const dayOffset = (today: Date, days: number) => new Date(today.getTime() + days * DAY).toISOString().slice(0, 10);
const slugify = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const publisherAuth = (publisherId: number): PublisherAuth => ({
  userId: 0,
  publisherId,
  purpose: 'access',
  tokenVersion: 0,
  sessionId: '',
  expiresAt: 0,
});

export async function seedDemoOffers(ctx: AppContext): Promise<void> {
  const first = DEMO_ADVERTISERS[0];
  if (await networkService.findAdvertiserByName(ctx.db, first.name)) return;

  const demo = await accountsService.findPublisherByReferralCode(ctx, 'demo2026');
  const multiEu = await accountsService.findPublisherByReferralCode(ctx, 'multieu1');
  const multiUs = await accountsService.findPublisherByReferralCode(ctx, 'multius1');
  if (!demo) return;

  const rnd = random(0x5eed_2026);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const today = new Date(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);

  await ctx.db.transaction().execute(async (trx: Db) => {
    const advertiserIds = {} as Record<AdvertiserKey, number>;
    for (const a of DEMO_ADVERTISERS) {
      advertiserIds[a.key] = (
        await networkService.createAdvertiser(trx, { name: a.name, token: a.token, pixelSecret: a.pixelSecret })
      ).id;
    }

    const offerIds = new Map<string, number>();
    const eventIds = new Map<string, number>();
    for (const o of OFFERS) {
      const adv = DEMO_ADVERTISERS.find((a) => a.key === o.advertiser)!;
      const slug = slugify(o.name.replace(/^\S+\s/, ''));
      const access = o.access ?? 'public';
      // Expired offers always carry a past expiry date; others may expire later or never.
      const expiresIn = o.expiresIn ?? (o.status === 'expired' ? -30 : undefined);
      const offerId = await networkService.createOffer(trx, {
        advertiser_id: advertiserIds[o.advertiser],
        name: o.name,
        description: `${o.name} from ${adv.name}. ${pick(DESCRIPTIONS)}`,
        status: o.status,
        preview_url: o.noPreview ? null : `https://${adv.domain}/${slug}?preview=1`,
        expire_date: expiresIn === undefined ? null : dayOffset(today, expiresIn),
        geos: o.geos ?? [],
        tags: o.tags,
        payout: o.payout,
        payout_type: o.payoutType ?? 'cpa',
        daily_cap: o.dailyCap ?? null,
        monthly_cap: o.monthlyCap ?? null,
        cap_scope: o.capScope ?? 'global',
        fallback_url: `https://${adv.domain}/offers?from=partner`,
        lookback_days: pick([7, 14, 30, 30, 45]),
        is_public: access === 'public',
        conversion_method: o.conversionMethod ?? 'postback',
        base_event_name: o.baseEvent ?? 'Conversion',
        conversion_approval: o.approval?.mode ?? 'auto',
        hold_days: o.approval?.mode === 'hold' ? o.approval.days : null,
        ...revenueFor(o.payout, o.payoutType ?? 'cpa'),
      });
      offerIds.set(o.name, offerId);
      if (access === 'demo') await networkService.grant(trx, demo.id, offerId);
      if (access === 'multi-eu' && multiEu) await networkService.grant(trx, multiEu.id, offerId);
      if (access === 'multi-us' && multiUs) await networkService.grant(trx, multiUs.id, offerId);

      for (const e of o.events ?? []) {
        const eventId = await networkService.addEvent(trx, {
          offer_id: offerId,
          name: e.name,
          event_type: e.type,
          payout: e.payout,
          payout_type: e.payoutType ?? 'cpa',
          ...revenueFor(e.payout, e.payoutType ?? 'cpa'),
        });
        eventIds.set(`${o.name}/${e.name}`, eventId);
      }
      for (const [i, page] of (o.pages ?? ['Main']).entries()) {
        const pageSlug = slugify(page);
        await networkService.addLandingPage(trx, {
          offer_id: offerId,
          name: page,
          url: `https://${adv.domain}/${slug}/${pageSlug}?clickid={tid}&sub={s1}&src={pub_source}`,
          is_default: i === 0,
        });
      }
      const seen = new Map<string, number>();
      for (const type of o.creatives ?? []) {
        const n = seen.get(type) ?? 0;
        seen.set(type, n + 1);
        const sample = CREATIVE_SAMPLES[type][n % CREATIVE_SAMPLES[type].length]!;
        await networkService.addCreative(trx, {
          offer_id: offerId,
          name: sample.name,
          type,
          url: `https://cdn.${adv.domain}/${slug}/${sample.path}`,
        });
      }
    }

    // The demo publisher's pixels and postbacks: global and per offer, active and inactive.
    const tctx: AppContext = { ...ctx, db: trx };
    const auth = publisherAuth(demo.id);
    const summer = offerIds.get('Northwind Summer Sale')!;
    const card = offerIds.get('Bluepeak Credit Card Application')!;
    const galaxy = offerIds.get('Lumen Galaxy Raiders Install')!;
    const postbacks = [
      {
        postback_name: 'Main tracker',
        postback_status: 'active',
        postback_type: 'postback',
        postback_offer_id: null,
        postback_event_id: null,
        postback_event_type: null,
        postback_value:
          'https://tracker.demo-media.test/postback?cid={pub_click_id}&payout={conversion_earnings}&event={event_id}&tid={tid}&src={pub_source}',
      },
      {
        postback_name: 'Previous tracker',
        postback_status: 'inactive',
        postback_type: 'postback',
        postback_offer_id: null,
        postback_event_id: null,
        postback_event_type: null,
        postback_value:
          'https://old-tracker.demo-media.test/pb?clickid={pub_click_id}&amount={price}&date={conversion_date}',
      },
      {
        postback_name: 'Upsell revenue feed',
        postback_status: 'active',
        postback_type: 'postback',
        postback_offer_id: null,
        postback_event_id: null,
        postback_event_type: 'upsell',
        postback_value:
          'https://tracker.demo-media.test/postback/upsell?cid={pub_click_id}&rev={conversion_earnings}&offer={offer_id}',
      },
      {
        postback_name: 'Site-wide pixel',
        postback_status: 'active',
        postback_type: 'pixel',
        postback_offer_id: null,
        postback_event_id: null,
        postback_event_type: null,
        postback_value:
          '<img src="https://pixel.demo-media.test/px.gif?cid={pub_click_id}&t={tid}" width="1" height="1" alt="" />',
      },
      {
        postback_name: 'Summer Sale leads to CRM',
        postback_status: 'active',
        postback_type: 'postback',
        postback_offer_id: summer,
        postback_event_id: eventIds.get('Northwind Summer Sale/Newsletter sign-up')!,
        postback_event_type: 'partial',
        postback_value: 'https://crm.demo-media.test/hooks/lead?ref={pub_click_id}&s1={s1}&s2={s2}',
      },
      {
        postback_name: 'Summer Sale retargeting iframe',
        postback_status: 'inactive',
        postback_type: 'pixel',
        postback_offer_id: summer,
        postback_event_id: null,
        postback_event_type: null,
        postback_value:
          '<iframe src="https://retarget.demo-media.test/tag?o={offer_id}&c={conversion_id}" width="1" height="1" frameborder="0"></iframe>',
      },
      {
        postback_name: 'Card approvals',
        postback_status: 'active',
        postback_type: 'postback',
        postback_offer_id: card,
        postback_event_id: null,
        postback_event_type: 'conversion',
        postback_value:
          'https://tracker.demo-media.test/postback?cid={pub_click_id}&payout={conversion_earnings}&txn={adv_transaction_id}',
      },
      {
        postback_name: 'Galaxy Raiders installs',
        postback_status: 'active',
        postback_type: 'postback',
        postback_offer_id: galaxy,
        postback_event_id: null,
        postback_event_type: null,
        postback_value:
          'https://tracker.demo-media.test/postback?cid={pub_click_id}&event={eid}&payout={conversion_earnings}&ts={conversion_datetime}',
      },
      {
        postback_name: 'Galaxy Raiders purchase pixel',
        postback_status: 'active',
        postback_type: 'pixel',
        postback_offer_id: galaxy,
        postback_event_id: eventIds.get('Lumen Galaxy Raiders Install/First purchase')!,
        postback_event_type: 'upsell',
        postback_value:
          '<img src="https://pixel.demo-media.test/purchase.gif?cid={pub_click_id}&value={price}&r={random}" width="1" height="1" alt="" />',
      },
    ] as const;
    for (const p of postbacks) await postbacksService.create(tctx, auth, p);

    for (const [pub, name] of [
      [multiEu, 'Multi EU tracker'],
      [multiUs, 'Multi US tracker'],
    ] as const) {
      if (!pub) continue;
      await postbacksService.create(tctx, publisherAuth(pub.id), {
        postback_name: name,
        postback_status: 'active',
        postback_type: 'postback',
        postback_value: `https://tracker.multi-brand.test/${slugify(name)}?cid={pub_click_id}&payout={conversion_earnings}`,
        postback_offer_id: null,
        postback_event_id: null,
        postback_event_type: null,
      });
    }
  });
}

/** The demo advertisers pay the network about a third more than it pays its publishers. */
function revenueFor(payout: number, payoutType: 'cpa' | 'revshare') {
  const revenue = payoutType === 'revshare' ? Math.min(100, payout + 10) : Math.round(payout * 133) / 100;
  return { revenue, revenue_type: payoutType };
}
