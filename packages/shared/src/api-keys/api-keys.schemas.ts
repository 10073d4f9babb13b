import { z } from 'zod';
import { dataEnvelope, emptyRequestSchema } from '../common/envelope.ts';
import { idSchema } from '../offers/offers.schemas.ts';
import { API_KEY_DEFAULT_SCOPE, API_KEY_NAME_MAX, API_KEY_SCOPES, API_KEY_STATUSES } from './api-keys.constants.ts';

/**
 * Publisher API keys (Profile → API Keys): create, list, revoke. Managed with a session only; a key
 * itself calls the reports, totals, offers and invoices groups (scope `read`) and, with scope
 * `read_write`, the postbacks too.
 */
export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** `ppk_` and the key's 8-character id: enough to recognise it, nothing of the secret. */
  prefix: z.string(),
  status: z.enum(API_KEY_STATUSES),
  scope: z.enum(API_KEY_SCOPES),
  /** ISO 8601, UTC. */
  created_at: z.string(),
  /** ISO 8601, UTC: every key expires. */
  expires_at: z.string(),
  /** ISO 8601, UTC, to the minute; null: never used. */
  last_used_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListRequestSchema = emptyRequestSchema;
export const apiKeyListResponseSchema = dataEnvelope(z.array(apiKeySchema));
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

/**
 * Making a key proves the account's current password (and a two-factor code when it is on) in the
 * same request: a borrowed or stolen session alone cannot mint a credential that outlives it.
 * Missing or wrong values get field errors from the server, not from this schema.
 */
export const apiKeyCreateRequestSchema = z.strictObject({
  name: z.string().trim().min(1).max(API_KEY_NAME_MAX),
  scope: z.enum(API_KEY_SCOPES).default(API_KEY_DEFAULT_SCOPE),
  /** ISO 8601 date-time with an offset, in the future, at most a year ahead; absent: in 90 days. */
  expires_at: z.iso.datetime({ offset: true }).optional(),
  password: z.string().max(1024).nullish(),
  /** A current two-factor code or an unused recovery code, when two-factor authentication is on. */
  code: z.string().max(32).nullish(),
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
