import { CHAT_PLATFORMS, SIGNUP_LIMITS } from '@portal/shared/constants';
import type { SignupField, SignupRequest } from '@portal/shared/signup/signup.schemas';

/** What each wizard step shows; the fields each step sends come from the shared SIGNUP_STEPS. */
export const STEP_TITLES = ['Contact Information', 'Company Information', 'Terms and Conditions'] as const;

export interface FieldSpec {
  name: SignupField;
  label: string;
  required: boolean;
  type?: 'text' | 'email' | 'password' | 'tel' | 'url';
  autoComplete?: string;
  /** Spans both columns on wide screens. */
  wide?: boolean;
}

export const CONTACT_FIELDS: FieldSpec[] = [
  { name: 'user_name_first', label: 'First Name', required: true, autoComplete: 'given-name' },
  { name: 'user_name_last', label: 'Last Name', required: true, autoComplete: 'family-name' },
  { name: 'user_title', label: 'Job Title', required: true, autoComplete: 'organization-title' },
  { name: 'user_phone', label: 'Work Phone', required: true, type: 'tel', autoComplete: 'tel' },
  { name: 'user_email', label: 'Email', required: true, type: 'email', autoComplete: 'email', wide: true },
  { name: 'user_chat_platform', label: 'Chat Platform', required: true },
  { name: 'user_chat_platform_id', label: 'Chat User ID', required: true },
  { name: 'user_password', label: 'Password', required: true, type: 'password', autoComplete: 'new-password' },
  {
    name: 'user_password_verify',
    label: 'Confirm Password',
    required: true,
    type: 'password',
    autoComplete: 'new-password',
  },
];

export const COMPANY_FIELDS: FieldSpec[] = [
  { name: 'company_name', label: 'Company Name', required: true, autoComplete: 'organization' },
  { name: 'company_website_url', label: 'Website URL', required: false, type: 'url', autoComplete: 'url' },
  { name: 'company_address_street_1', label: 'Street Address', required: true, autoComplete: 'address-line1' },
  { name: 'company_address_street_2', label: 'Unit Number', required: false, autoComplete: 'address-line2' },
  { name: 'company_address_city', label: 'City', required: true, autoComplete: 'address-level2' },
  { name: 'company_address_country', label: 'Country', required: true },
  { name: 'company_address_region', label: 'Region', required: false },
  { name: 'company_address_postal_code', label: 'Postal Code', required: true, autoComplete: 'postal-code' },
  { name: 'company_phone', label: 'Company Phone', required: true, type: 'tel' },
  { name: 'company_tax_id', label: 'Company Tax ID', required: true },
];

export const CHAT_PLATFORM_OPTIONS = CHAT_PLATFORMS.map((p) => ({
  value: p,
  label: ({ skype: 'Skype', telegram: 'Telegram', wechat: 'WeChat', whatsapp: 'WhatsApp' } as const)[p],
}));

export const maxLengthOf = (f: SignupField): number => SIGNUP_LIMITS[f];

export type SignupValues = Record<SignupField, string>;

/** docs/api.md: empty values are sent as null. */
export const nullIfEmpty = (v: string | undefined) => (v == null || v.trim() === '' ? null : v);

/** The body of one speculative step: only that step's fields. */
export function stepPayload(values: SignupValues, fields: readonly SignupField[]): SignupRequest {
  const body: SignupRequest = { speculative: true };
  for (const f of fields) body[f] = f.startsWith('user_password') ? values[f] || null : nullIfEmpty(values[f]);
  return body;
}

/** The final body: every field, the referrer and the business unit, speculative false. */
export function finalPayload(
  values: SignupValues,
  fields: readonly SignupField[],
  extra: { referrer: string | null; businessUnitId: number | null; termsAccepted: boolean | null },
): SignupRequest {
  return {
    ...stepPayload(values, fields),
    speculative: false,
    user_referrer_account_id: extra.referrer,
    user_business_unit_id: extra.businessUnitId,
    ...(extra.termsAccepted === null ? {} : { terms_accepted: extra.termsAccepted }),
  };
}
