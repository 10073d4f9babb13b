import { z } from 'zod';
import { TWO_FACTOR_CODE_LENGTH } from '../constants.ts';
import { dataEnvelope } from '../common/envelope.ts';

/** Missing or empty values are answered with docs/errors.md's field messages by the server, not by the schema. */
/**
 * The body of calls whose payload is "none" (docs/api.md): no body at all (Fastify hands the schema
 * `null` then), `null` or `{}`; anything inside is an unknown field.
 */
export const noBodyRequestSchema = z.strictObject({}).nullish();

export const authenticateRequestSchema = z.strictObject({
  user_name: z.string().max(256).nullish(),
  password: z.string().max(1024).nullish(),
});
export type AuthenticateRequest = z.infer<typeof authenticateRequestSchema>;

export const authenticateResponseSchema = dataEnvelope(
  z.object({
    jwt: z.string(),
    multilogin_enabled: z.boolean(),
    two_factor_required: z.boolean().optional(),
  }),
);
export type AuthenticateResponse = z.infer<typeof authenticateResponseSchema>;

export const verifyCodeRequestSchema = z.strictObject({
  /** A 6-digit TOTP code, or a recovery code (xxxx-xxxx). */
  code: z.string().min(1).max(32),
});
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;

export const jwtResponseSchema = dataEnvelope(z.object({ jwt: z.string() }));
export type JwtResponse = z.infer<typeof jwtResponseSchema>;

export const accountChoiceSchema = z.object({
  account_id: z.number().int(),
  account_name: z.string(),
  user_name: z.string(),
});
export type AccountChoice = z.infer<typeof accountChoiceSchema>;

export const multiLoginResponseSchema = dataEnvelope(
  z.object({
    user: z.object({ id: z.number().int(), firstname: z.string(), lastname: z.string(), email: z.string() }),
    accounts: z.array(accountChoiceSchema),
  }),
);
export type MultiLoginResponse = z.infer<typeof multiLoginResponseSchema>;

/** A positive id as a JSON number or a string of digits; booleans, arrays and the like are refused. */
export const accountIdSchema = z
  .union([
    z.number().int().positive(),
    z
      .string()
      .regex(/^\d{1,10}$/)
      .transform(Number),
  ])
  .pipe(z.number().int().positive().max(2_147_483_647));

export const impersonateRequestSchema = z.strictObject({
  user_id: accountIdSchema,
  publisher_id: accountIdSchema,
});
export type ImpersonateRequest = z.infer<typeof impersonateRequestSchema>;

/** Two-factor enrolment (profile tab; docs/decisions.md). */
export const twoFactorStatusResponseSchema = dataEnvelope(
  z.object({ enabled: z.boolean(), recovery_codes_left: z.number().int() }),
);
export type TwoFactorStatusResponse = z.infer<typeof twoFactorStatusResponseSchema>;

/** Starting enrolment asks for the current password: a borrowed session cannot turn it on. */
export const twoFactorSetupRequestSchema = z.strictObject({ password: z.string().max(1024).nullish() }).nullish();
export type TwoFactorSetupRequest = z.infer<typeof twoFactorSetupRequestSchema>;

export const twoFactorSetupResponseSchema = dataEnvelope(z.object({ secret: z.string(), otpauth_uri: z.string() }));
export type TwoFactorSetupResponse = z.infer<typeof twoFactorSetupResponseSchema>;

export const twoFactorCodeSchema = z.string().regex(new RegExp(`^\\d{${TWO_FACTOR_CODE_LENGTH}}$`), 'Invalid code');

/** The code's format is checked by the server, so a malformed code gets the same 'Invalid code' as a wrong one. */
export const twoFactorEnableRequestSchema = z.strictObject({ code: z.string().min(1).max(32) });
export type TwoFactorEnableRequest = z.infer<typeof twoFactorEnableRequestSchema>;

/** Turning two-factor on or off ends every other session; `jwt` keeps the caller's going. */
export const twoFactorEnableResponseSchema = dataEnvelope(
  z.object({ enabled: z.literal(true), recovery_codes: z.array(z.string()), jwt: z.string() }),
);
export type TwoFactorEnableResponse = z.infer<typeof twoFactorEnableResponseSchema>;

export const twoFactorDisableRequestSchema = z.strictObject({
  /** A current TOTP code or an unused recovery code. */
  code: z.string().min(1).max(32),
});
export type TwoFactorDisableRequest = z.infer<typeof twoFactorDisableRequestSchema>;

export const twoFactorDisableResponseSchema = z.object({ success: z.boolean(), data: z.object({ jwt: z.string() }) });
export type TwoFactorDisableResponse = z.infer<typeof twoFactorDisableResponseSchema>;
