import { describe, expect, test } from 'vitest';
import { httpError } from '../../lib/api-error.test-helpers.ts';
import { resetFieldErrors, resetFormError } from './reset-errors.ts';

describe('reset password', () => {
  test('field and form errors', () => {
    expect(
      resetFieldErrors(httpError(422, '0x4220', { new_password: '0x4011', new_password_verify: '0x4014' })),
    ).toEqual({
      new_password: 'Password must be at least 8 characters',
      new_password_verify: 'Passwords do not match.',
    });
    expect(resetFieldErrors(httpError(422, '0x4220', { token: '0x4011' })).expired).toBe(true);
    expect(resetFormError(httpError(500, null))).toBe('We were unable to complete your request, please try again.');
    expect(resetFormError(httpError(400, '0x500'))).toBe('We were unable to complete your request, please try again.');
  });
});
