import { z } from 'zod';
import {
  ConversionAnswerSchema,
  ConversionRefusalSchema,
  PostbackParamsSchema,
  StatusPostbackAnswerSchema,
  StatusPostbackParamsSchema,
} from '@portal/shared';

/**
 * What the API document says of the tracking endpoints (docs/tracking.md) beyond their routes'
 * parameters: they answer redirects, images and pages as well as JSON, and their refusals carry a
 * reason, so they declare every answer here instead of the answers plugins/openapi.ts derives for
 * the publisher API. They live at PUBLIC_TRACKING_URL (the portal's address unless set) and hold no
 * session: the conversion call's token is its own parameter or bearer header.
 */

const json = (schema: z.ZodType) => {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
  return rest;
};
const ERROR = { $ref: '#/components/schemas/Error' };
const errorAnswer = (description: string) => ({ description, content: { 'application/json': { schema: ERROR } } });
const retryAfter = {
  'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
};
const refusal = (description: string) => ({
  description,
  content: { 'application/json': { schema: json(ConversionRefusalSchema) } },
});
const GIF = { 'image/gif': { schema: { type: 'string', contentEncoding: 'base64' } } };

const FAULT = errorAnswer('A fault on our side; nothing internal is said (0x500).');
const UNAVAILABLE = {
  ...errorAnswer('The database is briefly unavailable (0x5030): nothing was recorded.'),
  headers: retryAfter,
};

const conversionAnswers = {
  '200': {
    description: 'Recorded (`duplicate: false`, with the payout), or recorded before (`duplicate: true`).',
    content: { 'application/json': { schema: json(ConversionAnswerSchema) } },
  },
  '401': refusal('Refused, `missing_token`: a server call without a token.'),
  '403': refusal(
    "Refused: `bad_token` (unknown, inactive or another advertiser's), `postback_not_allowed` (the offer takes pixels only).",
  ),
  '404': refusal('Refused: `unknown_tid` (no tid, or no click with it), `unknown_event`.'),
  '409': refusal('Refused, `transaction_conflict`: the order id is recorded for another click of the offer.'),
  '422': refusal('Refused: `lookback_expired`, `cap_reached`, `offer_inactive`, `bad_request` (a bad `amount`).'),
  '429': {
    ...refusal("Refused, past the client address's budget of refused calls a minute."),
    headers: retryAfter,
  },
  '500': FAULT,
  '503': UNAVAILABLE,
  '508': refusal("Refused, `loop`: the call came from one of this portal's own postback deliveries."),
};

const conversionDescription =
  "The advertiser's server reports a conversion of a click (its `tid`), exactly once, with its token as the " +
  '`token` parameter or `Authorization: Bearer <token>`. Parameters may come in the query or, on POST, a JSON or ' +
  'form body (the body wins); other parameters are ignored. Every refusal is recorded with its reason.';

const statusAnswers = {
  '200': {
    description: 'Set, or already so: the conversion, its status and its status before.',
    content: { 'application/json': { schema: json(StatusPostbackAnswerSchema) } },
  },
  '401': refusal('Refused, `missing_token`.'),
  '403': refusal("Refused: `bad_token`, or `other_advertiser` (another advertiser's conversion, 0x4030)."),
  '404': refusal('Refused, `unknown_conversion`: no conversion has this tid or order id (0x4040).'),
  '409': refusal(
    'Refused: `reversed` (a reversal is final), `not_allowed` (a rejection 60 days after payment) (0x4090).',
  ),
  '422': refusal('Refused, `bad_request`: a bad status, a rejection without a reason, several conversions match.'),
  '500': FAULT,
  '503': UNAVAILABLE,
};

const statusDescription =
  "The advertiser approves or rejects one of its conversions later (docs/money.md), by its click's `tid` or its " +
  '`adv_transaction_id` (with `event_id` when several match), authenticated as the conversion call is.';

/** Each tracking operation's summary, description and answers (and the POST's body), by operationId. */
export const TRACKING_OPERATIONS: Record<string, Record<string, unknown>> = {
  click: {
    summary: 'Record a click and redirect the visitor to the landing page',
    description:
      "A tracking link. The click is stored before the redirect leaves: to the offer's landing page (`cr`, else its " +
      'default) with its macros filled, or to the fallback URL when the offer cannot take it (stored with the ' +
      'reason). Other query parameters are ignored.',
    responses: {
      '302': {
        description:
          'The click is stored. `Location`: the landing page or the fallback URL. A top-level navigation also gets ' +
          'the click cookie `ptid` (90 days), which the pixel falls back to.',
        headers: {
          Location: { description: 'Where the visitor goes.', schema: { type: 'string', format: 'uri' } },
          'Set-Cookie': { description: '`ptid={tid}` on a top-level navigation.', schema: { type: 'string' } },
        },
      },
      '500': FAULT,
      '503': {
        ...errorAnswer('The click could not be stored in time (0x5030): no redirect for a click not stored.'),
        headers: retryAfter,
      },
      '508': errorAnswer("The click came from one of this portal's own postback deliveries, a loop (0x5080)."),
    },
  },
  conversionGet: {
    summary: 'Report a conversion (server to server)',
    description: conversionDescription,
    responses: conversionAnswers,
  },
  conversionPost: {
    summary: 'Report a conversion (server to server), parameters in the body',
    description: conversionDescription,
    requestBody: {
      required: false,
      content: {
        'application/json': { schema: json(PostbackParamsSchema) },
        'application/x-www-form-urlencoded': { schema: json(PostbackParamsSchema) },
      },
    },
    responses: {
      ...conversionAnswers,
      '400': errorAnswer('The body is not valid JSON (0x4010).'),
      '413': errorAnswer('The body is larger than the server accepts (0x4130).'),
      '415': errorAnswer('The body is neither JSON nor a form (0x4150).'),
    },
  },
  conversionStatusGet: {
    summary: "Change a conversion's status (server to server)",
    description: statusDescription,
    responses: statusAnswers,
  },
  conversionStatusPost: {
    summary: "Change a conversion's status (server to server), parameters in the body",
    description: statusDescription,
    requestBody: {
      required: false,
      content: {
        'application/json': { schema: json(StatusPostbackParamsSchema) },
        'application/x-www-form-urlencoded': { schema: json(StatusPostbackParamsSchema) },
      },
    },
    responses: {
      ...statusAnswers,
      '400': errorAnswer('The body is not valid JSON (0x4010).'),
      '413': errorAnswer('The body is larger than the server accepts (0x4130).'),
      '415': errorAnswer('The body is neither JSON nor a form (0x4150).'),
    },
  },
  pixel: {
    summary: "The thank-you page's conversion pixel",
    description:
      'Records a conversion where the offer takes pixels (its `tid`, else the click cookie `ptid` of an unsigned ' +
      "pixel) and answers the publisher's pixels, each in a sandboxed frame, or a 1×1 GIF. Only a query signed " +
      "with the advertiser's pixel secret (`sig`, last) may carry an amount. It never answers an error a page " +
      'would show: a refused call gets its GIF too.',
    responses: {
      '200': {
        description: "The publisher's pixels in sandboxed frames (a new conversion with pixels), else a 1×1 GIF.",
        content: { 'text/html': { schema: { type: 'string' } }, ...GIF },
      },
      '404': {
        description: "The 1×1 GIF: asked for on the portal's own address, where pixels never run.",
        content: GIF,
      },
      '429': {
        description: "The 1×1 GIF, refused past the client address's budget of refused calls a minute.",
        headers: retryAfter,
        content: GIF,
      },
      '500': FAULT,
      '503': UNAVAILABLE,
    },
  },
};
