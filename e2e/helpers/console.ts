import { expect } from 'vitest';
import { baseUrl, goto, type Session } from './browser.ts';

/** The demo network's console owner (docs/operator-console.md). */
export const OPS = { email: 'ops@portal.test', password: 'demo-password' };

/** A call to the operator API from the context, with its XSRF cookie echoed as the app does. */
export async function adminCall(s: Session, method: 'GET' | 'POST', path: string, token?: string, data?: unknown) {
  const xsrf = (await s.context.cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
  const headers: Record<string, string> = {};
  if (xsrf) headers['x-xsrf-token'] = xsrf;
  if (token) headers['authorization'] = `Bearer ${token}`;
  const url = `${baseUrl()}/api/admin/v1${path}`;
  return method === 'GET'
    ? s.context.request.get(url, { headers })
    : s.context.request.post(url, { data: data ?? {}, headers });
}

/** An operator token from the API (no two-factor), stored as the console stores it; then `goto`. */
export async function consoleLoginViaApi(s: Session, creds: { email: string; password: string } = OPS) {
  await goto(s.page, '/admin/login');
  const r = await adminCall(s, 'POST', '/auth/login', undefined, creds);
  expect(r.status()).toBe(200);
  const jwt = ((await r.json()) as { data: { jwt: string } }).data.jwt;
  await s.page.evaluate((token) => {
    localStorage.clear();
    localStorage.setItem('operator_jwt', token);
  }, jwt);
  return jwt;
}
