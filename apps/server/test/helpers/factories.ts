import crypto from 'node:crypto';
import type { PublisherStatus } from '../../src/db/types.ts';
import { accountsService } from '../../src/modules/accounts/accounts.service.ts';
import type { TestApp } from './test-app.ts';

export interface PublisherFixture {
  userId: number;
  publisherId: number;
  email: string;
  password: string;
}

let counter = 0;

/** A user with one publisher account; active unless said otherwise. */
export async function createPublisher(
  t: TestApp,
  opts: { status?: PublisherStatus; email?: string; password?: string; name?: string; timezone?: string } = {},
): Promise<PublisherFixture> {
  counter += 1;
  const email = opts.email ?? `pub${counter}-${crypto.randomBytes(3).toString('hex')}@example.test`;
  const password = opts.password ?? 'correct-horse-battery';
  const ids = await t.app.ctx.db.transaction().execute((trx) =>
    accountsService.createPublisherAccount(trx, {
      email,
      password,
      firstname: 'Test',
      lastname: `Publisher ${counter}`,
      publisherName: opts.name ?? `Publisher ${counter}`,
      status: opts.status ?? 'active',
      ...(opts.timezone ? { timezone: opts.timezone } : {}),
    }),
  );
  return { ...ids, email, password };
}

/** Logs in over HTTP and returns the access token. */
export async function login(t: TestApp, p: { email: string; password: string }): Promise<string> {
  const r = await t.post('/user/authenticate', { user_name: p.email, password: p.password });
  if (r.status !== 200) throw new Error(`login failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.jwt as string;
}
