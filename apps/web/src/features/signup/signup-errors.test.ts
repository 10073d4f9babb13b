import { describe, expect, test } from 'vitest';
import { httpError } from '../../lib/api-error.test-helpers.ts';
import { signupFieldErrors, signupFieldMessage, signupFormError } from './signup-errors.ts';

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
    expect(signupFormError(httpError(429, '0x4290'))).toBe('Daily signup limit has been reached');
    expect(signupFormError(httpError(500, '0x500'))).toBe('Something went wrong');
    expect(signupFormError(httpError(422, '0x4220', { company_name: '0x4001' }))).toBeNull();
    expect(signupFieldErrors(httpError(422, '0x4220', { company_name: '0x4001' }), host)).toEqual({
      company_name: 'Please enter a company name',
    });
  });
});
