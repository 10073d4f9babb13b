import { z } from 'zod';

export * from './login-code.ts';

/** `POST /user/exchange-login-code`: any text up to this length is taken (and refused as one more failure if it is not a live code). */
export const exchangeLoginCodeRequestSchema = z.strictObject({
  code: z.string().max(256),
});
export type ExchangeLoginCodeRequest = z.infer<typeof exchangeLoginCodeRequestSchema>;
