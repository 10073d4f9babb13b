import crypto from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { hashPassword } from '../../lib/password.ts';
import { accountsRepository, type UserRow } from './accounts.repository.ts';
import type { PublisherStatus } from '../../db/types.ts';

/** An 8-character code for referral links: unambiguous letters and digits. */
export function newReferralCode(): string {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  const bytes = crypto.randomBytes(8);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
}

export interface NewPublisherAccount {
  email: string;
  password: string;
  firstname: string;
  lastname: string;
  publisherName: string;
  status?: PublisherStatus;
  title?: string | null;
  phone?: string | null;
  chatPlatform?: string | null;
  chatPlatformId?: string | null;
  timezone?: string;
  businessUnitId?: number | null;
  accountManagerId?: number | null;
  referrerPublisherId?: number | null;
  referralCode?: string;
  company?: Partial<{
    website_url: string | null;
    phone: string | null;
    tax_id: string | null;
    address_street_1: string | null;
    address_street_2: string | null;
    address_city: string | null;
    address_region: string | null;
    address_postal_code: string | null;
    address_country: string | null;
  }>;
  /** An already computed hash (sign-up hashes before opening its transaction). */
  passwordHash?: string;
}

export const accountsService = {
  findUserByEmail: (ctx: AppContext, email: string) => accountsRepository.findUserByEmail(ctx.db, email),
  findUserById: (ctx: AppContext, id: number) => accountsRepository.findUserById(ctx.db, id),
  linkedPublishers: (ctx: AppContext, userId: number) => accountsRepository.linkedPublishers(ctx.db, userId),
  findLinkedPublisher: (ctx: AppContext, userId: number, publisherId: number) =>
    accountsRepository.findLinkedPublisher(ctx.db, userId, publisherId),
  findPublisherById: (ctx: AppContext, id: number) => accountsRepository.findPublisherById(ctx.db, id),
  /**
   * The unsigned pixel conversions a day the network lets this publisher have (null: the
   * PIXEL_UNSIGNED_DAILY_LIMIT default; docs/tracking.md, Pixels). False: no such publisher.
   */
  setPixelDailyLimit: (db: Db, id: number, limit: number | null) =>
    accountsRepository.setPixelDailyLimit(db, id, limit),
  /** The user's time zone (IANA), in which their days and hours are counted; UTC if unknown. */
  timezoneOf: async (ctx: { db: Db }, userId: number): Promise<string> =>
    (await accountsRepository.timezoneOf(ctx.db, userId)) ?? 'UTC',
  /** E-mail and notification subscriptions of every user of a publisher account. */
  usersOfPublisher: (db: Db, publisherId: number) => accountsRepository.usersOfPublisher(db, publisherId),
  findPublisherByReferralCode: (ctx: AppContext, code: string) =>
    accountsRepository.findPublisherByReferralCode(ctx.db, code),
  accountManagerOf: (ctx: AppContext, publisherId: number) => accountsRepository.accountManagerOf(ctx.db, publisherId),
  pendingPublishers: (ctx: AppContext, limit: number) => accountsRepository.pendingPublishers(ctx.db, limit),

  /** Stores an already computed hash and bumps the token version; answers the new version. */
  async setPasswordHash(db: Db, userId: number, passwordHash: string): Promise<number> {
    const row = await accountsRepository.setPassword(db, userId, passwordHash);
    return row.token_version;
  },

  /** Revokes every token of the user (password, two-factor changes); answers the new version. */
  async bumpTokenVersion(db: Db, userId: number): Promise<number> {
    const row = await accountsRepository.bumpTokenVersion(db, userId);
    return row.token_version;
  },

  /** Creates a user, its publisher account and the link between them, inside `db` (a transaction). */
  async createPublisherAccount(db: Db, a: NewPublisherAccount): Promise<{ userId: number; publisherId: number }> {
    const passwordHash = a.passwordHash ?? (await hashPassword(a.password));
    const publisher = await accountsRepository.insertPublisher(db, {
      name: a.publisherName,
      status: a.status ?? 'pending',
      referral_code: a.referralCode ?? newReferralCode(),
      business_unit_id: a.businessUnitId ?? null,
      account_manager_id: a.accountManagerId ?? null,
      referrer_publisher_id: a.referrerPublisherId ?? null,
      website_url: a.company?.website_url ?? null,
      phone: a.company?.phone ?? null,
      tax_id: a.company?.tax_id ?? null,
      address_street_1: a.company?.address_street_1 ?? null,
      address_street_2: a.company?.address_street_2 ?? null,
      address_city: a.company?.address_city ?? null,
      address_region: a.company?.address_region ?? null,
      address_postal_code: a.company?.address_postal_code ?? null,
      address_country: a.company?.address_country ?? null,
      approved_at: a.status === 'active' ? new Date() : null,
    });
    const user = await accountsRepository.insertUser(db, {
      email: a.email.trim(),
      password_hash: passwordHash,
      firstname: a.firstname,
      lastname: a.lastname,
      title: a.title ?? null,
      phone: a.phone ?? null,
      chat_platform: a.chatPlatform ?? null,
      chat_platform_id: a.chatPlatformId ?? null,
      timezone: a.timezone ?? 'UTC',
    });
    await accountsRepository.link(db, user.id, publisher.id);
    return { userId: user.id, publisherId: publisher.id };
  },

  link: (db: Db, userId: number, publisherId: number) => accountsRepository.link(db, userId, publisherId),
  unlink: (db: Db, userId: number, publisherId: number) => accountsRepository.unlink(db, userId, publisherId),
};

export type { UserRow };
