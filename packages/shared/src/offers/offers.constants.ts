import type { OfferStatus } from '../constants.ts';

/**
 * The offers' constants and labels, without zod: the web app's screens import these, and a lazy
 * route should not carry the schema library for a label (offers.schemas.ts re-exports them).
 */
export const PAYOUT_TYPES = ['cpa', 'revshare'] as const;
export type PayoutType = (typeof PAYOUT_TYPES)[number];
export const PAYOUT_TYPE_LABELS: Record<PayoutType, string> = { cpa: 'CPA', revshare: 'Revenue share' };

export const OFFER_STATUS_LABELS: Record<OfferStatus, string> = {
  active: 'Active',
  ready: 'Ready',
  paused: 'Paused',
  expired: 'Expired',
  pending: 'Pending Approval',
};

export const EVENT_TYPES = ['conversion', 'partial', 'upsell'] as const;
export type EventType = (typeof EVENT_TYPES)[number];
export const EVENT_TYPE_LABELS: Record<EventType, string> = {
  conversion: 'Conversion',
  partial: 'Partial',
  upsell: 'Upsell',
};

/**
 * How an offer's conversions arrive (docs/money.md): approved at once, held for `hold_days` then
 * approved unless rejected meanwhile, or pending until an operator or the advertiser decides.
 */
export const CONVERSION_APPROVALS = ['auto', 'hold', 'manual'] as const;
export type ConversionApproval = (typeof CONVERSION_APPROVALS)[number];
export const CONVERSION_APPROVAL_LABELS: Record<ConversionApproval, string> = {
  auto: 'Approve at once',
  hold: 'Hold for a number of days',
  manual: 'Manual approval',
};
/** A hold's shortest and longest (days), and the longest minimum click-to-conversion time (30 days, in seconds). */
export const HOLD_DAYS_MIN = 1;
export const HOLD_DAYS_MAX = 90;
export const MIN_CTIT_SECONDS_MAX = 2_592_000;

export const CREATIVE_TYPES = ['image', 'video', 'audio', 'link', 'flash', 'text', 'html'] as const;
export type CreativeType = (typeof CREATIVE_TYPES)[number];

/** Tracking link variables (docs/api.md) appended by the builder when they have a value. */
export const TRACKING_LINK_VARIABLES = [
  { key: 'pub_click_id', label: 'Click ID' },
  { key: 'pub_source', label: 'Source ID' },
  { key: 's1', label: 'Sub ID 1' },
  { key: 's2', label: 'Sub ID 2' },
  { key: 's3', label: 'Sub ID 3' },
  { key: 's4', label: 'Sub ID 4' },
  { key: 's5', label: 'Sub ID 5' },
] as const;

/**
 * Who sees an offer: every publisher (`public`); every publisher, who runs it once granted and may
 * ask for access meanwhile (`approval_required`); only granted publishers (`private`).
 */
export const OFFER_VISIBILITIES = ['public', 'approval_required', 'private'] as const;
export type OfferVisibility = (typeof OFFER_VISIBILITIES)[number];
export const OFFER_VISIBILITY_LABELS: Record<OfferVisibility, string> = {
  public: 'Public',
  approval_required: 'Approval required',
  private: 'Private',
};

/** A publisher's access to an offer it sees (offers.schemas.ts `access`). */
export const OFFER_ACCESS_STATES = ['run', 'request', 'requested', 'declined'] as const;
export type OfferAccessState = (typeof OFFER_ACCESS_STATES)[number];
