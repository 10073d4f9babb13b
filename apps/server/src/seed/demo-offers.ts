import type { AppContext } from '../context.ts';
import type { Db } from '../db/database.ts';
import type { ConversionMethod } from '../db/types.ts';
import { accountsService } from '../modules/accounts/accounts.service.ts';
import { networkService } from '../modules/network/network.service.ts';
import { postbacksService } from '../modules/postbacks/postbacks.service.ts';
import type { PublisherAuth } from '../plugins/auth.ts';

/**
 * Demo network, part: advertisers, offers (every status), events, landing pages, creatives, caps,
 * private offers, postbacks and pixels (DESIGN.md §6). Deterministic (fixed seed, fixed lists),
 * relative to today (expiry dates), idempotent (a second run finds the first advertiser and stops),
 * and written through the same network and postback services as the operator CLI and the API.
 */

/**
 * The demo advertisers' conversion API tokens and pixel signing secrets. Fixed so the demo traffic
 * and a person trying the tracker by hand can call `/postback?token=…` or sign a pixel; a real
 * network's come from `advertiser:create` (the token is never stored in clear). Published here,
 * which is why a production start does not seed the demo network unless told to.
 */
export const DEMO_ADVERTISERS = [
  {
    key: 'northwind',
    name: 'Northwind Outfitters',
    domain: 'northwind-outfitters.example',
    token: 'demo-adv-northwind-7f3a9c2e',
    pixelSecret: 'demo-pxs-northwind-41c8e2b7',
  },
  {
    key: 'bluepeak',
    name: 'Bluepeak Finance',
    domain: 'bluepeak-finance.example',
    token: 'demo-adv-bluepeak-1d8e4b60',
    pixelSecret: 'demo-pxs-bluepeak-93a0d5f1',
  },
  {
    key: 'orchard',
    name: 'Orchard Health',
    domain: 'orchard-health.example',
    token: 'demo-adv-orchard-5c2f7a91',
    pixelSecret: 'demo-pxs-orchard-6e2b9c40',
  },
  {
    key: 'lumen',
    name: 'Lumen Games',
    domain: 'lumen-games.example',
    token: 'demo-adv-lumen-9b4d1e37',
    pixelSecret: 'demo-pxs-lumen-28f7a1d3',
  },
  {
    key: 'harbor',
    name: 'Harbor Travel',
    domain: 'harbor-travel.example',
    token: 'demo-adv-harbor-3e6a8f05',
    pixelSecret: 'demo-pxs-harbor-c51e0b96',
  },
] as const;
type AdvertiserKey = (typeof DEMO_ADVERTISERS)[number]['key'];

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

type Access = 'public' | 'demo' | 'multi-eu' | 'multi-us' | 'nobody';

interface DemoOffer {
  advertiser: AdvertiserKey;
  name: string;
  status: 'active' | 'ready' | 'paused' | 'expired' | 'pending';
  payout: number;
  payoutType?: 'cpa' | 'revshare';
  baseEvent?: string;
  /** Days from today; negative: already expired. */
  expiresIn?: number;
  geos?: string[];
  tags: string[];
  access?: Access;
  dailyCap?: number;
  monthlyCap?: number;
  capScope?: 'global' | 'publisher';
  /** Extra events besides the base one. */
  events?: {
    name: string;
    type: 'conversion' | 'partial' | 'upsell';
    payout: number;
    payoutType?: 'cpa' | 'revshare';
  }[];
  /** Landing page names; the first is the default. */
  pages?: string[];
  creatives?: ('image' | 'video' | 'audio' | 'link' | 'flash' | 'text' | 'html')[];
  noPreview?: boolean;
  /** How the advertiser reports conversions (default: server postback only). */
  conversionMethod?: ConversionMethod;
}

/** The demo offers. demo@portal.test may run every one but the multi-account and "nobody" ones. */
const OFFERS: DemoOffer[] = [
  {
    advertiser: 'northwind',
    name: 'Northwind Summer Sale',
    status: 'active',
    payout: 12.5,
    tags: ['retail', 'apparel', 'seasonal'],
    geos: ['CA', 'US'],
    expiresIn: 45,
    events: [
      { name: 'Newsletter sign-up', type: 'partial', payout: 1.5 },
      { name: 'Second order', type: 'upsell', payout: 8 },
    ],
    pages: ['Main store', 'Summer lookbook', 'Quiz: find your fit'],
    creatives: ['image', 'image', 'video', 'link', 'html'],
    conversionMethod: 'both',
  },
  {
    advertiser: 'northwind',
    name: 'Northwind Outdoor Gear',
    status: 'active',
    payout: 8,
    payoutType: 'revshare',
    baseEvent: 'Sale',
    tags: ['retail', 'outdoor'],
    geos: ['CA', 'US', 'GB'],
    events: [{ name: 'Accessory add-on', type: 'upsell', payout: 4, payoutType: 'revshare' }],
    pages: ['Catalogue', 'Camping deals'],
    creatives: ['image', 'text'],
    dailyCap: 40,
    capScope: 'publisher',
  },
  {
    advertiser: 'northwind',
    name: 'Northwind Gift Cards',
    status: 'active',
    payout: 5,
    tags: ['retail', 'gifts'],
    pages: ['Gift cards'],
    creatives: ['image', 'audio'],
    conversionMethod: 'pixel',
  },
  {
    advertiser: 'northwind',
    name: 'Northwind Winter Preview',
    status: 'ready',
    payout: 14,
    tags: ['retail', 'seasonal'],
    geos: ['CA'],
    pages: ['Preview'],
    expiresIn: 120,
  },
  {
    advertiser: 'northwind',
    name: 'Northwind Spring Clearance',
    status: 'expired',
    payout: 9,
    tags: ['retail', 'seasonal'],
    expiresIn: -20,
    pages: ['Clearance'],
  },
  {
    advertiser: 'bluepeak',
    name: 'Bluepeak Credit Card Application',
    status: 'active',
    payout: 85,
    baseEvent: 'Approved application',
    tags: ['finance', 'credit'],
    geos: ['US'],
    events: [{ name: 'Application started', type: 'partial', payout: 3 }],
    pages: ['Apply now', 'Compare cards'],
    creatives: ['image', 'flash', 'html'],
    monthlyCap: 1500,
    capScope: 'global',
  },
  {
    advertiser: 'bluepeak',
    name: 'Bluepeak Savings Account',
    status: 'active',
    payout: 40,
    baseEvent: 'Funded account',
    tags: ['finance', 'banking'],
    geos: ['US', 'CA'],
    events: [{ name: 'Account opened', type: 'partial', payout: 10 }],
    pages: ['Open an account'],
    access: 'demo',
    creatives: ['link'],
  },
  {
    advertiser: 'bluepeak',
    name: 'Bluepeak Robo Investing',
    status: 'active',
    payout: 30,
    payoutType: 'revshare',
    baseEvent: 'First deposit',
    tags: ['finance', 'investing'],
    geos: ['US'],
    pages: ['Start investing', 'Calculator'],
    access: 'demo',
    dailyCap: 25,
    capScope: 'global',
  },
  {
    advertiser: 'bluepeak',
    name: 'Bluepeak Mortgage Leads',
    status: 'paused',
    payout: 60,
    baseEvent: 'Qualified lead',
    tags: ['finance', 'mortgage'],
    geos: ['US'],
    pages: ['Rates'],
  },
  {
    advertiser: 'bluepeak',
    name: 'Bluepeak Business Loans',
    status: 'pending',
    payout: 120,
    baseEvent: 'Funded loan',
    tags: ['finance', 'b2b'],
    geos: ['US', 'CA'],
    pages: ['Apply'],
    access: 'demo',
  },
  {
    advertiser: 'orchard',
    name: 'Orchard Vitamins Trial',
    status: 'active',
    payout: 22,
    baseEvent: 'Trial order',
    tags: ['health', 'nutraceutical'],
    geos: ['US', 'CA', 'AU'],
    events: [{ name: 'Subscription renewal', type: 'upsell', payout: 11 }],
    pages: ['Free trial', 'Ingredients story'],
    creatives: ['image', 'video', 'text'],
    expiresIn: 10,
    conversionMethod: 'pixel',
  },
  {
    advertiser: 'orchard',
    name: 'Orchard Telehealth Visit',
    status: 'active',
    payout: 35,
    baseEvent: 'Booked visit',
    tags: ['health', 'telehealth'],
    geos: ['US'],
    events: [
      { name: 'Intake form', type: 'partial', payout: 4 },
      { name: 'Prescription plan', type: 'upsell', payout: 20 },
    ],
    pages: ['Book a visit'],
  },
  {
    advertiser: 'orchard',
    name: 'Orchard Fitness App',
    status: 'active',
    payout: 25,
    payoutType: 'revshare',
    baseEvent: 'Subscription',
    tags: ['health', 'apps', 'subscription'],
    pages: ['App store page', 'Web sign-up'],
    creatives: ['video', 'audio'],
  },
  {
    advertiser: 'orchard',
    name: 'Orchard Sleep Study',
    status: 'ready',
    payout: 18,
    tags: ['health'],
    geos: ['GB', 'IE'],
    pages: ['Join the study'],
    access: 'demo',
  },
  {
    advertiser: 'orchard',
    name: 'Orchard Flu Season Promo',
    status: 'expired',
    payout: 7,
    tags: ['health', 'seasonal'],
    expiresIn: -75,
    pages: ['Promo'],
  },
  {
    advertiser: 'lumen',
    name: 'Lumen Galaxy Raiders Install',
    status: 'active',
    payout: 2.4,
    baseEvent: 'Install',
    tags: ['gaming', 'mobile', 'cpi'],
    geos: ['US', 'CA', 'GB', 'DE', 'FR'],
    events: [
      { name: 'Tutorial complete', type: 'partial', payout: 0.6 },
      { name: 'First purchase', type: 'upsell', payout: 30, payoutType: 'revshare' },
    ],
    pages: ['App store', 'Trailer page', 'Pre-register'],
    creatives: ['video', 'image', 'image', 'html'],
    dailyCap: 500,
    capScope: 'global',
    conversionMethod: 'both',
  },
  {
    advertiser: 'lumen',
    name: 'Lumen Puzzle Quest',
    status: 'active',
    payout: 1.8,
    baseEvent: 'Install',
    tags: ['gaming', 'mobile', 'cpi'],
    pages: ['App store'],
  },
  {
    advertiser: 'lumen',
    name: 'Lumen PC Launcher',
    status: 'paused',
    payout: 3.5,
    baseEvent: 'Registration',
    tags: ['gaming', 'pc'],
    pages: ['Download'],
  },
  {
    advertiser: 'lumen',
    name: 'Lumen Esports Pass',
    status: 'pending',
    payout: 15,
    payoutType: 'revshare',
    baseEvent: 'Pass purchase',
    tags: ['gaming', 'subscription'],
    pages: ['Pass'],
  },
  {
    advertiser: 'harbor',
    name: 'Harbor Hotel Bookings',
    status: 'active',
    payout: 6,
    payoutType: 'revshare',
    baseEvent: 'Booking',
    tags: ['travel', 'hotels'],
    events: [{ name: 'Room upgrade', type: 'upsell', payout: 3, payoutType: 'revshare' }],
    pages: ['Search hotels', 'Last-minute deals'],
    creatives: ['image', 'link'],
    expiresIn: 200,
  },
  {
    advertiser: 'harbor',
    name: 'Harbor Flight Alerts',
    status: 'active',
    payout: 1.2,
    baseEvent: 'Alert sign-up',
    tags: ['travel', 'lead-gen'],
    pages: ['Sign up'],
    access: 'demo',
    noPreview: true,
  },
  {
    advertiser: 'harbor',
    name: 'Harbor Travel Insurance',
    status: 'ready',
    payout: 16,
    baseEvent: 'Policy purchase',
    tags: ['travel', 'insurance'],
    geos: ['CA', 'US'],
    pages: ['Get a quote'],
  },
  {
    advertiser: 'harbor',
    name: 'Harbor Cruise Week',
    status: 'expired',
    payout: 45,
    baseEvent: 'Cruise booking',
    tags: ['travel', 'seasonal'],
    expiresIn: -3,
    pages: ['Cruises'],
    noPreview: true,
  },
  // The multi-account publishers' own offers, and one nobody has been granted yet.
  {
    advertiser: 'harbor',
    name: 'Harbor EU City Breaks',
    status: 'active',
    payout: 9,
    baseEvent: 'Booking',
    tags: ['travel', 'eu'],
    geos: ['DE', 'FR', 'ES', 'IT'],
    pages: ['City breaks'],
    access: 'multi-eu',
  },
  {
    advertiser: 'bluepeak',
    name: 'Bluepeak EU Neobank',
    status: 'active',
    payout: 28,
    baseEvent: 'Funded account',
    tags: ['finance', 'eu'],
    geos: ['DE', 'NL'],
    pages: ['Open account'],
    access: 'multi-eu',
  },
  {
    advertiser: 'lumen',
    name: 'Lumen US Sweepstakes',
    status: 'active',
    payout: 1.5,
    baseEvent: 'Entry',
    tags: ['gaming', 'sweepstakes'],
    geos: ['US'],
    pages: ['Enter'],
    access: 'multi-us',
    dailyCap: 200,
    capScope: 'publisher',
  },
  {
    advertiser: 'orchard',
    name: 'Orchard Clinical Partners (invite only)',
    status: 'active',
    payout: 50,
    tags: ['health', 'b2b'],
    pages: ['Partners'],
    access: 'nobody',
  },
];

const CREATIVE_SAMPLES: Record<NonNullable<DemoOffer['creatives']>[number], { name: string; path: string }[]> = {
  image: [
    { name: 'Banner 300x250', path: 'banners/300x250.png' },
    { name: 'Leaderboard 728x90', path: 'banners/728x90.png' },
  ],
  video: [{ name: 'Pre-roll 15s', path: 'video/preroll-15s.mp4' }],
  audio: [{ name: 'Podcast read 30s', path: 'audio/podcast-30s.mp3' }],
  link: [{ name: 'Text link', path: 'links/text-link.txt' }],
  flash: [{ name: 'Legacy skyscraper 160x600', path: 'flash/skyscraper-160x600.swf' }],
  text: [{ name: 'E-mail copy', path: 'copy/email.txt' }],
  html: [{ name: 'HTML5 rich media', path: 'html5/rich-media/index.html' }],
};

const DESCRIPTIONS = [
  'Promote to audiences in the listed regions. Incentivized traffic is not allowed; brand bidding needs approval from your account manager.',
  'Works best with content, e-mail and social traffic. Conversions are validated by the advertiser within 30 days.',
  'Strong seasonal demand. Use the creatives provided or your own after approval; no misleading claims.',
  'High-intent audiences convert best. Please send sub IDs so the advertiser can optimise placements.',
];

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
