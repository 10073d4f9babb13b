import { describe, expect, test } from 'vitest';
import { ApiError, NETWORK_ERROR, statusMessage } from './api-error.ts';

describe('HTTP client messages (docs/errors.md generic)', () => {
  test('status and network wording', () => {
    expect(statusMessage(418)).toBe('Request failed with status code 418');
    expect(new ApiError(NETWORK_ERROR, null, null, null, {}, 'network').message).toBe('Network Error');
  });
});
