import type { Command } from 'commander';
import { OPERATOR_ROLES, type OperatorRole } from '@portal/shared/admin/operators.constants';
import type { WithApp } from '../with-app.ts';
import { cliActor } from '../../modules/audit/audit.service.ts';
import { operatorsService } from '../../modules/operators/operators.service.ts';
import { defaultOperator } from './accounts.commands.ts';

/** The field errors of the service, as one line for the terminal. */
export function describe(err: unknown): string {
  const fields = (err as { fields?: Record<string, { message: string }> }).fields;
  if (fields && Object.keys(fields).length > 0)
    return Object.entries(fields)
      .map(([field, f]) => `${field}: ${f.message}`)
      .join('; ');
  return err instanceof Error ? err.message : String(err);
}

/** A service's refusal as one line for the terminal ("Offer not found.", field errors). */
export const fail = (err: unknown): never => {
  throw new Error(describe(err));
};

/** Operators of the console (docs/operator-console.md): the first owner comes from here. */
export function registerOperatorCommands(program: Command, withApp: WithApp): void {
  program
    .command('operator:create <email>')
    .description(
      'Make an operator of the console and print a one-time link to set their password (72 hours). For an ' +
        'operator invited but without a password yet, a new link (earlier ones stop working). Written to the audit log.',
    )
    .requiredOption('--role <role>', `${OPERATOR_ROLES.join(', ')}`)
    .option('--name <name>', 'how the console names them (default: the part of the e-mail before @)')
    .action((email: string, opts: { role: string; name?: string }) => {
      if (!(OPERATOR_ROLES as readonly string[]).includes(opts.role))
        throw new Error(`--role must be one of ${OPERATOR_ROLES.join(', ')}`);
      return withApp(async (app) => {
        const made = await operatorsService
          .create(app.ctx, cliActor(defaultOperator()), {
            email,
            name: opts.name ?? null,
            role: opts.role as OperatorRole,
          })
          .catch((err: unknown) => {
            throw new Error(describe(err));
          });
        console.log(made.link);
        console.error(
          `operator ${made.operator.email} (${made.operator.role}): the link sets their password once, ` +
            `until ${made.expiresAt.toISOString()}; then they sign in at ${app.ctx.config.publicUrl}/admin/login`,
        );
      });
    });

  program
    .command('operator:reset-password <email>')
    .description(
      'Print a one-time link (72 hours) with which an active operator chooses a new password; earlier links stop ' +
        'working and setting it ends every session of theirs. Written to the audit log.',
    )
    .action((email: string) =>
      withApp(async (app) => {
        const made = await operatorsService.resetLink(app.ctx, cliActor(defaultOperator()), email).catch(fail);
        console.log(made.link);
        console.error(
          `operator ${made.operator.email}: the link sets a new password once, until ${made.expiresAt.toISOString()}`,
        );
      }),
    );

  program
    .command('operator:list')
    .description("List the console's operators with their role and status")
    .action(() =>
      withApp(async (app) => {
        const page = await operatorsService.list(app.ctx, {
          filters: {},
          limit: 100,
          sort: 'name',
          order: 1,
          search: null,
          cursor: null,
        });
        if (page.data.length === 0) {
          console.log('no operators yet: npm run admin -- operator:create <email> --role owner');
          return;
        }
        console.table(
          page.data.map((o) => ({
            id: o.id,
            email: o.email,
            name: o.name,
            role: o.role,
            status: o.status,
            'two-factor': o.two_factor_enabled ? 'on' : 'off',
            'password set': o.password_set ? 'yes' : 'no (invited)',
            'last sign-in': o.last_login_at ?? '',
          })),
        );
      }),
    );
}
