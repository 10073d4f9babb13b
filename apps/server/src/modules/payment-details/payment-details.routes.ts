import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  noBodyRequestSchema,
  paymentDetailsResponseSchema,
  paymentDetailsUpdateRequestSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import { paymentDetailsService } from './payment-details.service.ts';

/** The profile's Payment details: read and changed (session only: an API key cannot reach them). */
export const paymentDetailsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    const base = { tags: ['payment details'] };

    app.post(
      API_PATHS.paymentDetails,
      {
        schema: {
          ...base,
          summary: "The publisher's payment details, in full (null: none given yet)",
          body: noBodyRequestSchema,
          response: { 200: paymentDetailsResponseSchema },
        },
      },
      async (req) => ({ data: await paymentDetailsService.read(ctx, publisherOf(req)) }),
    );

    app.post(
      API_PATHS.paymentDetailsUpdate,
      {
        schema: {
          ...base,
          summary: 'Change the payment details: the current password (and the 2FA code) required',
          description:
            'E-mails the account and pauses payment for 72 hours. Field errors: method 0x4013 (missing), 0x4010 ' +
            '(unknown); paypal_email, account_holder, iban, account_number, swift, note 0x4001 (missing for the ' +
            'method), 0x4010 (malformed or too long), 0x4011 (IBAN checksum, SWIFT/BIC); password 0x4001, 0x4011; ' +
            'code 0x4001, 0x4011.',
          body: paymentDetailsUpdateRequestSchema,
          response: { 200: paymentDetailsResponseSchema },
        },
      },
      async (req) => ({
        data: await paymentDetailsService.update(ctx, publisherOf(req), req.body, req.ip),
      }),
    );
  };
