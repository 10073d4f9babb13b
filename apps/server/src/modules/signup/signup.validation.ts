import {
  ERROR_CODES,
  PASSWORD_MIN_LENGTH,
  SIGNUP_FIELDS,
  SIGNUP_LIMITS,
  SIGNUP_REQUIRED,
  isChatPlatform,
  type FieldError,
  type SignupField,
  type SignupRequest,
} from '@portal/shared';
import { geoService } from '../geo/geo.service.ts';

/** The server's message for a missing value, per field (the web app shows its own by code). */
const MISSING: Record<SignupField, string> = {
  user_name_first: 'Please enter your first name',
  user_name_last: 'Please enter your last name',
  user_title: 'Please enter your job title',
  user_phone: 'Please enter your work phone',
  user_email: 'Please enter your email address',
  user_chat_platform: 'Please select chat platform',
  user_chat_platform_id: 'Please enter chat user ID',
  user_password: 'Please enter a password',
  user_password_verify: 'Please confirm your password',
  company_name: 'Please enter a company name',
  company_address_street_1: 'Please enter a street address',
  company_address_street_2: 'Please enter an unit number',
  company_address_city: 'Please enter a city',
  company_address_region: 'Please select a region',
  company_address_postal_code: 'Please enter a postal code',
  company_address_country: 'Please select a country',
  company_website_url: 'Please enter a website URL',
  company_phone: 'Please enter a company phone',
  company_tax_id: 'Please enter a company tax ID',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

export function isWebsite(value: string): boolean {
  try {
    const u = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    return (u.protocol === 'http:' || u.protocol === 'https:') && HOSTNAME.test(u.hostname) && !u.username;
  } catch {
    return false;
  }
}

/** Empty strings and blanks are "not given" (docs/api.md: empty values are sent as null). */
export const clean = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

export type CleanSignup = Record<SignupField, string | null>;

/**
 * Checks the given fields (one wizard step when speculative, all of them otherwise) and returns
 * field errors with the codes of docs/errors.md. Existence of the e-mail is checked by the service.
 */
export function validateSignup(
  body: SignupRequest,
  fields: readonly SignupField[],
): { values: CleanSignup; errors: Record<string, FieldError> } {
  const values = Object.fromEntries(SIGNUP_FIELDS.map((f) => [f, clean(body[f])])) as CleanSignup;
  // Passwords are taken as typed: spaces are allowed and significant.
  values.user_password = body.user_password ? body.user_password : null;
  values.user_password_verify = body.user_password_verify ? body.user_password_verify : null;
  const errors: Record<string, FieldError> = {};
  const set = (f: SignupField, code: string, message: string) => {
    errors[f] ??= { code, message };
  };

  for (const f of fields) {
    const v = values[f];
    if (v == null) {
      if (SIGNUP_REQUIRED.has(f)) set(f, ERROR_CODES.MISSING, MISSING[f]);
      continue;
    }
    if (v.length > SIGNUP_LIMITS[f]) set(f, ERROR_CODES.BAD_FORMAT, `Must be at most ${SIGNUP_LIMITS[f]} characters.`);
  }
  const has = (f: SignupField) => fields.includes(f) && values[f] != null && !errors[f];

  if (has('user_email') && !EMAIL.test(values.user_email!))
    set('user_email', ERROR_CODES.BAD_FORMAT, 'Please enter a valid email');
  if (has('user_chat_platform') && !isChatPlatform(values.user_chat_platform!.toLowerCase())) {
    set('user_chat_platform', ERROR_CODES.BAD_FORMAT, 'Please select chat platform');
  }
  if (has('user_password') && values.user_password!.length < PASSWORD_MIN_LENGTH) {
    set('user_password', ERROR_CODES.TOO_SHORT_OR_INVALID, 'Password must be at least 8 characters');
  }
  if (has('user_password_verify') && values.user_password_verify !== values.user_password) {
    set('user_password_verify', ERROR_CODES.MISMATCH, 'Passwords do not match');
  }
  if (has('company_website_url') && !isWebsite(values.company_website_url!)) {
    set('company_website_url', ERROR_CODES.BAD_FORMAT, 'Please enter a valid URL (e.g., "example.com")');
  }
  if (has('company_address_country')) {
    const country = values.company_address_country!.toUpperCase();
    if (!geoService.isCountry(country)) {
      set('company_address_country', ERROR_CODES.BAD_FORMAT, 'Please select a country');
    } else {
      values.company_address_country = country;
      const regions = geoService.regions(country);
      if (fields.includes('company_address_region')) {
        if (values.company_address_region == null && regions.length > 0) {
          set('company_address_region', ERROR_CODES.MISSING, MISSING.company_address_region);
        } else if (
          values.company_address_region != null &&
          !geoService.isRegion(country, values.company_address_region)
        ) {
          set('company_address_region', ERROR_CODES.BAD_FORMAT, 'Please select a region');
        }
      }
    }
  }
  return { values, errors };
}
