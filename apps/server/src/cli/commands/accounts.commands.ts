import type { Command } from 'commander';
import type { WithApp } from '../with-app.ts';
import os from 'node:os';
import { LOGIN_CODE_TTL_SECONDS } from '@portal/shared';
import { accountsService } from '../../modules/accounts/accounts.service.ts';
import { loginCodesService } from '../../modules/login-codes/login-codes.service.ts';
import { PUBLISHER_STATUS_ACTIONS, PUBLISHER_STATUS_CHANGES } from '@portal/shared/admin/publishers.constants';
import { cliActor } from '../../modules/audit/audit.service.ts';
import { publishersService } from '../../modules/publishers/publishers.service.ts';

const int = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not an id: ${v}`);
  return n;
};

/** A service's refusal as one line: its field errors, or its message (a 404 says which publisher). */
export function describeError(err: unknown): string {
  const fields = (err as { fields?: Record<string, { message: string }> }).fields;
  if (fields && Object.keys(fields).length > 0)
    return Object.entries(fields)
      .map(([field, f]) => `${field}: ${f.message}`)
      .join('; ');
  return err instanceof Error ? err.message : String(err);
}

/** The OS user running the CLI: who is acting when no --operator is given. */
export function defaultOperator(): string {
  try {
    return os.userInfo().username || 'operator';
  } catch {
    return process.env['USER'] ?? 'operator';
  }
}

export function registerAccountCommands(program: Command, withApp: WithApp): void {
  program
    .command('publisher:list')
    .description('List publisher accounts with their status')
    .option('--status <status>', 'only this status (pending, active, rejected, suspended)')
    .action((opts: { status?: string }) =>
      withApp(async (app) => {
        let q = app.ctx.db
          .selectFrom('publishers')
          .select(['id', 'name', 'status', 'referral_code', 'created_at'])
          .orderBy('id');
        if (opts.status) q = q.where('status', '=', opts.status as 'pending');
        console.table(await q.execute());
      }),
    );

  for (const action of PUBLISHER_STATUS_ACTIONS) {
    const change = PUBLISHER_STATUS_CHANGES[action];
    program
      .command(`publisher:${action} <publisherId>`)
      .description(
        `${change.label} a publisher account (${change.from.join(' or ')} → ${change.to}); its users are e-mailed, ` +
          'and the change is in the console’s audit log with the reason',
      )
      .requiredOption('--reason <text>', 'why, for the audit log')
      .action((id: string, opts: { reason: string }) =>
        withApp(async (app) => {
          const r = await publishersService
            .setStatus(app.ctx, cliActor(defaultOperator()), int(id), { action, reason: opts.reason })
            .catch((err: unknown) => {
              throw new Error(describeError(err));
            });
          console.log(`publisher ${id} is now ${r.status}`);
        }),
      );
  }

  program
    .command('user:link <email> <publisherId>')
    .description('Give a user access to another publisher account (multi-account login)')
    .action((email: string, publisherId: string) =>
      withApp(async (app) => {
        await publishersService
          .linkUser(app.ctx, cliActor(defaultOperator()), int(publisherId), email)
          .catch((err: unknown) => {
            throw new Error(describeError(err));
          });
        console.log(`${email} can now use publisher ${publisherId}`);
      }),
    );

  program
    .command('user:unlink <email> <publisherId>')
    .description('Remove a user from a publisher account; their tokens for it stop working at once')
    .action((email: string, publisherId: string) =>
      withApp(async (app) => {
        const user = await accountsService.findUserByEmail(app.ctx, email);
        if (!user) throw new Error(`no user ${email}`);
        await publishersService
          .unlinkUser(app.ctx, cliActor(defaultOperator()), int(publisherId), user.id)
          .catch((err: unknown) => {
            throw new Error(describeError(err));
          });
        console.log(`${email} no longer has publisher ${publisherId}`);
      }),
    );

  program
    .command('impersonate <email> [publisherId]')
    .description(
      `Print a link that opens the portal as this user (for support): it holds a one-time login code, ` +
        `works once and for ${LOGIN_CODE_TTL_SECONDS / 60} minutes, and asks before replacing a session the browser already has. ` +
        'Making it and using it are written to the audit log (audit:list).',
    )
    .option(
      '--operator <name>',
      'who is acting, for the audit log and the session (default: the OS user)',
      defaultOperator(),
    )
    .action((email: string, publisherId: string | undefined, opts: { operator: string }) =>
      withApp(async (app) => {
        // A LoginCodeError's message (no such user, account not active…) is printed as it is.
        const made = await loginCodesService.create(app.ctx, {
          email,
          ...(publisherId ? { publisherId: int(publisherId) } : {}),
          operator: opts.operator,
          meta: { address: null, userAgent: `admin CLI on ${os.hostname()}` },
        });
        console.log(made.link);
        console.error(
          `one-time link for ${email} (publisher ${made.publisherId}) made by operator ${opts.operator.trim()}, ` +
            `valid once until ${made.expiresAt.toISOString()}`,
        );
      }),
    );

  program
    .command('audit:list')
    .description(
      'List the impersonation audit log, newest first: login links made and used, by whom, for whom, from where',
    )
    .option('--since <date>', 'only entries from this date (YYYY-MM-DD or an ISO time)')
    .option('--email <email>', "only this user's entries")
    .option('--limit <n>', 'at most this many entries', '100')
    .action((opts: { since?: string; email?: string; limit: string }) =>
      withApp(async (app) => {
        const since = opts.since ? new Date(opts.since) : undefined;
        if (since && Number.isNaN(since.getTime())) throw new Error(`not a date: ${opts.since}`);
        const rows = await loginCodesService.listAudit(app.ctx, {
          ...(since ? { since } : {}),
          ...(opts.email ? { email: opts.email } : {}),
          limit: int(opts.limit),
        });
        if (rows.length === 0) {
          console.log('no impersonation audit entries');
          return;
        }
        console.table(
          rows.map((r) => ({
            at: r.at.toISOString(),
            action: r.action,
            operator: r.operator,
            user: r.user_email,
            publisher: r.publisher_id,
            address: r.address ?? '',
            user_agent: r.user_agent ?? '',
          })),
        );
      }),
    );
}
