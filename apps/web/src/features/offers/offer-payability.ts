import type { OfferStatus } from '@portal/shared/constants';

/**
 * Why clicks on an offer's tracking link will not convert now, in plain words, or null when they
 * can. The tracker sends such clicks to a fallback page and records no conversion for them
 * (docs/tracking.md, Clicks): a paused, expired, pending or not-yet-live offer, or one whose expiry
 * date (UTC) has passed.
 */
export function notPayingReason(offer: { status: OfferStatus; expiration: string | null }, now = new Date()) {
  const expired = offer.expiration !== null && offer.expiration < now.toISOString().slice(0, 10);
  switch (offer.status) {
    case 'paused':
      return 'This offer is paused: clicks go to a fallback page and earn nothing until the network resumes it.';
    case 'expired':
      return 'This offer has expired: clicks go to a fallback page and earn nothing.';
    case 'pending':
      return 'This offer is pending approval: clicks go to a fallback page and earn nothing until the network approves it.';
    case 'ready':
      return 'This offer is not live yet: clicks go to a fallback page and earn nothing until the network starts it.';
    case 'active':
      return expired
        ? `This offer expired on ${offer.expiration}: clicks go to a fallback page and earn nothing.`
        : null;
  }
}
