import { z } from 'zod';
import { NOTIFICATION_SUBSCRIPTION_KEYS } from '../constants.ts';
import { dataEnvelope } from '../common/envelope.ts';
import { accountIdSchema } from '../auth/auth.schemas.ts';

/** A publisher's account manager: what the portal shows, and what the console assigns (admin/publishers.schemas.ts). */
export const accountManagerSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
});
export type AccountManager = z.infer<typeof accountManagerSchema>;

export const managerResponseSchema = dataEnvelope(accountManagerSchema.nullable());
export type ManagerResponse = z.infer<typeof managerResponseSchema>;

/** `GET /user/me.json`: the signed-in user (docs/api.md User). */
export const meResponseSchema = z.object({
  data: z.object({
    user: z.object({
      id: z.number().int(),
      firstname: z.string(),
      lastname: z.string(),
      email: z.string(),
      timezone: z.string(),
      isLoggedIn: z.literal(true),
      publisher_id: z.number().int(),
      publisher_name: z.string(),
      referral_code: z.string(),
      multi_account: z.boolean(),
      two_factor_enabled: z.boolean(),
      account_manager_id: z.number().int().nullable(),
      account_manager_name: z.string().nullable(),
      account_manager_email: z.string().nullable(),
      account_manager_phone: z.string().nullable(),
    }),
  }),
});
export type MeResponse = z.infer<typeof meResponseSchema>;
export type CurrentUser = MeResponse['data']['user'];

export const notificationSubscriptionKeySchema = z.enum(NOTIFICATION_SUBSCRIPTION_KEYS);

export const userProfileSchema = z.object({
  user_id: z.number().int(),
  user_timezone: z.string(),
  notification_subscriptions: z.array(notificationSubscriptionKeySchema),
});
export type UserProfile = z.infer<typeof userProfileSchema>;
export const userProfileResponseSchema = dataEnvelope(userProfileSchema);
export type UserProfileResponse = z.infer<typeof userProfileResponseSchema>;

export const updateUserRequestSchema = z.strictObject({
  user_timezone: z.string().min(1).max(64),
  user_id: accountIdSchema.optional(),
});
export type UpdateUserRequest = z.infer<typeof updateUserRequestSchema>;

export const updatePasswordRequestSchema = z.strictObject({
  current_password: z.string().max(100_000).nullish(),
  new_password: z.string().max(100_000).nullish(),
  new_password_verify: z.string().max(100_000).nullish(),
});
export type UpdatePasswordRequest = z.infer<typeof updatePasswordRequestSchema>;

export const updateNotificationRequestSchema = z.strictObject({
  notification_subscriptions: z.array(notificationSubscriptionKeySchema).max(NOTIFICATION_SUBSCRIPTION_KEYS.length * 4),
});
export type UpdateNotificationRequest = z.infer<typeof updateNotificationRequestSchema>;

export const updateNotificationResponseSchema = dataEnvelope(
  z.object({ notification_subscriptions: z.array(notificationSubscriptionKeySchema) }),
);

export const timezoneOptionSchema = z.object({ id: z.string(), name: z.string() });
export type TimezoneOption = z.infer<typeof timezoneOptionSchema>;
export const timezoneResponseSchema = dataEnvelope(z.array(timezoneOptionSchema));
export type TimezoneResponse = z.infer<typeof timezoneResponseSchema>;

/**
 * A successful password change revokes earlier tokens and hands the caller a fresh one. The user's
 * API keys stay (the owner proved the password): `api_keys_kept` says how many still work.
 */
export const updatePasswordResponseSchema = dataEnvelope(
  z.object({ jwt: z.string(), api_keys_kept: z.number().int() }),
);
export type UpdatePasswordResponse = z.infer<typeof updatePasswordResponseSchema>;
