import { describe, expect, test } from 'vitest';
import { loginFieldErrors, loginProblem, twoFactorProblem } from '../features/auth/login-errors.ts';
import { resetFieldErrors, resetFormError } from '../features/password-reset/reset-errors.ts';
import { passwordFieldErrors, passwordFormError } from '../features/profile/profile-errors.ts';
import { signupFieldErrors, signupFieldMessage, signupFormError } from '../features/signup/signup-errors.ts';
import { ApiError, NETWORK_ERROR, statusMessage } from './api-error.ts';

const http = (status: number, code: string | null, fields: Record<string, string> = {}) =>
  new ApiError(
    statusMessage(status),
    status,
    code,
    'server says',
    Object.fromEntries(Object.entries(fields).map(([f, c]) => [f, { code: c, message: 'x' }])),
  );

describe('HTTP client messages (docs/errors.md generic)', () => {
  test('status and network wording', () => {
    expect(statusMessage(418)).toBe('Request failed with status code 418');
    expect(new ApiError(NETWORK_ERROR, null, null, null, {}, 'network').message).toBe('Network Error');
  });
});

describe('login and two-factor', () => {
  test('codes to messages', () => {
    expect(loginProblem(http(500, null))).toEqual({
      tone: 'error',
      message: 'We were unable to log you in. Please Contact your Account Manager.',
    });
    expect(loginProblem(http(422, '0x500')).message).toBe(
      'We were unable to log you in. Please Contact your Account Manager.',
    );
    expect(loginProblem(http(401, '0x401')).message).toBe('Invalid credentials.');
    expect(loginProblem(http(403, '0x4101'))).toEqual({
      tone: 'warning',
      message:
        'Your account is currently pending approval. You cannot log in at this time. Please contact support for further assistance',
    });
    expect(loginProblem(new ApiError(NETWORK_ERROR, null, null, null, {}, 'network')).message).toBe('Network Error');
    expect(loginFieldErrors(http(422, '0x4220', { user_name: '0x4010', password: '0x4001' }))).toEqual({
      user_name: 'Must provide valid email address.',
      password: 'Must provide a password.',
    });
    expect(twoFactorProblem(http(422, '0x4220', { code: '0x4011' })).message).toBe('Invalid code');
  });
});

describe('sign-up field codes', () => {
  const host = 'example.com';
  test('missing values by field for 0x4001, 0x4002 and 0x4011', () => {
    expect(signupFieldMessage('company_name', '0x4001', host)).toBe('Please enter a company name');
    expect(signupFieldMessage('company_address_street_2', '0x4002', host)).toBe('Please enter an unit number');
    expect(signupFieldMessage('company_address_region', '0x4011', host)).toBe('Please select a region');
    expect(signupFieldMessage('user_chat_platform', '0x4001', host)).toBe('Please select chat platform');
    expect(signupFieldMessage('user_password_verify', '0x4001', host)).toBe('Please confirm your password');
  });
  test('the exceptions', () => {
    expect(signupFieldMessage('company_website_url', '0x4010', host)).toBe(
      'Please enter a valid URL (e.g., "example.com")',
    );
    expect(signupFieldMessage('user_email', '0x4001', host)).toBe('Please enter your email address');
    expect(signupFieldMessage('user_email', '0x4002', host)).toBe('Please enter your email address');
    expect(signupFieldMessage('user_email', '0x4010', host)).toBe('Please enter a valid email');
    expect(signupFieldMessage('user_email', '0x4011', host)).toBe('Please enter a valid email');
    expect(signupFieldMessage('user_email', '0x4015', host)).toBe('Email already exists');
    expect(signupFieldMessage('user_password', '0x4011', host)).toBe('Password must be at least 8 characters');
    expect(signupFieldMessage('user_password_verify', '0x4014', host)).toBe('Passwords do not match');
  });
  test('unknown codes and fields', () => {
    expect(signupFieldMessage('company_name', '0x9999', host)).toBe('Please enter a valid value');
    expect(signupFieldMessage('user_title', '0x4010', host)).toBe('Please enter a valid value');
    expect(signupFieldMessage('something_else', '0x4001', host)).toBe('Please enter a valid value');
  });
  test('form-level failures', () => {
    expect(signupFormError(http(429, '0x4290'))).toBe('Daily signup limit has been reached');
    expect(signupFormError(http(500, '0x500'))).toBe('Something went wrong');
    expect(signupFormError(http(422, '0x4220', { company_name: '0x4001' }))).toBeNull();
    expect(signupFieldErrors(http(422, '0x4220', { company_name: '0x4001' }), host)).toEqual({
      company_name: 'Please enter a company name',
    });
  });
});

describe('reset password', () => {
  test('field and form errors', () => {
    expect(resetFieldErrors(http(422, '0x4220', { new_password: '0x4011', new_password_verify: '0x4014' }))).toEqual({
      new_password: 'Password must be at least 8 characters',
      new_password_verify: 'Passwords do not match.',
    });
    expect(resetFieldErrors(http(422, '0x4220', { token: '0x4011' })).expired).toBe(true);
    expect(resetFormError(http(500, null))).toBe('We were unable to complete your request, please try again.');
    expect(resetFormError(http(400, '0x500'))).toBe('We were unable to complete your request, please try again.');
  });
});

describe('change password', () => {
  test('server field mapping of docs/errors.md', () => {
    expect(passwordFieldErrors(http(422, '0x4220', { current_password: '0x4001', new_password: '0x4011' }))).toEqual({
      current_password: 'Please make sure your value is at least 8 characters long.',
      new_password: 'Please make sure your value is at least 8 characters long.',
    });
    expect(passwordFieldErrors(http(422, '0x4220', { current_password: '0x4011' })).current_password).toBe(
      'Invalid credentials.',
    );
    expect(passwordFieldErrors(http(422, '0x4220', { new_password_verify: '0x4011' })).new_password_verify).toBe(
      'Please make sure your value is at least 8 characters long.',
    );
    expect(passwordFieldErrors(http(422, '0x4220', { new_password_verify: '0x4014' })).new_password_verify).toBe(
      'Passwords do not match.',
    );
    expect(passwordFormError(http(500, null))).toBe('Something went wrong, try again.');
    expect(passwordFormError(http(422, '0x500'))).toBe('Something went wrong, try again.');
    expect(passwordFormError(http(422, '0x4220', { new_password: '0x4011' }))).toBeNull();
  });
});
