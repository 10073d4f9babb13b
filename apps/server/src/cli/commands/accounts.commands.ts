import type { Command } from 'commander';
import type { WithApp } from '../admin.ts';
import { accountsService } from '../../modules/accounts/accounts.service.ts';

const int = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not an id: ${v}`);
  return n;
};

export function registerAccountCommands(program: Command, withApp: WithApp): void {
  program
    .command('publisher:list')
    .description('List publisher accounts with their status')
    .option('--status <status>', 'only this status (pending, active, rejected, suspended)')
    .action((opts: { status?: string }) =>
      withApp(async (app) => {
        let q = app.ctx.db.selectFrom('publishers').select(['id', 'name', 'status', 'referral_code', 'created_at']).orderBy('id');
        if (opts.status) q = q.where('status', '=', opts.status as 'pending');
        console.table(await q.execute());
      }),
    );

  for (const [name, status] of [
    ['publisher:approve', 'active'],
    ['publisher:reject', 'rejected'],
    ['publisher:suspend', 'suspended'],
  ] as const) {
    program
      .command(`${name} <publisherId>`)
      .description(`Set a publisher account ${status}`)
      .action((id: string) =>
        withApp(async (app) => {
          const r = await app.ctx.db
            .updateTable('publishers')
            .set({ status, ...(status === 'active' ? { approved_at: new Date() } : {}) })
            .where('id', '=', int(id))
            .executeTakeFirst();
          if (Number(r.numUpdatedRows) === 0) throw new Error(`no publisher ${id}`);
          console.log(`publisher ${id} is now ${status}`);
        }),
      );
  }

  program
    .command('user:link <email> <publisherId>')
    .description('Give a user access to another publisher account (multi-account login)')
    .action((email: string, publisherId: string) =>
      withApp(async (app) => {
        const user = await accountsService.findUserByEmail(app.ctx, email);
        if (!user) throw new Error(`no user ${email}`);
        if (!(await accountsService.findPublisherById(app.ctx, int(publisherId)))) throw new Error(`no publisher ${publisherId}`);
        await accountsService.link(app.ctx.db, user.id, int(publisherId));
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
        await accountsService.unlink(app.ctx.db, user.id, int(publisherId));
        console.log(`${email} no longer has publisher ${publisherId}`);
      }),
    );

  program
    .command('impersonate <email> [publisherId]')
    .description('Print a link that opens the portal as this user (for support)')
    .option('--ttl <minutes>', 'link lifetime in minutes', '30')
    .action((email: string, publisherId: string | undefined, opts: { ttl: string }) =>
      withApp(async (app) => {
        const user = await accountsService.findUserByEmail(app.ctx, email);
        if (!user) throw new Error(`no user ${email}`);
        const linked = await accountsService.linkedPublishers(app.ctx, user.id);
        const pub = publisherId ? linked.find((p) => p.id === int(publisherId)) : linked[0];
        if (!pub) throw new Error(`${email} is not linked to publisher ${publisherId ?? ''}`);
        const token = await app.ctx.jwt.sign(
          { userId: user.id, publisherId: pub.id, purpose: 'access', version: user.token_version },
          Number(opts.ttl) * 60,
        );
        console.log(`${app.ctx.config.publicUrl}/?token=${token}&publisher_id=${pub.id}`);
      }),
    );
}
