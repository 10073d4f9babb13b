import { z } from 'zod';

export const businessUnitSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  name: z.string(),
  brand: z.string().nullable(),
  three_step_signup: z.boolean(),
  terms: z.string(),
  minimum_payout: z.number(),
});
export type BusinessUnit = z.infer<typeof businessUnitSchema>;
export const businessUnitByDomainQuerySchema = z.strictObject({ domain: z.string().max(253).optional() });
export const businessUnitByDomainResponseSchema = z.array(businessUnitSchema);

export const countrySchema = z.object({ id: z.string(), name: z.string() });
export type Country = z.infer<typeof countrySchema>;
export const countryCodesResponseSchema = z.array(countrySchema);

export const regionSchema = z.object({ code: z.string(), name: z.string() });
export type Region = z.infer<typeof regionSchema>;
export const regionCodesQuerySchema = z.strictObject({ country: z.string().max(8) });
export const regionCodesResponseSchema = z.array(regionSchema);
