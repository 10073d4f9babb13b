import { expect } from 'vitest';
import type { ApiKeyScope, CreatedApiKey } from '@portal/shared';
import type { TestApp } from './test-app.ts';
import { DEFAULT_PASSWORD } from './factories.ts';

/**
 * Makes an API key over the API with a session token (proving the user's password, by default the
 * factories' one) and answers what the creation returned.
 */
export async function createApiKey(
  t: TestApp,
  token: string,
  body: { name?: string; expires_at?: string; scope?: ApiKeyScope; password?: string; code?: string } = {},
): Promise<CreatedApiKey> {
  const r = await t.post('/api-key/create', { name: 'Test key', password: DEFAULT_PASSWORD, ...body }, { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data as CreatedApiKey;
}

/** A call made with an API key in `X-Api-Key` (the other way is `token: key`, i.e. Authorization: Bearer). */
export const withKeyHeader = (key: string) => ({ headers: { 'x-api-key': key } });
