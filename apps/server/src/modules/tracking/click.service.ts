import { trackingId, trackingText, type ClickQuery } from '@portal/shared';
import type { ClickFallbackReason } from '../../db/types.ts';
import type { ClickRow, FallbackRow } from '../events/events.service.ts';
import { LANDING_MACROS, renderUrl } from '../../lib/macros.ts';
import type { CachedOffer, ClickState, TrackingCache } from './tracking-cache.ts';
import { utcDay } from './tracking-cache.ts';
import { uuidv7 } from './uuid7.ts';

/** Query parameters a click may carry (docs/tracking.md; the shared ClickQuerySchema); others are ignored. */
export type ClickParams = ClickQuery;

export interface ClickRequest {
  offerId: string;
  publisherId: string;
  params: ClickParams;
  ip: string | null;
  userAgent: string | null;
  at: Date;
}

export type { ClickRow, FallbackRow };

export type ClickDecision =
  { kind: 'click'; row: ClickRow; location: string } | { kind: 'fallback'; row: FallbackRow; location: string };

// PostgreSQL text cannot hold NUL (a user agent carrying one would fail the whole batch).
const NUL = new RegExp(String.fromCharCode(0), 'g');
const text = (v: unknown): string | null => trackingText(v);
/** An id as the path or `cr` gives it: a positive integer the id columns (int4) can hold, else null. */
const asId = trackingId;

function offerBlock(offer: CachedOffer, at: Date): ClickFallbackReason | null {
  switch (offer.status) {
    case 'active':
      break;
    case 'paused':
      return 'offer_paused';
    case 'expired':
      return 'offer_expired';
    case 'pending':
      return 'offer_pending';
    case 'ready':
      return 'offer_inactive';
  }
  if (offer.expireDate && offer.expireDate < utcDay(at)) return 'offer_expired';
  return null;
}

/**
 * Decides where a click goes (docs/tracking.md): the chosen landing page with its macros filled, or the
 * fallback URL with the reason. Reads only the in-memory cache, synchronously when it holds what
 * the click needs (all but a few clicks per cache period); the caller stores the row.
 */
export function decideClick(
  cache: TrackingCache,
  defaultFallback: string,
  req: ClickRequest,
): ClickDecision | Promise<ClickDecision> {
  const offerId = asId(req.offerId);
  const publisherId = asId(req.publisherId);
  if (offerId === null)
    return decide(defaultFallback, req, offerId, publisherId, { offer: null, publisher: null, capReached: false });
  // 0 is no publisher's id: it loads as none, like an id that does not exist.
  const state = cache.peekClick(offerId, publisherId ?? 0, req.at);
  if (state) return decide(defaultFallback, req, offerId, publisherId, state);
  return cache
    .loadClick(offerId, publisherId ?? 0, req.at)
    .then((s) => decide(defaultFallback, req, offerId, publisherId, s));
}

function decide(
  defaultFallback: string,
  req: ClickRequest,
  offerId: number | null,
  publisherId: number | null,
  state: ClickState,
): ClickDecision {
  const p = req.params;
  const sub = { s1: text(p.s1), s2: text(p.s2), s3: text(p.s3), s4: text(p.s4), s5: text(p.s5) };
  const pubClickId = text(p.pub_click_id);
  const pubSource = text(p.pub_source);
  const userAgent = req.userAgent === null ? null : req.userAgent.replace(NUL, '').slice(0, 512);

  const fallback = (reason: ClickFallbackReason, offer: CachedOffer | null): ClickDecision => {
    const location = offer?.fallbackUrl ?? defaultFallback;
    return {
      kind: 'fallback',
      location,
      row: {
        created_at: req.at,
        publisher_id: publisherId,
        offer_id: offerId,
        reason,
        redirect_url: location,
        s1: sub.s1,
        pub_click_id: pubClickId,
        pub_source: pubSource,
        ip: req.ip,
        user_agent: userAgent,
      },
    };
  };

  const { offer, publisher } = state;
  if (!offer) return fallback('unknown_offer', null);
  if (!publisher || publisherId === null) return fallback('unknown_publisher', offer);
  if (publisher.status !== 'active') return fallback('inactive_publisher', offer);
  const blocked = offerBlock(offer, req.at);
  if (blocked) return fallback(blocked, offer);
  if (!offer.isPublic && !offer.allowed.has(publisherId)) return fallback('offer_not_allowed', offer);
  if (state.capReached) return fallback('cap_reached', offer);

  const cr = p.cr ? asId(p.cr) : null;
  const page =
    (cr !== null ? offer.landingPages.find((lp) => lp.id === cr) : undefined) ??
    offer.landingPages.find((lp) => lp.isDefault) ??
    offer.landingPages[0];
  if (!page) return fallback('no_landing_page', offer);

  const tid = uuidv7(req.at);
  const location = renderUrl(
    page.url,
    { tid, offer_id: offer.id, pub_id: publisherId, ...sub, pub_source: pubSource, pub_click_id: pubClickId },
    LANDING_MACROS,
  );
  if (!location) return fallback('no_landing_page', offer);
  return {
    kind: 'click',
    location,
    row: {
      id: tid,
      created_at: req.at,
      publisher_id: publisherId,
      offer_id: offer.id,
      landing_page_id: page.id,
      ...sub,
      pub_click_id: pubClickId,
      pub_source: pubSource,
      ip: req.ip,
      user_agent: userAgent,
    },
  };
}
