import { ERROR_CODES } from '@portal/shared/errors/codes';
import type { SignupField } from '@portal/shared/signup/signup.schemas';
import { isApiError } from '../../lib/api-error.ts';

/** docs/errors.md "Signup": the message for a missing value, per field. */
export const SIGNUP_MISSING: Record<SignupField, string> = {
  company_name: 'Please enter a company name',
  company_address_street_1: 'Please enter a street address',
  company_address_street_2: 'Please enter an unit number',
  company_address_city: 'Please enter a city',
  company_address_postal_code: 'Please enter a postal code',
  company_address_country: 'Please select a country',
  company_address_region: 'Please select a region',
  company_website_url: 'Please enter a website URL',
  company_phone: 'Please enter a company phone',
  company_tax_id: 'Please enter a company tax ID',
  user_name_first: 'Please enter your first name',
  user_name_last: 'Please enter your last name',
  user_title: 'Please enter your job title',
  user_phone: 'Please enter your work phone',
  user_chat_platform: 'Please select chat platform',
  user_chat_platform_id: 'Please enter chat user ID',
  user_password: 'Please enter a password',
  user_password_verify: 'Please confirm your password',
  user_email: 'Please enter your email address',
};

export const SIGNUP_VALID_VALUE = 'Please enter a valid value';
export const SIGNUP_LIMIT_REACHED = 'Daily signup limit has been reached';
export const SIGNUP_WENT_WRONG = 'Something went wrong';
export const TERMS_REQUIRED = 'Please accept the Terms and Conditions';

const MISSING_CODES = new Set<string>([ERROR_CODES.MISSING, ERROR_CODES.MISSING_ALT, ERROR_CODES.TOO_SHORT_OR_INVALID]);

/** The message for a server field error on the sign-up form, by field and code. */
export function signupFieldMessage(field: string, code: string, host: string): string {
  if (field === 'company_website_url' && code === ERROR_CODES.BAD_FORMAT)
    return `Please enter a valid URL (e.g., "${host}")`;
  if (field === 'user_email') {
    if (code === ERROR_CODES.MISSING || code === ERROR_CODES.MISSING_ALT) return SIGNUP_MISSING.user_email;
    if (code === ERROR_CODES.BAD_FORMAT || code === ERROR_CODES.TOO_SHORT_OR_INVALID)
      return 'Please enter a valid email';
    if (code === ERROR_CODES.ALREADY_EXISTS) return 'Email already exists';
  }
  if (field === 'user_password' && code === ERROR_CODES.TOO_SHORT_OR_INVALID)
    return 'Password must be at least 8 characters';
  if (field === 'user_password_verify' && code === ERROR_CODES.MISMATCH) return 'Passwords do not match';
  if (field === 'terms_accepted') return TERMS_REQUIRED;
  if (MISSING_CODES.has(code) && field in SIGNUP_MISSING) return SIGNUP_MISSING[field as SignupField];
  return SIGNUP_VALID_VALUE;
}

/** All field errors of a failed sign-up call, mapped to the form's messages. */
export function signupFieldErrors(error: unknown, host: string): Record<string, string> {
  if (!isApiError(error)) return {};
  return Object.fromEntries(Object.entries(error.fields).map(([f, e]) => [f, signupFieldMessage(f, e.code, host)]));
}

/** The form-level message of a failed sign-up call without field errors. */
export function signupFormError(error: unknown): string | null {
  if (isApiError(error) && Object.keys(error.fields).length > 0) return null;
  if (isApiError(error) && error.status === 429) return SIGNUP_LIMIT_REACHED;
  return SIGNUP_WENT_WRONG;
}
