import { sql } from 'kysely';
import { ERROR_CODES, type FieldError, type ListResponse } from '@portal/shared';
import {
  OPERATOR_NAME_MAX,
  OPERATOR_PASSWORD_LINK_TTL_HOURS,
  OPERATOR_SET_PASSWORD_PAGE,
  OPERATOR_SETTING_KEYS,
  type ConsoleSettings,
  type OperatorInviteRequest,
  type OperatorListQuery,
  type OperatorRole,
  type OperatorRow,
  type OperatorUpdateRequest,
} from '@portal/shared/admin/operators.schemas';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { fieldError, fieldErrors, notFound } from '../../lib/errors.ts';
import { keyset, keysetPage, type SortKey } from '../../lib/keyset.ts';
import { newOpaqueToken } from '../../lib/tokens.ts';
import type { OperatorAuth } from '../../lib/operator-identity.ts';
import { auditService, type Actor, type RecordAudit } from '../audit/audit.service.ts';
import { operatorsRepository, type OperatorRecord } from './operators.repository.ts';

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const SORT_KEYS: Record<OperatorListQuery['sort'], SortKey> = {
  name: { expr: sql`lower(name) COLLATE "C"`, type: 'text' },
  email: { expr: sql`lower(email) COLLATE "C"`, type: 'text' },
  created_at: { expr: sql`id`, type: 'int' },
};

export const toOperatorRow = (r: OperatorRecord): OperatorRow => ({
  id: r.id,
  email: r.email,
  name: r.name,
  role: r.role,
  status: r.status,
  two_factor_enabled: r.totp_enabled,
  password_set: r.password_hash !== null,
  created_at: new Date(r.created_at).toISOString(),
  last_login_at: r.last_login_at ? new Date(r.last_login_at).toISOString() : null,
});

/** What the audit log keeps of an operator: never a hash or a secret. */
const snapshot = (r: OperatorRecord) => ({
  email: r.email,
  name: r.name,
  role: r.role,
  status: r.status,
  two_factor_enabled: r.totp_enabled,
  password_set: r.password_hash !== null,
});

export interface NewPasswordLink {
  operator: OperatorRecord;
  link: string;
  expiresAt: Date;
}

/** Built from PUBLIC_URL, never from the request's Host. */
const setPasswordLink = (ctx: AppContext, token: string) =>
  `${ctx.config.publicUrl}${OPERATOR_SET_PASSWORD_PAGE}?${new URLSearchParams({ token }).toString()}`;

function checkInvite(input: OperatorInviteRequest): { email: string; name: string; role: OperatorRole } {
  const email = (input.email ?? '').trim();
  const name = (input.name ?? '').trim();
  const errors: Record<string, FieldError> = {};
  if (!email) errors['email'] = { code: ERROR_CODES.MISSING, message: 'Please enter an e-mail address.' };
  else if (!EMAIL_SHAPE.test(email))
    errors['email'] = { code: ERROR_CODES.BAD_FORMAT, message: 'Must provide valid email address.' };
  if (!name) errors['name'] = { code: ERROR_CODES.MISSING, message: 'Please enter a name.' };
  else if (name.length > OPERATOR_NAME_MAX)
    errors['name'] = { code: ERROR_CODES.BAD_FORMAT, message: `Must be at most ${OPERATOR_NAME_MAX} characters.` };
  if (!input.role) errors['role'] = { code: ERROR_CODES.NOTHING_SELECTED, message: 'Please choose a role.' };
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return { email, name, role: input.role! };
}

/**
 * Makes the operator (or, for one invited who has not set a password yet, renews their invitation)
 * and a one-time set-password link; earlier links of theirs stop working.
 */
async function makeWithLink(
  ctx: AppContext,
  trx: Db,
  audit: RecordAudit,
  input: { email: string; name: string; role: OperatorRole },
): Promise<NewPasswordLink> {
  const existing = await operatorsRepository.findByEmail(trx, input.email);
  if (existing && (existing.password_hash !== null || existing.status !== 'active'))
    throw fieldError('email', ERROR_CODES.ALREADY_EXISTS, 'An operator with this e-mail already exists.');
  const operator = existing
    ? await operatorsRepository.update(trx, existing.id, { name: input.name, role: input.role })
    : await operatorsRepository.insert(trx, input);
  const { token, hash } = newOpaqueToken();
  const { expires_at } = await operatorsRepository.insertPasswordToken(
    trx,
    operator.id,
    hash,
    OPERATOR_PASSWORD_LINK_TTL_HOURS,
  );
  await audit({
    action: 'operator.invite',
    objectType: 'operator',
    objectId: operator.id,
    before: existing ? snapshot(existing) : null,
    after: snapshot(operator),
  });
  return { operator, link: setPasswordLink(ctx, token), expiresAt: new Date(expires_at) };
}

/** A new set-password link for an operator with an account: earlier links stop working; audited. */
async function issueResetLink(
  ctx: AppContext,
  trx: Db,
  audit: RecordAudit,
  operator: OperatorRecord,
): Promise<NewPasswordLink> {
  const { token, hash } = newOpaqueToken();
  const { expires_at } = await operatorsRepository.insertPasswordToken(
    trx,
    operator.id,
    hash,
    OPERATOR_PASSWORD_LINK_TTL_HOURS,
  );
  await audit({
    action: 'operator.reset_link',
    objectType: 'operator',
    objectId: operator.id,
    before: null,
    after: { link_expires_at: new Date(expires_at).toISOString() },
  });
  return { operator, link: setPasswordLink(ctx, token), expiresAt: new Date(expires_at) };
}

/** The Operators area (owners) and the console's settings; the CLI's `operator:create` too. */
export const operatorsService = {
  async list(ctx: AppContext, req: OperatorListQuery): Promise<ListResponse<OperatorRow>> {
    const k = keyset({ sort: req.sort, order: req.order, key: SORT_KEYS[req.sort], id: sql`id`, cursor: req.cursor });
    const rows = await operatorsRepository.list(ctx.db, k, req.filters, req.limit);
    return keysetPage(k, rows, req.limit, (r) => r.id, toOperatorRow);
  },

  /** An active operator's role, or undefined (a view-as session checks it on each request). */
  /**
   * The operator's role while their own console session `sid` of token version `version` still
   * stands (active, not signed out, not bumped by a disabling, password or two-factor change, and
   * two-factor on if the console requires it); undefined once it has ended. View-as sessions last
   * with it (plugins/auth.ts).
   */
  async liveSession(
    ctx: AppContext,
    id: number,
    session: { sid: string; version: number },
  ): Promise<{ role: OperatorRole } | undefined> {
    const op = await operatorsRepository.findForSession(ctx.db, id, session.sid);
    if (!op || op.status !== 'active' || op.signed_out || op.token_version !== session.version) return undefined;
    if (op.require_2fa === 'true' && !op.totp_enabled) return undefined;
    return { role: op.role };
  },

  async findActive(ctx: AppContext, id: number): Promise<{ id: number; role: OperatorRole } | undefined> {
    const op = await operatorsRepository.findById(ctx.db, id);
    return op && op.status === 'active' ? { id: op.id, role: op.role } : undefined;
  },

  /** Every operator's id and name (the audit log's operator filter). */
  names: (ctx: AppContext, ids?: number[]) => operatorsRepository.names(ctx.db, ids),

  /**
   * Invites an operator: the link is e-mailed and answered once to the inviter (who can pass it on
   * if the mail does not arrive). The e-mail goes after the commit; a failed send is logged.
   */
  async invite(ctx: AppContext, actor: Actor, input: OperatorInviteRequest) {
    const checked = checkInvite(input);
    const made = await auditService.write(ctx, actor, (trx, audit) => makeWithLink(ctx, trx, audit, checked));
    const hours = OPERATOR_PASSWORD_LINK_TTL_HOURS;
    await ctx.mailer
      .send({
        to: made.operator.email,
        subject: 'You are invited to the operator console',
        text:
          `Hello ${made.operator.name},\n\n${actor.label} invited you to the network's operator console ` +
          `as ${made.operator.role}. Choose your password with this link; it works once and for ${hours} hours:\n\n` +
          `${made.link}\n\nThen sign in at ${ctx.config.publicUrl}/admin/login with this e-mail address.`,
      })
      .catch((err: unknown) => ctx.log.error({ err }, 'operator invitation e-mail failed'));
    return { operator: toOperatorRow(made.operator), link: made.link, expires_at: made.expiresAt.toISOString() };
  },

  /** `npm run admin -- operator:create`: the same as an invitation, the link printed instead of mailed. */
  create(ctx: AppContext, actor: Actor, input: OperatorInviteRequest): Promise<NewPasswordLink> {
    const checked = checkInvite({ ...input, name: input.name?.trim() || input.email?.split('@')[0] });
    return auditService.write(ctx, actor, (trx, audit) => makeWithLink(ctx, trx, audit, checked));
  },

  /**
   * `npm run admin -- operator:reset-password`: a one-time set-password link for an active operator
   * (a forgotten password, a published demo password); earlier links stop working and setting the
   * password through it ends every session of theirs.
   */
  resetLink(ctx: AppContext, actor: Actor, email: string): Promise<NewPasswordLink> {
    return auditService.write(ctx, actor, async (trx, audit) => {
      const operator = await operatorsRepository.findByEmail(trx, email.trim());
      if (!operator || operator.status !== 'active')
        throw fieldError('email', ERROR_CODES.TOO_SHORT_OR_INVALID, 'No active operator has this e-mail address.');
      return issueResetLink(ctx, trx, audit, operator);
    });
  },

  /**
   * An owner's reset link for another operator (the Operators area): the same link, answered once.
   * Not for the owner's own account: that takes the current password (`me/password`), so a stolen
   * session cannot take the account over.
   */
  async resetLinkFor(ctx: AppContext, actor: Actor, id: number) {
    const made = await auditService.write(ctx, actor, async (trx, audit) => {
      const operator = await operatorsRepository.findById(trx, id);
      if (!operator) throw notFound();
      if (operator.id === actor.operatorId)
        throw fieldError(
          'id',
          ERROR_CODES.TOO_SHORT_OR_INVALID,
          'Change your own password on the Security page, with your current one.',
        );
      if (operator.status !== 'active')
        throw fieldError('id', ERROR_CODES.TOO_SHORT_OR_INVALID, 'This operator is disabled. Enable them first.');
      return issueResetLink(ctx, trx, audit, operator);
    });
    return { operator: toOperatorRow(made.operator), link: made.link, expires_at: made.expiresAt.toISOString() };
  },

  /**
   * Changes an operator's role or disables (re-enables) them. A disabled operator's tokens stop at
   * once; the console always keeps one active owner.
   */
  async update(ctx: AppContext, actor: Actor, id: number, input: OperatorUpdateRequest): Promise<OperatorRow> {
    if (input.role === undefined && input.status === undefined)
      throw fieldError('role', ERROR_CODES.NOTHING_SELECTED, 'Choose a role or a status to change.');
    const row = await auditService.write(ctx, actor, async (trx, audit) => {
      const before = await operatorsRepository.findById(trx, id);
      if (!before) throw notFound();
      const stopsOwning =
        before.role === 'owner' &&
        before.status === 'active' &&
        ((input.role !== undefined && input.role !== 'owner') || input.status === 'disabled');
      if (stopsOwning && (await operatorsRepository.otherActiveOwners(trx, id)) === 0)
        throw fieldError(
          input.status === 'disabled' ? 'status' : 'role',
          ERROR_CODES.TOO_SHORT_OR_INVALID,
          'The console needs at least one active owner.',
        );
      const statusChanges = input.status !== undefined && input.status !== before.status;
      const after = await operatorsRepository.update(trx, id, {
        ...(input.role !== undefined ? { role: input.role } : {}),
        ...(statusChanges ? { status: input.status! } : {}),
      });
      await audit({
        action: 'operator.update',
        objectType: 'operator',
        objectId: id,
        before: snapshot(before),
        after: snapshot(after),
        reason: input.reason ?? null,
      });
      return after;
    });
    return toOperatorRow(row);
  },

  /** The demo network's operator: made with its password when missing, otherwise left alone. */
  async seedIfMissing(
    ctx: AppContext,
    input: { email: string; name: string; role: OperatorRole },
    passwordHash: () => Promise<string>,
  ): Promise<void> {
    if (await operatorsRepository.findByEmail(ctx.db, input.email)) return;
    const { email, name, role } = input;
    await operatorsRepository.insertIfMissing(ctx.db, { email, name, role, password_hash: await passwordHash() });
  },

  async settings(ctx: AppContext): Promise<ConsoleSettings> {
    return { require_2fa: (await operatorsRepository.getSetting(ctx.db, OPERATOR_SETTING_KEYS.require2fa)) === 'true' };
  },

  /** Requiring two-factor takes an owner who has it on: nobody requires what they cannot do. */
  async updateSettings(ctx: AppContext, actor: Actor, auth: OperatorAuth, next: ConsoleSettings) {
    if (next.require_2fa && !auth.twoFactorEnabled)
      throw fieldError(
        'require_2fa',
        ERROR_CODES.TOO_SHORT_OR_INVALID,
        'Turn on two-factor authentication for yourself first.',
      );
    const before = await operatorsService.settings(ctx);
    await auditService.write(ctx, actor, async (trx, audit) => {
      await operatorsRepository.setSetting(trx, OPERATOR_SETTING_KEYS.require2fa, String(next.require_2fa));
      await audit({ action: 'settings.update', objectType: 'settings', objectId: 'console', before, after: next });
    });
    return next;
  },
};
