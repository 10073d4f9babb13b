import type { ConversionMethod } from '../db/types.ts';
import type { AdvertiserKey } from './demo-advertisers.ts';

/**
 * What the demo network offers (docs/demo-network.md): every offer with its status, payout, events,
 * landing pages, creatives, caps and who may run it, the creative files and the descriptions.
 * Plain data; `demo-offers.ts` writes it through the network services.
 */

type Access = 'public' | 'demo' | 'multi-eu' | 'multi-us' | 'nobody';

export interface DemoOffer {
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
  /** How its conversions arrive (docs/money.md; default: approved at once). Its traffic is demo-statuses.ts's. */
  approval?: { mode: 'hold'; days: number } | { mode: 'manual' };
}

/** The demo offers. demo@portal.test may run every one but the multi-account and "nobody" ones. */
export const OFFERS: DemoOffer[] = [
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
  // The money workflow (docs/money.md): one offer holding its conversions, one approving them by hand.
  {
    advertiser: 'northwind',
    name: 'Northwind Outlet Orders',
    status: 'active',
    payout: 10,
    tags: ['retail', 'outlet'],
    geos: ['CA', 'US'],
    pages: ['Outlet'],
    creatives: ['image', 'link'],
    access: 'demo',
    approval: { mode: 'hold', days: 7 },
  },
  {
    advertiser: 'bluepeak',
    name: 'Bluepeak Premium Card',
    status: 'active',
    payout: 95,
    tags: ['finance', 'credit-card'],
    geos: ['CA', 'US'],
    pages: ['Apply'],
    creatives: ['image', 'text'],
    access: 'demo',
    approval: { mode: 'manual' },
  },
];

export const CREATIVE_SAMPLES: Record<NonNullable<DemoOffer['creatives']>[number], { name: string; path: string }[]> = {
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

export const DESCRIPTIONS = [
  'Promote to audiences in the listed regions. Incentivized traffic is not allowed; brand bidding needs approval from your account manager.',
  'Works best with content, e-mail and social traffic. Conversions are validated by the advertiser within 30 days.',
  'Strong seasonal demand. Use the creatives provided or your own after approval; no misleading claims.',
  'High-intent audiences convert best. Please send sub IDs so the advertiser can optimise placements.',
];
