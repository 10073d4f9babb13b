import ipaddr from 'ipaddr.js';
import type { AppContext } from '../../context.ts';
import type { ConversionStatus } from '../../db/tracking-types.ts';
import { geoService } from '../geo/geo.service.ts';
import {
  refusal,
  textParam,
  type CallFacts,
  type ConversionRequest,
  type FoundClick,
  type Refusal,
} from './conversion.types.ts';
import { trackingRepository } from './tracking.repository.ts';

const DAY_MS = 86_400_000;
export const ARRIVAL_REASON_MAX = 1000;

/** How a conversion arrives (docs/money.md, "How a conversion arrives"): its status, why, its flags. */
export interface Arrival {
  status: Exclude<ConversionStatus, 'reversed'>;
  /** Why (the advertiser's reason); not named `reason`, which is a refusal's (conversion.types.ts `isRefusal`). */
  statusReason: string | null;
  flags: string[];
  /** A held conversion's approval time. */
  approveAfter: Date | null;
  /** The visitor's address: a pixel's own, a server postback's click's (its server's address says nothing of the visitor). */
  ip: string | null;
  /** Who decided a status other than approved: the advertiser on its call, or the engine. */
  actorKind: 'engine' | 'advertiser';
}

const ADVERTISER_STATUSES = new Set(['pending', 'approved', 'rejected']);

/**
 * Step 3½: the conversion's status on arrival. The offer's approval (`auto` approved, `hold`
 * pending until `hold_days` pass, `manual` pending); the advertiser's `status` on a server postback
 * (pending, approved, rejected with its `reason`) decides over the offer's mode; whatever either
 * says, a fraud signal holds it pending with its flags (a rejection stays a rejection): a click
 * sooner than the offer's `min_ctit_seconds`, an address in a country outside the offer's regions,
 * or another conversion of the offer (of another click) from the same address in the 24 hours before.
 */
export async function decideArrival(
  ctx: AppContext,
  req: ConversionRequest,
  call: CallFacts,
  { click, offer }: FoundClick,
): Promise<Arrival | Refusal> {
  let said: string | null = null;
  let reason: string | null = null;
  if (req.source === 'postback') {
    said = textParam(req.status, 32)?.toLowerCase() ?? null;
    if (said && !ADVERTISER_STATUSES.has(said))
      return refusal('bad_request', 'status must be pending, approved or rejected.', {
        ids: { publisher_id: click.publisher_id, offer_id: offer.id, advertiser_id: offer.advertiserId },
      });
    reason = textParam(req.reason, ARRIVAL_REASON_MAX);
  }
  const ip = req.source === 'pixel' ? (req.ip ?? null) : (click.ip ?? null);

  const flags: string[] = [];
  // The demo seed's history looks for none: its small pool of visitors would trip the repeat-address one.
  if (req.fraudSignals !== false) await addSignals(ctx, flags, call.at, ip, click, offer);

  const held =
    offer.conversionApproval === 'hold' && offer.holdDays
      ? new Date(call.at.getTime() + offer.holdDays * DAY_MS)
      : null;
  const actorKind = said ? 'advertiser' : 'engine';
  if (said === 'rejected')
    return {
      status: 'rejected',
      statusReason: reason ?? 'Rejected by the advertiser.',
      flags,
      approveAfter: null,
      ip,
      actorKind,
    };
  if (flags.length > 0)
    return { status: 'pending', statusReason: null, flags, approveAfter: held, ip, actorKind: 'engine' };
  if (said === 'approved')
    return { status: 'approved', statusReason: reason, flags, approveAfter: null, ip, actorKind };
  if (said === 'pending') return { status: 'pending', statusReason: reason, flags, approveAfter: held, ip, actorKind };
  if (offer.conversionApproval === 'auto')
    return { status: 'approved', statusReason: null, flags, approveAfter: null, ip, actorKind };
  return { status: 'pending', statusReason: null, flags, approveAfter: held, ip, actorKind };
}

/**
 * The fraud signals. The repeat-address one looks only at public addresses: a loopback or private
 * address names a proxy or a test, not a visitor.
 */
async function addSignals(
  ctx: AppContext,
  flags: string[],
  at: Date,
  ip: string | null,
  click: FoundClick['click'],
  offer: FoundClick['offer'],
): Promise<void> {
  if (offer.minCtitSeconds > 0 && at.getTime() - new Date(click.created_at).getTime() < offer.minCtitSeconds * 1000)
    flags.push('short_ctit');
  if (offer.geos.length > 0) {
    const country = geoService.countryOfAddress(ctx.config.GEO_IP_COUNTRY_FILE, ip);
    if (country && !offer.geos.includes(country)) flags.push('outside_regions');
  }
  if (
    ip &&
    isPublicAddress(ip) &&
    (await trackingRepository.conversionFromAddress(ctx.db, offer.id, ip, click.id, at, DAY_MS))
  )
    flags.push('repeat_address');
}

function isPublicAddress(ip: string): boolean {
  try {
    return ipaddr.process(ip).range() === 'unicast';
  } catch {
    return false;
  }
}

/** What the arrival row of a conversion's history says, when it did not simply arrive approved. */
export function arrivalReason(a: Arrival, holdDays: number | null): string | null {
  if (a.flags.length > 0) return `Held for review: ${a.flags.join(', ')}`;
  if (a.statusReason) return a.statusReason;
  if (a.status === 'pending' && a.approveAfter) return `Held for ${holdDays} days`;
  if (a.status === 'pending') return 'Waiting for approval';
  return null;
}
