import type { AppContext } from '../../context.ts';
import type { ConversionMethod, EventType, PayoutType } from '../../db/types.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { advertiserRecords } from '../advertisers/advertisers.service.ts';
import { offerCatalogue } from '../offers/offer-catalogue.service.ts';
import { trackingRepository } from './tracking.repository.ts';

export interface CachedOffer {
  id: number;
  advertiserId: number;
  name: string;
  status: 'active' | 'ready' | 'paused' | 'expired' | 'pending';
  expireDate: string | null;
  dailyCap: number | null;
  monthlyCap: number | null;
  capScope: 'global' | 'publisher';
  fallbackUrl: string | null;
  lookbackDays: number;
  isPublic: boolean;
  conversionMethod: ConversionMethod;
  /** How its conversions arrive (docs/money.md): approved at once, held for `holdDays`, or manual. */
  conversionApproval: 'auto' | 'hold' | 'manual';
  holdDays: number | null;
  /** A conversion sooner than this after its click is held (0: off). */
  minCtitSeconds: number;
  /** Its regions (two-letter countries; empty: everywhere). */
  geos: string[];
  /** Publishers that may run a non-public offer. */
  allowed: Set<number>;
  landingPages: { id: number; url: string; isDefault: boolean }[];
  events: {
    id: number;
    name: string;
    eventType: EventType;
    payout: number;
    payoutType: PayoutType;
    revenue: number;
    revenueType: PayoutType;
    isBase: boolean;
  }[];
}

export interface CachedAdvertiser {
  id: number;
  status: string;
  pixelSecret: string | null;
}

/** Every advertiser, by token hash and by id: a network has tens to thousands of them. */
interface AdvertiserIndex {
  byTokenHash: Map<string, CachedAdvertiser>;
  byId: Map<number, CachedAdvertiser>;
}

export interface CachedPublisher {
  id: number;
  name: string;
  status: string;
  /** The network's daily limit of this publisher's unsigned pixel conversions; null: the default. */
  pixelDailyLimit: number | null;
}

interface Entry<T> {
  value: Promise<T>;
  /** The loaded value, once the load has finished (what the click path reads without waiting). */
  ready: { value: T } | null;
  expires: number;
}

/** A small TTL cache whose concurrent misses share one load. */
class TtlMap<K, V> {
  private readonly map = new Map<K, Entry<V>>();
  constructor(
    private readonly ttlMs: number,
    private readonly max = 10_000,
  ) {}

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.map.get(key);
    if (hit && hit.expires > now) return hit.value;
    if (this.map.size >= this.max) this.map.clear();
    const value = load();
    const entry: Entry<V> = { value, ready: null, expires: now + this.ttlMs };
    this.map.set(key, entry);
    value.then(
      (v) => void (entry.ready = { value: v }),
      () => this.map.delete(key),
    );
    return value;
  }

  /** The cached value if it is loaded and fresh; undefined otherwise (then `get` it). */
  peek(key: K, now: number): { value: V } | undefined {
    const hit = this.map.get(key);
    return hit && hit.expires > now && hit.ready ? hit.ready : undefined;
  }

  clear(): void {
    this.map.clear();
  }
}

const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const utcMonth = (d: Date) => `${d.toISOString().slice(0, 7)}-01`;

/**
 * What the click path reads on every request (offer, publisher, cap state), kept in memory for a
 * few seconds so a click costs no query before its group commit. Several processes stay correct:
 * each refreshes within the TTL, and conversions count caps in the database, not here.
 */
export class TrackingCache {
  private readonly offers = new TtlMap<number, CachedOffer | null>(3000);
  private readonly publishers = new TtlMap<number, CachedPublisher | null>(3000);
  private readonly caps = new TtlMap<number, Map<string, number>>(1000);
  private readonly advertisers = new TtlMap<0, AdvertiserIndex>(3000);
  private readonly advertiserMisses = new TtlMap<string, CachedAdvertiser | null>(3000);

  constructor(private readonly ctx: AppContext) {}

  clear(): void {
    this.offers.clear();
    this.publishers.clear();
    this.caps.clear();
    this.advertisers.clear();
    this.advertiserMisses.clear();
  }

  /**
   * The advertiser whose API token hashes to this value. The whole table is held and reloaded every
   * few seconds; a token it does not know (an advertiser created a moment ago, or a made-up one) is
   * looked up once by its hash and the answer kept as long. `knownOnly` answers from memory alone:
   * for an address already past its budget of refusals, made-up tokens cost no query.
   */
  async advertiserByTokenHash(hash: string, knownOnly = false): Promise<CachedAdvertiser | null> {
    const hit = (await this.advertiserIndex()).byTokenHash.get(hash);
    if (hit || knownOnly) return hit ?? null;
    return this.advertiserMisses.get(hash, async () =>
      toAdvertiser(await advertiserRecords.advertiserByTokenHash(this.ctx.db, hash)),
    );
  }

  async advertiser(id: number): Promise<CachedAdvertiser | null> {
    const hit = (await this.advertiserIndex()).byId.get(id);
    if (hit) return hit;
    return toAdvertiser(await advertiserRecords.advertiserForTracking(this.ctx.db, id));
  }

  private advertiserIndex(): Promise<AdvertiserIndex> {
    return this.advertisers.get(0, () => this.loadAdvertisers());
  }

  private async loadAdvertisers(): Promise<AdvertiserIndex> {
    const rows = await advertiserRecords.advertisersForTracking(this.ctx.db);
    const index: AdvertiserIndex = { byTokenHash: new Map(), byId: new Map() };
    for (const r of rows) {
      const a = { id: r.id, status: r.status, pixelSecret: r.pixel_secret };
      index.byTokenHash.set(r.api_token_hash, a);
      index.byId.set(r.id, a);
    }
    return index;
  }

  offer(id: number): Promise<CachedOffer | null> {
    return this.offers.get(id, () => loadOffer(this.ctx, id));
  }

  publisher(id: number): Promise<CachedPublisher | null> {
    return this.publishers.get(id, async () => {
      const p = await accountsService.findPublisherById(this.ctx, id);
      return p ? { id: p.id, name: p.name, status: p.status, pixelDailyLimit: p.pixel_daily_limit } : null;
    });
  }

  /** Whether a cap of the offer is full for this publisher at this time. */
  async isCapReached(offer: CachedOffer, publisherId: number, at: Date): Promise<boolean> {
    if (!offer.dailyCap && !offer.monthlyCap) return false;
    const counts = await this.caps.get(offer.id, async () => {
      const rows = await trackingRepository.capCounters(
        this.ctx.db,
        offer.id,
        utcMonth(new Date(at.getTime() - 86_400_000)),
      );
      return new Map(rows.map((r) => [`${r.publisher_id}|${r.period}|${r.period_start}`, r.count]));
    });
    return capReached(offer, publisherId, at, counts);
  }

  /**
   * What a click needs, from memory alone: the offer, the publisher and whether a cap is full.
   * Undefined when any of it must be loaded first (`load`), which happens a few times a TTL.
   */
  peekClick(offerId: number, publisherId: number, at: Date): ClickState | undefined {
    const now = Date.now();
    const offer = this.offers.peek(offerId, now);
    const publisher = this.publishers.peek(publisherId, now);
    if (!offer || !publisher) return undefined;
    const o = offer.value;
    if (!o || (!o.dailyCap && !o.monthlyCap)) return { offer: o, publisher: publisher.value, capReached: false };
    const counts = this.caps.peek(o.id, now);
    if (!counts) return undefined;
    return { offer: o, publisher: publisher.value, capReached: capReached(o, publisherId, at, counts.value) };
  }

  /** Loads what `peekClick` needs and answers as it would. */
  async loadClick(offerId: number, publisherId: number, at: Date): Promise<ClickState> {
    const [offer, publisher] = await Promise.all([this.offer(offerId), this.publisher(publisherId)]);
    return { offer, publisher, capReached: offer ? await this.isCapReached(offer, publisherId, at) : false };
  }
}

export interface ClickState {
  offer: CachedOffer | null;
  publisher: CachedPublisher | null;
  capReached: boolean;
}

function capReached(offer: CachedOffer, publisherId: number, at: Date, counts: Map<string, number>): boolean {
  const scope = offer.capScope === 'publisher' ? publisherId : 0;
  if (offer.dailyCap && (counts.get(`${scope}|day|${utcDay(at)}`) ?? 0) >= offer.dailyCap) return true;
  if (offer.monthlyCap && (counts.get(`${scope}|month|${utcMonth(at)}`) ?? 0) >= offer.monthlyCap) return true;
  return false;
}

const toAdvertiser = (r: { id: number; status: string; pixel_secret: string | null } | undefined) =>
  r ? { id: r.id, status: r.status, pixelSecret: r.pixel_secret } : null;

async function loadOffer(ctx: AppContext, id: number): Promise<CachedOffer | null> {
  const found = await offerCatalogue.offerForTracking(ctx.db, id);
  if (!found) return null;
  const { offer: o, landingPages, events, allowed } = found;
  return {
    id: o.id,
    advertiserId: o.advertiser_id,
    name: o.name,
    status: o.status,
    expireDate: o.expire_date,
    dailyCap: o.daily_cap,
    monthlyCap: o.monthly_cap,
    capScope: o.cap_scope,
    fallbackUrl: o.fallback_url,
    lookbackDays: o.lookback_days,
    isPublic: o.is_public,
    conversionMethod: o.conversion_method,
    conversionApproval: o.conversion_approval,
    holdDays: o.hold_days,
    minCtitSeconds: o.min_ctit_seconds,
    geos: o.geos ?? [],
    allowed: new Set(allowed),
    landingPages: landingPages.map((p) => ({ id: p.id, url: p.url, isDefault: p.is_default })),
    events: events.map((e) => ({
      id: e.id,
      name: e.name,
      eventType: e.event_type,
      payout: Number(e.payout),
      payoutType: e.payout_type,
      revenue: Number(e.revenue),
      revenueType: e.revenue_type,
      isBase: e.is_base,
    })),
  };
}

export { utcDay, utcMonth };
