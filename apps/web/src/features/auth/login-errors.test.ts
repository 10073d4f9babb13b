import { describe, expect, test } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../lib/api-error.ts';
import { httpError } from '../../lib/api-error.test-helpers.ts';
import { loginFieldErrors, loginProblem, twoFactorProblem } from './login-errors.ts';

describe('login and two-factor', () => {
  test('codes to messages', () => {
    expect(loginProblem(httpError(500, null))).toEqual({
      tone: 'error',
      message: 'We were unable to log you in. Please Contact your Account Manager.',
    });
    expect(loginProblem(httpError(422, '0x500')).message).toBe(
      'We were unable to log you in. Please Contact your Account Manager.',
    );
    expect(loginProblem(httpError(401, '0x401')).message).toBe('Invalid credentials.');
    expect(loginProblem(httpError(403, '0x4101'))).toEqual({
      tone: 'warning',
      message:
        'Your account is currently pending approval. You cannot log in at this time. Please contact support for further assistance',
    });
    expect(loginProblem(new ApiError(NETWORK_ERROR, null, null, null, {}, 'network')).message).toBe('Network Error');
    expect(loginFieldErrors(httpError(422, '0x4220', { user_name: '0x4010', password: '0x4001' }))).toEqual({
      user_name: 'Must provide valid email address.',
      password: 'Must provide a password.',
    });
    expect(twoFactorProblem(httpError(422, '0x4220', { code: '0x4011' })).message).toBe('Invalid code');
  });
});
