import { z } from 'zod';
import { dataEnvelope } from '../common/envelope.ts';

/**
 * Signed postback deliveries (Standard Webhooks form): every server postback carries `Webhook-Id`,
 * `Webhook-Timestamp` (unix seconds) and `Webhook-Signature: v1,<base64 HMAC-SHA256>` over
 * `${id}.${timestamp}.${url}`, keyed by the base64-decoded part of the secret after `whsec_`.
 */
export const POSTBACK_SIGNING_SECRET_PREFIX = 'whsec_';

export const POSTBACK_SIGNATURE_HEADERS = {
  id: 'webhook-id',
  timestamp: 'webhook-timestamp',
  signature: 'webhook-signature',
} as const;

export const postbackSigningSecretSchema = z.object({
  /** `whsec_` + base64 of 32 random bytes. */
  postback_signing_secret: z.string(),
  /** ISO 8601, UTC: when this secret was made (created or rotated). */
  created_at: z.string(),
});
export type PostbackSigningSecret = z.infer<typeof postbackSigningSecretSchema>;

export const postbackSigningSecretResponseSchema = dataEnvelope(postbackSigningSecretSchema);
export type PostbackSigningSecretResponse = z.infer<typeof postbackSigningSecretResponseSchema>;
