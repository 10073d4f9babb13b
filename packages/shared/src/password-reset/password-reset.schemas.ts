import { z } from 'zod';

export const sendResetTokenRequestSchema = z.strictObject({ user_email: z.string().max(256) });
export type SendResetTokenRequest = z.infer<typeof sendResetTokenRequestSchema>;

export const verifyResetTokenRequestSchema = z.strictObject({ token: z.string().max(256) });
export type VerifyResetTokenRequest = z.infer<typeof verifyResetTokenRequestSchema>;

export const resetPasswordRequestSchema = z.strictObject({
  token: z.string().max(256),
  new_password: z.string().max(100_000).nullish(),
  new_password_verify: z.string().max(100_000).nullish(),
  /** Sent by some clients (docs/api.md "Reset"); the token alone identifies the account. */
  user_email: z.string().max(256).nullish(),
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;
