import { z } from 'zod';
import { dataEnvelope, emptyRequestSchema } from '../common/envelope.ts';
import { idSchema } from '../offers/offers.schemas.ts';
import { API_KEY_NAME_MAX, API_KEY_STATUSES } from './api-keys.constants.ts';

/**
 * Publisher API keys (Profile → API Keys): create, list, revoke. Managed with a session only; a key
 * itself calls the reports, totals, offers and postbacks groups.
 */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `ppk_` and the key's 8-character id: enough to recognise it, nothing of the secret. */
  prefix: z.string(),
  status: z.enum(API_KEY_STATUSES),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /** ISO 8601, UTC; null: never expires. */
  expires_at: z.string().nullable(),
  /** ISO 8601, UTC, to the minute; null: never used. */
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListRequestSchema = emptyRequestSchema;
export const apiKeyListResponseSchema = dataEnvelope(z.array(apiKeySchema));
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

export const apiKeyCreateRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
  /** ISO 8601 date-time with an offset, in the future; null or absent: never expires. */
  expires_at: z.iso.datetime({ offset: true }).nullish(),
});
export type ApiKeyCreateRequest = z.input<typeof apiKeyCreateRequestSchema>;

/** The created key: its list entry and, this once, the key itself. */
export const apiKeyCreateResponseSchema = dataEnvelope(apiKeySchema.extend({ key: z.string() }));
export type ApiKeyCreateResponse = z.infer<typeof apiKeyCreateResponseSchema>;
export type CreatedApiKey = ApiKeyCreateResponse['data'];

export const apiKeyRevokeRequestSchema = z.strictObject({ id: idSchema });
export type ApiKeyRevokeRequest = z.infer<typeof apiKeyRevokeRequestSchema>;
export const apiKeyRevokeResponseSchema = dataEnvelope(apiKeySchema.pick({ id: true, prefix: true }));
export type ApiKeyRevokeResponse = z.infer<typeof apiKeyRevokeResponseSchema>;
