/** What each refusal reason means (docs/tracking.md, Refusals). */
export const REFUSAL_REASON_TEXT: Record<string, string> = {
  missing_token: 'A server call without a token',
  bad_token: 'An unknown or inactive token, or another advertiser’s',
  bad_signature: 'A pixel whose signature does not match its query',
  pixel_not_allowed: 'A pixel on an offer that takes server postbacks only',
  postback_not_allowed: 'A server call on an offer that takes pixels only',
  unknown_tid: 'No tid, or no click with it',
  unknown_event: 'The offer has no such event',
  transaction_conflict: 'The order id is recorded for another click of the offer',
  lookback_expired: 'The click is older than the offer’s lookback window',
  cap_reached: 'A cap of the offer is full',
  bad_request: 'The amount is not a non-negative number',
  loop: 'The call came from one of the portal’s own postback deliveries',
  unsigned_event: 'An unsigned pixel for an event other than the offer’s base one',
  pixel_repeat: 'An unsigned pixel on a click that already has its conversion',
  pixel_daily_limit: 'The publisher’s unsigned pixel conversions for today are spent',
};
