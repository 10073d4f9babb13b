import { sql } from 'kysely';
import {
  ERROR_CODES,
  SEARCH_OPTIONS,
  type CampaignTableResponse,
  type CampaignTableSort,
  type Creative,
  type DateRange,
  type EventListItem,
  type LandingPageItem,
  type Offer,
  type OfferDetails,
  type OfferListResponse,
  type OfferTrackingLink,
  type OfferAccessState,
  type Option,
  type SearchSubject,
  type SortOrder,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import { keyset, keysetPage, type SortKey } from '../../lib/keyset.ts';
import type { PublisherAuth } from '../../lib/request-identity.ts';
import { sanitizeHtml } from '../../lib/sanitize-html.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { offerAccessRequests } from './offer-access-requests.service.ts';
import { MAX_RANGE_DAYS, reportsService } from '../reports/reports.service.ts';
import { localDate, localRange } from '../reports/reports.time.ts';
import { offersRepository } from './offers.repository.ts';

type OfferRow = NonNullable<Awaited<ReturnType<typeof offersRepository.findRunnable>>>;
type VisibleOfferRow = NonNullable<Awaited<ReturnType<typeof offersRepository.findVisible>>>;

/** The longest date range My Offers sums over, in days. */

/** Sort keys of My Offers, over the query's `r` rows (see offersRepository.campaignTable). */
const CAMPAIGN_SORT_KEYS: Record<CampaignTableSort, SortKey> = {
  name: { expr: sql`lower(r.name) COLLATE "C"`, type: 'text' },
  payout: { expr: sql`r.payout`, type: 'numeric' },
  clicks: { expr: sql`r.clicks`, type: 'int' },
  clicks_unique: { expr: sql`r.clicks_unique`, type: 'int' },
  epc: { expr: sql`r.epc`, type: 'numeric' },
  earnings: { expr: sql`r.earnings`, type: 'numeric' },
};

const OFFER_LIST_SORT_KEYS: Record<'name' | 'offer_id', SortKey> = {
  name: { expr: sql`lower(offers.name) COLLATE "C"`, type: 'text' },
  offer_id: { expr: sql`offers.id`, type: 'int' },
};

const trackingBaseUrl = (ctx: AppContext, offerId: number, publisherId: number) =>
  `${ctx.config.publicTrackingUrl}/c/${offerId}/${publisherId}`;

const toOffer = (
  ctx: AppContext,
  auth: PublisherAuth,
  o: VisibleOfferRow,
  access: OfferAccessState,
  declinedReason: string | null = null,
): Offer => ({
  id: o.id,
  offer_id: o.id,
  name: o.name,
  status: o.runnable ? o.status : 'pending',
  preview_url: o.preview_url,
  description: sanitizeHtml(o.description),
  expiration: o.expire_date,
  geos: o.geos,
  payout: Number(o.payout),
  payout_type: o.payout_type,
  tags: o.tags,
  tracking_link_base_url: trackingBaseUrl(ctx, o.id, auth.publisherId),
  access,
  access_declined_reason: declinedReason,
});

export const offersService = {
  /** The offer if this publisher may run it; 404 otherwise, whether it exists or not. */
  async findRunnableOrFail(ctx: AppContext, auth: PublisherAuth, offerId: number): Promise<OfferRow> {
    const offer = await offersRepository.findRunnable(ctx.db, auth.publisherId, offerId);
    if (!offer) throw notFound('Offer not found.');
    return offer;
  },

  /** The offer if runnable, else null (for callers that answer their own error). */
  findRunnable: (ctx: AppContext, auth: PublisherAuth, offerId: number) =>
    offersRepository.findRunnable(ctx.db, auth.publisherId, offerId),

  /** An event of that offer, or null. */
  findEvent: (ctx: AppContext, offerId: number, eventId: number) =>
    offersRepository.findEvent(ctx.db, offerId, eventId),

  /**
   * The offer if this publisher sees it (an approval-required offer not granted yet included, its
   * status pending); 404 otherwise, whether it exists or not.
   */
  async findVisibleOrFail(ctx: AppContext, auth: PublisherAuth, offerId: number): Promise<VisibleOfferRow> {
    const offer = await offersRepository.findVisible(ctx.db, auth.publisherId, offerId);
    if (!offer) throw notFound('Offer not found.');
    return offer;
  },

  async offer(ctx: AppContext, auth: PublisherAuth, offerId: number): Promise<Offer> {
    const o = await this.findVisibleOrFail(ctx, auth, offerId);
    const state = o.runnable
      ? { access: 'run' as const, reason: null }
      : await offerAccessRequests.state(ctx, auth.publisherId, offerId);
    return toOffer(ctx, auth, o, state.access, state.reason);
  },

  /** Asks the network for access to an approval-required offer; answers the access afterwards. */
  async requestAccess(ctx: AppContext, auth: PublisherAuth, offerId: number): Promise<{ access: OfferAccessState }> {
    await this.findVisibleOrFail(ctx, auth, offerId);
    const r = await offerAccessRequests.request(ctx, auth.publisherId, offerId);
    return { access: r.status === 'granted' ? 'run' : 'requested' };
  },

  async details(ctx: AppContext, auth: PublisherAuth, offerId: number): Promise<OfferDetails> {
    const o = await this.findVisibleOrFail(ctx, auth, offerId);
    return {
      offer_id: o.id,
      offer_name: o.name,
      offer_status: o.runnable ? o.status : 'pending',
      offer_description: sanitizeHtml(o.description),
      offer_expire_date: o.expire_date,
      offer_geos: o.geos,
      offer_payout: Number(o.payout),
      offer_payout_type: o.payout_type,
      offer_tags: o.tags,
      offer_preview_url: o.preview_url,
      offer_conversion_method: o.conversion_method,
    };
  },

  async creatives(ctx: AppContext, auth: PublisherAuth, offerId: number): Promise<Creative[]> {
    await this.findVisibleOrFail(ctx, auth, offerId);
    const rows = await offersRepository.creatives(ctx.db, offerId);
    return rows.map((c) => ({ creative_id: c.id, creative_name: c.name, creative_type: c.type, creative_url: c.url }));
  },

  async trackingLink(ctx: AppContext, auth: PublisherAuth, offerId: number): Promise<OfferTrackingLink> {
    await this.findRunnableOrFail(ctx, auth, offerId);
    const pages = await offersRepository.landingPages(ctx.db, offerId);
    return {
      base_url: trackingBaseUrl(ctx, offerId, auth.publisherId),
      landing_page_list: pages.map((p) => ({
        landing_page_name: p.name,
        landing_page_cr: p.id,
        default: p.is_default,
      })),
    };
  },

  async landingPages(ctx: AppContext, auth: PublisherAuth, offerId: number): Promise<LandingPageItem[]> {
    await this.findRunnableOrFail(ctx, auth, offerId);
    const pages = await offersRepository.landingPages(ctx.db, offerId);
    return pages.map((p) => ({ id: p.id, name: p.name, is_default: p.is_default }));
  },

  async events(ctx: AppContext, auth: PublisherAuth, offerId: number): Promise<EventListItem[]> {
    await this.findRunnableOrFail(ctx, auth, offerId);
    const events = await offersRepository.events(ctx.db, offerId);
    return events.map((e) => ({ event_id: e.id, name: e.name, event_type: e.event_type }));
  },

  options: (subject: SearchSubject): Option[] => SEARCH_OPTIONS[subject],

  async list(
    ctx: AppContext,
    auth: PublisherAuth,
    req: {
      sort: 'name' | 'offer_id';
      order: SortOrder;
      limit: number;
      search: string | null;
      cursor?: string | null | undefined;
      filters: { status?: string[] | null | undefined };
    },
  ): Promise<OfferListResponse> {
    const k = keyset({
      sort: req.sort,
      order: req.order,
      key: OFFER_LIST_SORT_KEYS[req.sort],
      id: sql`offers.id`,
      cursor: req.cursor,
    });
    const rows = await offersRepository.list(ctx.db, auth.publisherId, {
      keyset: k,
      limit: req.limit,
      search: req.search,
      statuses: req.filters.status ?? null,
    });
    return keysetPage(
      k,
      rows,
      req.limit,
      (r) => r.id,
      (r) => ({
        offer_id: r.id,
        id: r.id,
        name: r.name,
        status: r.status,
        payout: Number(r.payout),
        payout_type: r.payout_type,
        preview_url: r.preview_url,
        created_at: new Date(r.created_at).toISOString(),
      }),
    );
  },

  /** My Offers (docs/screens.md): runnable offers with metrics over the range, default today in the user's zone. */
  async campaignTable(
    ctx: AppContext,
    auth: PublisherAuth,
    req: {
      sort: CampaignTableSort;
      order: SortOrder;
      limit: number;
      search: string | null;
      cursor?: string | null | undefined;
      filters: { date_range?: DateRange | null | undefined };
    },
  ): Promise<CampaignTableResponse> {
    const k = keyset({
      sort: req.sort,
      order: req.order,
      key: CAMPAIGN_SORT_KEYS[req.sort],
      id: sql`r.id`,
      cursor: req.cursor,
    });
    const tz = await accountsService.timezoneOf(ctx, auth.userId);
    const today = localDate(tz, Date.now());
    const range = req.filters.date_range ?? { start: today, end: today };
    // A bound on the scan, the same as the reports' (about three years).
    if ((Date.parse(range.end) - Date.parse(range.start)) / 86_400_000 > MAX_RANGE_DAYS) {
      throw fieldError('filters.date_range', ERROR_CODES.BAD_FORMAT, `Choose at most ${MAX_RANGE_DAYS} days.`);
    }
    // [from, to) instants of the calendar days in the user's zone (docs/api.md "Filters").
    const { from, to } = localRange(tz, range.start, range.end);
    const rows = await offersRepository.campaignTable(ctx.db, auth.publisherId, {
      metrics: await reportsService.offerMetrics(ctx, auth.publisherId, from, to),
      keyset: k,
      limit: req.limit,
      search: req.search,
    });
    return keysetPage(
      k,
      rows,
      req.limit,
      (r) => r.id,
      (r) => ({
        offer_id: r.id,
        id: r.id,
        name: r.name,
        status: r.status,
        payout: Number(r.payout),
        payout_type: r.payout_type,
        clicks: Number(r.clicks),
        clicks_unique: Number(r.clicks_unique),
        epc: Number(r.epc),
        earnings: Number(r.earnings),
        preview_url: r.preview_url,
      }),
    );
  },
};
