import { z } from 'zod';

/**
 * The tracking endpoints' parameters (docs/tracking.md): `GET /c/{offer_id}/{publisher_id}`,
 * `GET|POST /postback` and `GET /pixel`. They are lenient: they name the parameters the portal
 * reads and let every other one through untouched (a tracking link or an advertiser's call carries
 * its own), and no value is refused here. What a value means, and what is refused with which
 * reason, is the tracking engine's (a non-numeric offer id goes to the fallback; a bad `amount` is a
 * `bad_request` refusal), so these schemas never answer for it.
 */

/** Longest text value kept of a tracking parameter (longer ones are cut). */
export const TRACKING_TEXT_MAX = 255;

// PostgreSQL text cannot hold NUL; a value carrying one would fail the statement that stores it.
const NUL = new RegExp(String.fromCharCode(0), 'g');

/**
 * The one sanitiser of tracking text parameters: a string (or number) trimmed, NUL characters
 * dropped, cut to `max` characters; anything else, or an empty value, is none.
 */
export function trackingText(v: unknown, max = TRACKING_TEXT_MAX): string | null {
  if (typeof v !== 'string') {
    if (typeof v !== 'number') return null;
    v = String(v);
  }
  const s = v as string;
  const t = (s.includes('\0') ? s.replace(NUL, '') : s).trim();
  return t === '' ? null : t.slice(0, max);
}

/** An id as a tracking path or `cr` gives it: a positive integer an int4 column can hold. */
export const TRACKING_ID_PATTERN = /^[1-9][0-9]{0,9}$/;
export const TRACKING_ID_MAX = 2_147_483_647;
/** The id `v` names, or null (not a number, or out of range). */
export const trackingId = (v: string): number | null =>
  TRACKING_ID_PATTERN.test(v) && Number(v) <= TRACKING_ID_MAX ? Number(v) : null;

/** A parameter the portal reads: a string, or (repeated, or of another type in a body) none, never a refusal. */
const lenient = (description: string) => z.string().optional().catch(undefined).describe(description);
const text = (description: string) =>
  lenient(`${description} Trimmed, NUL characters dropped, ${TRACKING_TEXT_MAX} kept.`);
const sub = (n: number) => text(`Sub ID ${n}: the publisher's own value, shown in reports and passed to macros.`);

/**
 * `/c/{offer_id}/{publisher_id}`, the route's pattern `/c/:offerId/:publisherId` (as the request log
 * names it): any value is taken; one that names no offer or publisher goes to the fallback.
 */
export const ClickPathSchema = z.object({
  offerId: z.string().describe("The offer's id (a positive integer; anything else goes to the fallback URL)."),
  publisherId: z.string().describe("The publisher's id (a positive integer; anything else goes to the fallback URL)."),
});

/** A click's query: the parameters the portal reads; any other passes through (ignored). */
export const ClickQuerySchema = z.looseObject({
  cr: lenient("The landing page's id (one of the offer's; else the offer's default page)."),
  pub_click_id: text("The publisher's own click id."),
  pub_source: text("The publisher's traffic source."),
  s1: sub(1),
  s2: sub(2),
  s3: sub(3),
  s4: sub(4),
  s5: sub(5),
});
export type ClickQuery = z.infer<typeof ClickQuerySchema>;

const adv = (n: number) => text(`The advertiser's own value ${n}, kept on the conversion.`);

/**
 * A conversion call's parameters (`/postback` query and body, `/pixel` query): what the portal
 * reads; any other passes through (ignored).
 */
export const ConversionParamsSchema = z.looseObject({
  tid: lenient("The click's transaction id (the landing page's `{tid}`); 64 characters kept."),
  event_id: lenient("The offer's event id (none: the base event); 64 characters kept."),
  amount: lenient('The sale amount, a non-negative number (revenue share pays a percentage of it; 4 decimals kept).'),
  adv_transaction_id: text("The advertiser's order id: one conversion per order id and offer."),
  adv_s1: adv(1),
  adv_s2: adv(2),
  adv_s3: adv(3),
  adv_s4: adv(4),
  adv_s5: adv(5),
});
export type ConversionParams = z.infer<typeof ConversionParamsSchema>;

/** `/postback` also takes the advertiser's token as a parameter (or `Authorization: Bearer`). */
export const PostbackParamsSchema = ConversionParamsSchema.extend({
  token: lenient("The advertiser's conversion token, if not sent as `Authorization: Bearer`; 512 characters kept."),
  status: lenient(
    "The conversion's status as the advertiser decides it: pending, approved or rejected (docs/money.md); none: the offer's approval decides.",
  ),
  reason: lenient('Why (a rejection gives one; 1,000 characters kept).'),
});
export type PostbackParams = z.infer<typeof PostbackParamsSchema>;

/** `/pixel` may be signed: `sig` last, over the raw query before it. */
export const PixelParamsSchema = ConversionParamsSchema.extend({
  sig: lenient(
    "Hex HMAC-SHA256 of the raw query before it, with the advertiser's pixel secret; appended last. Only a signed pixel's amount counts, and only a signed pixel may name an event other than the offer's base one.",
  ),
});

/** What a recorded or repeated conversion call answers. */
export const ConversionAnswerSchema = z.object({
  success: z.literal(true),
  duplicate: z.boolean().describe('The same conversion was recorded before (nothing new is counted).'),
  conversion_id: z.string().nullable(),
  payout: z.number().optional().describe("The publisher's payout of a new conversion."),
  status: z
    .string()
    .optional()
    .describe("A new conversion's status: approved, or pending (held) or rejected (docs/money.md)."),
});

/** `/postback/status`: the advertiser changes a conversion's status later (docs/money.md). */
export const StatusPostbackParamsSchema = z.looseObject({
  token: lenient("The advertiser's conversion token, if not sent as `Authorization: Bearer`."),
  tid: lenient("The click's transaction id (or adv_transaction_id)."),
  adv_transaction_id: text("The advertiser's order id (instead of tid)."),
  event_id: lenient("The offer's event id (none: every event of the click or order)."),
  status: lenient('approved or rejected.'),
  reason: lenient('Why (a rejection needs one; 1,000 characters kept).'),
});
export type StatusPostbackParams = z.infer<typeof StatusPostbackParamsSchema>;

/** What `/postback/status` answers when the status is set (or already was). */
export const StatusPostbackAnswerSchema = z.object({
  success: z.literal(true),
  conversion_id: z.string(),
  status: z.string(),
  previous_status: z.string(),
});

/** What a refused conversion call answers: the error, and the reason it is stored with. */
export const ConversionRefusalSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
  reason: z
    .string()
    .describe(
      'missing_token, bad_token, bad_signature, pixel_not_allowed, postback_not_allowed, unknown_tid, unknown_event, transaction_conflict, lookback_expired, cap_reached, offer_inactive, bad_request or loop.',
    ),
});
