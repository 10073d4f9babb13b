import { sql } from 'kysely';
import { ERROR_CODES, type ListResponse } from '@portal/shared';
import {
  PUBLISHER_MINIMUM_PAYOUT_MAX,
  PUBLISHER_REASON_MAX,
  PUBLISHER_STATUS_CHANGES,
  type PublisherUpdateRequest,
  type PublisherDetail,
  type PublisherListQuery,
  type PublisherRow,
  type PublisherStatusAction,
  type PublisherStatusRequest,
} from '@portal/shared/admin/publishers.schemas';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { PublishersTable } from '../../db/types.ts';
import type { Selectable } from 'kysely';
import { AppError, fieldError, notFound } from '../../lib/errors.ts';
import { keyset, keysetPage, type SortKey } from '../../lib/keyset.ts';
import { accountsService } from '../accounts/accounts.service.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { loginCodesService, type ClientMeta } from '../login-codes/login-codes.service.ts';
import { reportsService } from '../reports/reports.service.ts';
import { paymentDetailsService } from '../payment-details/payment-details.service.ts';
import { statusMail } from './publishers.mail.ts';
import { publishersRepository } from './publishers.repository.ts';

type Publisher = Selectable<PublishersTable>;

const SORT_KEYS: Record<PublisherListQuery['sort'], SortKey> = {
  name: { expr: sql`lower(publishers.name) COLLATE "C"`, type: 'text' },
  created_at: { expr: sql`publishers.id`, type: 'int' },
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** What the audit log keeps of a publisher account. */
const snapshot = (p: Publisher) => ({
  name: p.name,
  status: p.status,
  account_manager_id: p.account_manager_id,
  minimum_payout: p.minimum_payout == null ? null : Number(p.minimum_payout),
  approved_at: iso(p.approved_at),
});

const conflict = (message: string) => new AppError(409, ERROR_CODES.CONFLICT, message);

async function lockedOrFail(trx: Db, id: number): Promise<Publisher> {
  const p = await publishersRepository.findForUpdate(trx, id);
  if (!p) throw notFound('No such publisher.');
  return p;
}

function checkedReason(raw: string | null | undefined): string {
  const reason = (raw ?? '').trim();
  if (!reason) throw fieldError('reason', ERROR_CODES.MISSING, 'Please enter a reason.');
  if (reason.length > PUBLISHER_REASON_MAX)
    throw fieldError('reason', ERROR_CODES.BAD_FORMAT, `Must be at most ${PUBLISHER_REASON_MAX} characters.`);
  return reason;
}

/**
 * The console's Publishers area (docs/operator-console.md "Publishers"), and the CLI's
 * `publisher:*` and `user:link`/`user:unlink` commands: one implementation of each action, every
 * change in the audit log.
 */
export const publishersService = {
  async list(ctx: AppContext, req: PublisherListQuery): Promise<ListResponse<PublisherRow>> {
    const k = keyset({
      sort: req.sort,
      order: req.order,
      key: SORT_KEYS[req.sort],
      id: sql`publishers.id`,
      cursor: req.cursor,
    });
    const rows = await publishersRepository.list(
      ctx.db,
      k,
      { status: req.filters.status ?? null, search: req.search ?? null },
      req.limit,
    );
    return keysetPage(
      k,
      rows,
      req.limit,
      (r) => r.id,
      (r) => ({
        id: r.id,
        name: r.name,
        status: r.status,
        email: r.email ?? null,
        users: Number(r.users ?? 0),
        account_manager: r.account_manager ?? null,
        created_at: iso(r.created_at)!,
      }),
    );
  },

  /** One publisher's page: status, users and their other accounts, manager, referrer, month to date, grants. */
  async get(ctx: AppContext, id: number): Promise<PublisherDetail> {
    const p = await publishersRepository.find(ctx.db, id);
    if (!p) throw notFound('No such publisher.');
    const users = await publishersRepository.users(ctx.db, id);
    const others = await publishersRepository.otherAccounts(
      ctx.db,
      users.map((u) => u.id),
      id,
    );
    const manager = p.account_manager_id
      ? await publishersRepository.findAccountManager(ctx.db, p.account_manager_id)
      : undefined;
    const referrer = p.referrer_publisher_id
      ? await publishersRepository.referrer(ctx.db, p.referrer_publisher_id)
      : undefined;
    // The month as the account's own user counts it (their time zone), as the publisher's dashboard does.
    const figures = await reportsService.publisherMonthToDate(ctx, id, users[0]?.timezone ?? 'UTC');
    const grants = await publishersRepository.grants(ctx.db, id);
    return {
      id: p.id,
      name: p.name,
      status: p.status,
      created_at: iso(p.created_at)!,
      approved_at: iso(p.approved_at),
      referral_code: p.referral_code,
      website_url: p.website_url,
      account_manager: manager ?? null,
      referrer: referrer ?? null,
      users: users.map((u) => ({
        id: u.id,
        email: u.email,
        name: `${u.firstname} ${u.lastname}`.trim(),
        other_accounts: others
          .filter((o) => o.user_id === u.id)
          .map((o) => ({ id: o.id, name: o.name, status: o.status })),
      })),
      month_to_date: figures,
      granted_offers: grants.map((g) => ({
        offer_id: g.id,
        offer_name: g.name,
        offer_status: g.status,
        granted_at: iso(g.created_at)!,
      })),
      minimum_payout: p.minimum_payout == null ? null : Number(p.minimum_payout),
      network_minimum_payout: ctx.config.MINIMUM_PAYOUT_USD,
      payment_details: (await paymentDetailsService.masked(ctx.db, [id])).get(id) ?? null,
    };
  },

  /**
   * Approve, reject, suspend or reactivate, with a reason for the audit log. The publisher's users
   * are told by e-mail after the commit (a failed send is logged). An approved account logs in at
   * once; a suspended one's sessions and API keys stop at once (they check the status each request).
   */
  async setStatus(ctx: AppContext, actor: Actor, id: number, input: PublisherStatusRequest) {
    const action = input.action;
    if (!action) throw fieldError('action', ERROR_CODES.NOTHING_SELECTED, 'Please choose a status change.');
    const reason = checkedReason(input.reason);
    const change = PUBLISHER_STATUS_CHANGES[action];
    const after = await auditService.write(ctx, actor, async (trx, audit) => {
      const before = await lockedOrFail(trx, id);
      if (!change.from.includes(before.status))
        throw conflict(`This publisher is ${before.status}: it cannot be ${pastTense(action)}.`);
      const row = await publishersRepository.setStatus(trx, id, change.to, change.to === 'active');
      await audit({
        action: `publisher.${action}`,
        objectType: 'publisher',
        objectId: id,
        before: snapshot(before),
        after: snapshot(row),
        reason,
      });
      return row;
    });
    await tellUsers(ctx, action, after);
    return { id: after.id, status: after.status };
  },

  /**
   * Sets (or clears) the account manager the publisher's portal shows, and the publisher's own
   * minimum payout (null: the network's); a field left out stays as it is.
   */
  async update(ctx: AppContext, actor: Actor, id: number, body: PublisherUpdateRequest) {
    const min = body.minimum_payout;
    if (min != null && (!Number.isFinite(min) || min < 0 || min > PUBLISHER_MINIMUM_PAYOUT_MAX))
      throw fieldError(
        'minimum_payout',
        ERROR_CODES.TOO_SHORT_OR_INVALID,
        `The minimum payout is an amount from 0 to ${PUBLISHER_MINIMUM_PAYOUT_MAX.toLocaleString('en-US')} USD.`,
      );
    return auditService.write(ctx, actor, async (trx, audit) => {
      const before = await lockedOrFail(trx, id);
      const managerId = body.account_manager_id;
      if (managerId != null && !(await publishersRepository.findAccountManager(trx, managerId)))
        throw fieldError('account_manager_id', ERROR_CODES.TOO_SHORT_OR_INVALID, 'No such account manager.');
      let row = before;
      if (managerId !== undefined) row = await publishersRepository.setAccountManager(trx, id, managerId);
      if (min !== undefined)
        row = await publishersRepository.setMinimumPayout(trx, id, min == null ? null : Math.round(min * 100) / 100);
      await audit({
        action: 'publisher.update',
        objectType: 'publisher',
        objectId: id,
        before: snapshot(before),
        after: snapshot(row),
      });
      return {
        id: row.id,
        account_manager_id: row.account_manager_id,
        minimum_payout: row.minimum_payout == null ? null : Number(row.minimum_payout),
      };
    });
  },

  /** Sets (or clears) the account manager the publisher's portal shows. */
  setAccountManager: (ctx: AppContext, actor: Actor, id: number, accountManagerId: number | null) =>
    publishersService.update(ctx, actor, id, { account_manager_id: accountManagerId }),

  /**
   * Gives the user with this e-mail access to the publisher account too (multi-account login; the
   * CLI's `user:link`).
   */
  async linkUser(ctx: AppContext, actor: Actor, id: number, rawEmail: string | null | undefined) {
    const email = (rawEmail ?? '').trim();
    if (!email) throw fieldError('email', ERROR_CODES.MISSING, 'Please enter an e-mail address.');
    const user = await accountsService.findUserByEmail(ctx, email);
    if (!user) throw fieldError('email', ERROR_CODES.TOO_SHORT_OR_INVALID, 'No user has this e-mail address.');
    await auditService.write(ctx, actor, async (trx, audit) => {
      await lockedOrFail(trx, id);
      const before = await emailsOf(trx, id);
      if (before.includes(user.email))
        throw fieldError('email', ERROR_CODES.ALREADY_EXISTS, 'This user already has this publisher account.');
      await accountsService.link(trx, user.id, id);
      await audit({
        action: 'publisher.link_user',
        objectType: 'publisher',
        objectId: id,
        before: { users: before },
        after: { users: await emailsOf(trx, id) },
      });
    });
    return { success: true as const };
  },

  /** Takes a user off the publisher account: their sessions for it stop at once (the CLI's `user:unlink`). */
  async unlinkUser(ctx: AppContext, actor: Actor, id: number, userId: number) {
    await auditService.write(ctx, actor, async (trx, audit) => {
      await lockedOrFail(trx, id);
      const before = await emailsOf(trx, id);
      const r = await accountsService.unlink(trx, userId, id);
      if (Number(r.numDeletedRows) === 0) throw notFound('This user is not linked to this publisher.');
      await audit({
        action: 'publisher.unlink_user',
        objectType: 'publisher',
        objectId: id,
        before: { users: before },
        after: { users: await emailsOf(trx, id) },
      });
    });
    return { success: true as const };
  },

  /**
   * **View as publisher**: a one-time login code for the account's first user, made by this
   * operator (loginCodesService, as the CLI's `impersonate`), in the audit log with the code's
   * own rows. The session it opens names the operator; it writes only if their role does.
   */
  async viewAs(
    ctx: AppContext,
    actor: Actor,
    operator: { id: number; email: string; sessionId: string; tokenVersion: number },
    id: number,
    meta: ClientMeta,
  ) {
    return auditService.write(ctx, actor, async (trx, audit) => {
      const p = await publishersRepository.find(trx, id);
      if (!p) throw notFound('No such publisher.');
      if (p.status !== 'active') throw conflict(`Only an active publisher can be viewed: this one is ${p.status}.`);
      const [user] = await publishersRepository.users(trx, id);
      if (!user) throw conflict('This publisher has no user to log in as.');
      const made = await loginCodesService.create(
        ctx,
        {
          email: user.email,
          publisherId: id,
          operator: operator.email.slice(0, 128),
          operatorId: operator.id,
          operatorSession: { sid: operator.sessionId, version: operator.tokenVersion },
          meta,
        },
        trx,
      );
      await audit({
        action: 'publisher.view_as',
        objectType: 'publisher',
        objectId: id,
        after: { user: user.email, expires_at: made.expiresAt.toISOString() },
      });
      return { link: made.link, expires_at: made.expiresAt.toISOString(), email: user.email };
    });
  },

  accountManagers: (ctx: AppContext) => publishersRepository.accountManagers(ctx.db),
};

const PAST: Record<PublisherStatusAction, string> = {
  approve: 'approved',
  reject: 'rejected',
  suspend: 'suspended',
  reactivate: 'reactivated',
};
const pastTense = (a: PublisherStatusAction) => PAST[a];

const emailsOf = async (db: Db, id: number) => (await publishersRepository.users(db, id)).map((u) => u.email);

async function tellUsers(ctx: AppContext, action: PublisherStatusAction, p: Publisher): Promise<void> {
  for (const u of await publishersRepository.users(ctx.db, p.id)) {
    await ctx.mailer
      .send(statusMail(action, p, u.email, ctx.config.publicUrl))
      .catch((err: unknown) => ctx.log.error({ err }, 'publisher status e-mail failed'));
  }
}
