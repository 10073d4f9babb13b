import { describe, expect, test } from 'vitest';
import { httpError } from '../../lib/api-error.test-helpers.ts';
import { passwordFieldErrors, passwordFormError } from './profile-errors.ts';

describe('change password', () => {
  test('server field mapping of docs/errors.md', () => {
    expect(
      passwordFieldErrors(httpError(422, '0x4220', { current_password: '0x4001', new_password: '0x4011' })),
    ).toEqual({
      current_password: 'Please make sure your value is at least 8 characters long.',
      new_password: 'Please make sure your value is at least 8 characters long.',
    });
    expect(passwordFieldErrors(httpError(422, '0x4220', { current_password: '0x4011' })).current_password).toBe(
      'Invalid credentials.',
    );
    expect(passwordFieldErrors(httpError(422, '0x4220', { new_password_verify: '0x4011' })).new_password_verify).toBe(
      'Please make sure your value is at least 8 characters long.',
    );
    expect(passwordFieldErrors(httpError(422, '0x4220', { new_password_verify: '0x4014' })).new_password_verify).toBe(
      'Passwords do not match.',
    );
    expect(passwordFormError(httpError(500, null))).toBe('Something went wrong, try again.');
    expect(passwordFormError(httpError(422, '0x500'))).toBe('Something went wrong, try again.');
    expect(passwordFormError(httpError(422, '0x4220', { new_password: '0x4011' }))).toBeNull();
  });
});
