import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';
import { PAYMENT_METHODS } from './payment-details.constants.ts';

export * from './payment-details.constants.ts';

/**
 * `POST /payment-details` and `/payment-details/update` (docs/api.md "Payment details"): where the
 * publisher is paid. Field checks (per method, the IBAN's checksum, the password and the code) are
 * the server's, answered as coded field errors.
 */
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);

/** The publisher's own details, in full. */
export const paymentDetailsSchema = z.object({
  method: paymentMethodSchema,
  paypal_email: z.string().nullable(),
  account_holder: z.string().nullable(),
  iban: z.string().nullable(),
  account_number: z.string().nullable(),
  swift: z.string().nullable(),
  note: z.string().nullable(),
  updated_at: z.string(),
  /** Payment waits until then after a change (null: not paused). */
  payment_paused_until: z.string().nullable(),
});
export type PaymentDetails = z.infer<typeof paymentDetailsSchema>;
export const paymentDetailsResponseSchema = dataEnvelope(paymentDetailsSchema.nullable());
export type PaymentDetailsResponse = z.infer<typeof paymentDetailsResponseSchema>;

/** The details as operators see them: each value masked but for its last four characters. */
export const maskedPaymentDetailsSchema = paymentDetailsSchema;
export type MaskedPaymentDetails = PaymentDetails;

const text = (max: number) =>
  z
    .string()
    .max(max * 4)
    .nullish();
export const paymentDetailsUpdateRequestSchema = z.strictObject({
  method: z.string().max(32).nullish(),
  paypal_email: text(256),
  account_holder: text(128),
  iban: text(42),
  account_number: text(34),
  swift: text(11),
  note: text(1000),
  password: z.string().max(100_000).nullish(),
  code: z.string().max(64).nullish(),
});
export type PaymentDetailsUpdateRequest = z.infer<typeof paymentDetailsUpdateRequestSchema>;
