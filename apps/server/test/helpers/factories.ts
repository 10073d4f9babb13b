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

/** The password createPublisher gives a user unless told otherwise. */
export const DEFAULT_PASSWORD = 'correct-horse-battery';

/** A user with one publisher account; active unless said otherwise. */
export async function createPublisher(
  t: TestApp,
  opts: { status?: PublisherStatus; email?: string; password?: string; name?: string; timezone?: string } = {},
): Promise<PublisherFixture> {
  counter += 1;
  const email = opts.email ?? `pub${counter}-${crypto.randomBytes(3).toString('hex')}@example.test`;
  const password = opts.password ?? DEFAULT_PASSWORD;
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

/** Another publisher account linked to an existing user (multi-account login). */
export async function addAccount(
  t: TestApp,
  userId: number,
  opts: { status?: PublisherStatus; name?: string } = {},
): Promise<{ publisherId: number; name: string }> {
  counter += 1;
  const name = opts.name ?? `Linked Account ${counter}`;
  const row = await t.app.ctx.db
    .insertInto('publishers')
    .values({
      name,
      status: opts.status ?? 'active',
      referral_code: `lnk${counter}${crypto.randomBytes(3).toString('hex')}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await accountsService.link(t.app.ctx.db, userId, row.id);
  return { publisherId: row.id, name };
}

/** Turns two-factor authentication on for a user with the given base32 secret. */
export async function enableTwoFactor(t: TestApp, userId: number, secret: string): Promise<void> {
  await t.app.ctx.db
    .updateTable('users')
    .set({ totp_secret: secret, totp_enabled: true, totp_last_step: null })
    .where('id', '=', userId)
    .execute();
}

/**
 * Many active publishers sharing one password hash, inserted directly: for tests that need
 * hundreds of accounts without hashing hundreds of passwords.
 */
export async function createPublishersInBulk(
  t: TestApp,
  count: number,
  opts: { passwordHash: string; prefix?: string },
): Promise<{ userId: number; publisherId: number; email: string }[]> {
  const tag = `${opts.prefix ?? 'bulk'}${crypto.randomBytes(3).toString('hex')}`;
  const db = t.app.ctx.db;
  const idx = Array.from({ length: count }, (_, i) => i);
  // Three multi-row inserts, matched up by their unique values rather than by row order.
  const pubs = await db
    .insertInto('publishers')
    .values(idx.map((i) => ({ name: `${tag} ${i}`, status: 'active' as const, referral_code: `${tag}${i}` })))
    .returning(['id', 'referral_code'])
    .execute();
  const users = await db
    .insertInto('users')
    .values(
      idx.map((i) => ({
        email: `${tag}-${i}@example.test`,
        password_hash: opts.passwordHash,
        firstname: 'Bulk',
        lastname: String(i),
      })),
    )
    .returning(['id', 'email'])
    .execute();
  const pubBy = new Map(pubs.map((p) => [p.referral_code, p.id]));
  const userBy = new Map(users.map((u) => [u.email, u.id]));
  const out = idx.map((i) => ({
    userId: userBy.get(`${tag}-${i}@example.test`)!,
    publisherId: pubBy.get(`${tag}${i}`)!,
    email: `${tag}-${i}@example.test`,
  }));
  await db
    .insertInto('publisher_users')
    .values(out.map((o) => ({ user_id: o.userId, publisher_id: o.publisherId })))
    .execute();
  return out;
}

const uniqueEmail = (): string => `new-${crypto.randomBytes(4).toString('hex')}@example.test`;

/** A complete, valid sign-up payload (docs/api.md), as the web app's last step sends it. */
export function signupPayload(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    user_name_first: 'Ada',
    user_name_last: 'Lovelace',
    user_title: 'Founder',
    user_phone: '+44 20 7946 0000',
    user_email: uniqueEmail(),
    user_chat_platform: 'telegram',
    user_chat_platform_id: '@ada',
    user_password: 'analytical-engine',
    user_password_verify: 'analytical-engine',
    company_name: 'Engines Ltd',
    company_address_street_1: '12 Marylebone Rd',
    company_address_street_2: null,
    company_address_city: 'London',
    company_address_region: 'ON',
    company_address_postal_code: 'M5V 2T6',
    company_address_country: 'CA',
    company_website_url: 'engines.example.com',
    company_phone: '+1 416 555 0100',
    company_tax_id: 'GB123456789',
    user_referrer_account_id: null,
    user_business_unit_id: null,
    speculative: false,
    ...overrides,
  };
}
