import { z } from 'zod';
import { CHAT_PLATFORMS } from '../constants.ts';

/** Every field of the sign-up payload (docs/api.md). Each is text or null; rules live in SIGNUP_RULES. */
export const SIGNUP_FIELDS = [
  'user_name_first',
  'user_name_last',
  'user_title',
  'user_phone',
  'user_email',
  'user_chat_platform',
  'user_chat_platform_id',
  'user_password',
  'user_password_verify',
  'company_name',
  'company_address_street_1',
  'company_address_street_2',
  'company_address_city',
  'company_address_region',
  'company_address_postal_code',
  'company_address_country',
  'company_website_url',
  'company_phone',
  'company_tax_id',
] as const;
export type SignupField = (typeof SIGNUP_FIELDS)[number];

/** Which fields each wizard step sends (the web app's steps and the server's speculative check agree). */
export const SIGNUP_STEPS: readonly (readonly SignupField[])[] = [
  [
    'user_name_first',
    'user_name_last',
    'user_title',
    'user_phone',
    'user_email',
    'user_chat_platform',
    'user_chat_platform_id',
    'user_password',
    'user_password_verify',
  ],
  [
    'company_name',
    'company_address_street_1',
    'company_address_street_2',
    'company_address_city',
    'company_address_region',
    'company_address_postal_code',
    'company_address_country',
    'company_website_url',
    'company_phone',
    'company_tax_id',
  ],
];

/** Required fields of docs/errors.md ("required (marked)"), plus password and country. */
export const SIGNUP_REQUIRED: ReadonlySet<SignupField> = new Set<SignupField>([
  'user_name_first',
  'user_name_last',
  'user_title',
  'user_phone',
  'user_email',
  'user_chat_platform',
  'user_chat_platform_id',
  'user_password',
  'user_password_verify',
  'company_name',
  'company_address_street_1',
  'company_address_city',
  'company_address_postal_code',
  'company_address_country',
  'company_phone',
  'company_tax_id',
]);

const textField = z.string().max(100_000).nullish();

export const signupRequestSchema = z.strictObject({
  ...(Object.fromEntries(SIGNUP_FIELDS.map((f) => [f, textField])) as Record<SignupField, typeof textField>),
  user_chat_platform: z.string().max(100_000).nullish(),
  user_referrer_account_id: z.union([z.string().max(64), z.number().int()]).nullish(),
  user_business_unit_id: z.union([z.string().max(64), z.number().int()]).nullish(),
  speculative: z.boolean().optional(),
  /** Acceptance of the terms on the third step; the server requires it when that step applies. */
  terms_accepted: z.boolean().nullish(),
});
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const signupResponseSchema = z.object({
  success: z.boolean(),
  speculative: z.boolean(),
});
export type SignupResponse = z.infer<typeof signupResponseSchema>;

export const isChatPlatform = (v: string): v is (typeof CHAT_PLATFORMS)[number] =>
  (CHAT_PLATFORMS as readonly string[]).includes(v);
