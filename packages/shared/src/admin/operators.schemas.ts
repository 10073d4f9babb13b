import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../constants.ts';
import { dataEnvelope, successSchema } from '../common/envelope.ts';
import { listRequestSchema, listResponseSchema } from '../common/list.ts';
import { OPERATOR_ROLES, OPERATOR_STATUSES } from './operators.constants.ts';

/**
 * The operator API's own calls: sign-in, the signed-in operator, two-factor, the Operators area and
 * the console's settings (docs/operator-console.md). Missing or empty values are answered with
 * coded field errors by the server, as the publisher API does, not by the schema.
 */
export * from './operators.constants.ts';

export const operatorRoleSchema = z.enum(OPERATOR_ROLES);
export const operatorStatusSchema = z.enum(OPERATOR_STATUSES);

/* Sign-in ----------------------------------------------------------------------------------- */

export const operatorLoginRequestSchema = z.strictObject({
  email: z.string().max(256).nullish(),
  password: z.string().max(1024).nullish(),
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequestSchema>;
/** With two-factor on, `jwt` is a five-minute token that only `auth/verify-code` accepts. */
export const operatorLoginResponseSchema = dataEnvelope(
  z.object({ jwt: z.string(), two_factor_required: z.boolean() }),
);
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponseSchema>;

export const operatorVerifyCodeRequestSchema = z.strictObject({
  /** A six-digit code or a recovery code (xxxx-xxxx). */
  code: z.string().min(1).max(32),
});
export type OperatorVerifyCodeRequest = z.infer<typeof operatorVerifyCodeRequestSchema>;
export const operatorJwtResponseSchema = dataEnvelope(z.object({ jwt: z.string() }));
export type OperatorJwtResponse = z.infer<typeof operatorJwtResponseSchema>;

export const operatorSetPasswordRequestSchema = z.strictObject({
  token: z.string().min(1).max(256),
  password: z.string().max(100_000).nullish(),
  password_verify: z.string().max(100_000).nullish(),
});
export type OperatorSetPasswordRequest = z.infer<typeof operatorSetPasswordRequestSchema>;
/** The e-mail the password now signs in with, so the sign-in form can be filled in. */
export const operatorSetPasswordResponseSchema = dataEnvelope(z.object({ email: z.string() }));
export type OperatorSetPasswordResponse = z.infer<typeof operatorSetPasswordResponseSchema>;

export const operatorLogoutResponseSchema = successSchema;

/** The signed-in operator's own change: the current password, the new one twice. */
export const operatorChangePasswordRequestSchema = z.strictObject({
  current_password: z.string().max(100_000).nullish(),
  password: z.string().max(100_000).nullish(),
  password_verify: z.string().max(100_000).nullish(),
});
export type OperatorChangePasswordRequest = z.infer<typeof operatorChangePasswordRequestSchema>;

/* The signed-in operator ---------------------------------------------------------------------- */

export const operatorMeSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: operatorRoleSchema,
  two_factor_enabled: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** The owner requires two-factor for every operator: without it, only enrolment is open. */
  two_factor_required: z.boolean(),
});
export type OperatorMe = z.infer<typeof operatorMeSchema>;
export const operatorMeResponseSchema = dataEnvelope(operatorMeSchema);
export type OperatorMeResponse = z.infer<typeof operatorMeResponseSchema>;

export const operatorTwoFactorSetupRequestSchema = z.strictObject({
  password: z
    .string()
    .max(PASSWORD_MAX_LENGTH * 4)
    .nullish(),
});
export type OperatorTwoFactorSetupRequest = z.infer<typeof operatorTwoFactorSetupRequestSchema>;
export const operatorTwoFactorSetupResponseSchema = dataEnvelope(
  z.object({ secret: z.string(), otpauth_uri: z.string() }),
);
export type OperatorTwoFactorSetupResponse = z.infer<typeof operatorTwoFactorSetupResponseSchema>;
export const operatorTwoFactorCodeRequestSchema = z.strictObject({ code: z.string().min(1).max(32) });
export type OperatorTwoFactorCodeRequest = z.infer<typeof operatorTwoFactorCodeRequestSchema>;
/** Turning two-factor on or off ends the operator's other sessions; `jwt` keeps this one going. */
export const operatorTwoFactorEnableResponseSchema = dataEnvelope(
  z.object({ recovery_codes: z.array(z.string()), jwt: z.string() }),
);
export type OperatorTwoFactorEnableResponse = z.infer<typeof operatorTwoFactorEnableResponseSchema>;

/* The Operators area (owners) ------------------------------------------------------------------ */

export const operatorRowSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: operatorRoleSchema,
  status: operatorStatusSchema,
  two_factor_enabled: z.boolean(),
  /** False until the invited operator has set a password from their link. */
  password_set: z.boolean(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

export const OPERATOR_LIST_SORTS = ['name', 'email', 'created_at'] as const;
export const operatorListRequestSchema = listRequestSchema({
  filters: z
    .strictObject({
      status: operatorStatusSchema.nullish(),
      role: operatorRoleSchema.nullish(),
    })
    .nullish()
    .transform((f) => f ?? {}),
  sorts: OPERATOR_LIST_SORTS,
  defaultSort: 'name',
});
export type OperatorListRequest = z.input<typeof operatorListRequestSchema>;
export type OperatorListQuery = z.output<typeof operatorListRequestSchema>;
export const operatorListResponseSchema = listResponseSchema(operatorRowSchema);
export type OperatorListResponse = z.infer<typeof operatorListResponseSchema>;

export const OPERATOR_NAME_MAX = 128;
export const operatorInviteRequestSchema = z.strictObject({
  email: z.string().max(256).nullish(),
  name: z
    .string()
    .max(OPERATOR_NAME_MAX * 2)
    .nullish(),
  role: operatorRoleSchema.nullish(),
});
export type OperatorInviteRequest = z.infer<typeof operatorInviteRequestSchema>;
/** The link is also e-mailed; this answer is the only other place it is shown. */
export const operatorInviteResponseSchema = dataEnvelope(
  z.object({ operator: operatorRowSchema, link: z.string(), expires_at: z.string() }),
);
export type OperatorInviteResponse = z.infer<typeof operatorInviteResponseSchema>;

/** An owner's reset link for another operator: shown once, like an invitation's. */
export const operatorResetLinkResponseSchema = dataEnvelope(
  z.object({ operator: operatorRowSchema, link: z.string(), expires_at: z.string() }),
);
export type OperatorResetLinkResponse = z.infer<typeof operatorResetLinkResponseSchema>;

export const operatorUpdateRequestSchema = z.strictObject({
  role: operatorRoleSchema.optional(),
  status: operatorStatusSchema.optional(),
  reason: z.string().max(1000).nullish(),
});
export type OperatorUpdateRequest = z.infer<typeof operatorUpdateRequestSchema>;
export const operatorUpdateResponseSchema = dataEnvelope(operatorRowSchema);
export type OperatorUpdateResponse = z.infer<typeof operatorUpdateResponseSchema>;

export const operatorIdParamsSchema = z.strictObject({
  id: z
    .string()
    .regex(/^\d{1,10}$/)
    .transform(Number)
    .pipe(z.number().int().positive().max(2_147_483_647)),
});

/* Console settings (owners) --------------------------------------------------------------------- */

export const consoleSettingsSchema = z.object({ require_2fa: z.boolean() });
export type ConsoleSettings = z.infer<typeof consoleSettingsSchema>;
export const consoleSettingsResponseSchema = dataEnvelope(consoleSettingsSchema);
export type ConsoleSettingsResponse = z.infer<typeof consoleSettingsResponseSchema>;
export const consoleSettingsUpdateRequestSchema = z.strictObject({ require_2fa: z.boolean() });
export type ConsoleSettingsUpdateRequest = z.infer<typeof consoleSettingsUpdateRequestSchema>;
