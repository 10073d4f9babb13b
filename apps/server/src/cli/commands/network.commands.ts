import type { Command } from 'commander';
import type { WithApp } from '../with-app.ts';
import { cliActor } from '../../modules/audit/audit.service.ts';
import { advertiserCredentials } from '../../modules/advertisers/advertiser-credentials.service.ts';
import { advertisersService } from '../../modules/advertisers/advertisers.service.ts';
import { networkService } from '../../modules/offers/network-catalogue.service.ts';
import { defaultOperator } from './accounts.commands.ts';
import { fail } from './operators.commands.ts';
import { registerAdvertiserCredentialCommands } from './advertiser-credentials.commands.ts';
import { id, oneOf } from './network-args.ts';
import { registerOfferContentCommands } from './offer-content.commands.ts';
import { registerOfferCommands } from './offer.commands.ts';

/**
 * Operator commands for the network: advertisers here; offers and access to private offers in
 * offer.commands.ts; landing pages, creatives and events in offer-content.commands.ts. They call
 * the console's services (advertisers.service.ts, advertiser-credentials.service.ts, and for offers
 * offer-changes.service.ts, offer-access.service.ts, offer-creatives.service.ts), so every write is
 * recorded in the audit log as the console records it.
 */
export function registerNetworkCommands(program: Command, withApp: WithApp): void {
  /* ------------------------------------------------------------ advertisers */

  program
    .command('advertiser:create <name>')
    .description(
      'Create an advertiser and print its conversion API token (shown once; only its hash is kept) and its pixel signing secret',
    )
    .option('--inactive', 'create it inactive (its conversion calls are refused)')
    .action((name: string, opts: { inactive?: boolean }) =>
      withApp(async (app) => {
        const created = await advertisersService
          .create(app.ctx, cliActor(defaultOperator()), { name, status: opts.inactive ? 'inactive' : 'active' })
          .catch(fail);
        console.log(`advertiser ${created.advertiser.id} created`);
        console.log(`conversion API token (store it now, it is not shown again): ${created.token}`);
        console.log(
          `pixel signing secret (signs a pixel's amount; advertiser:pixel-secret shows it again): ${created.pixel_secret}`,
        );
      }),
    );

  program
    .command('advertiser:pixel-secret <advertiserId>')
    .description(
      "Print the advertiser's pixel signing secret (a thank-you page's server signs a pixel with it so its amount counts)",
    )
    .option('--rotate', 'replace it first; pixels signed with the old one lose their amount at once')
    .action((advertiserId: string, opts: { rotate?: boolean }) =>
      withApp(async (app) => {
        const db = app.ctx.db;
        const secret = opts.rotate
          ? (
              await advertiserCredentials
                .rotateAudited(app.ctx, cliActor(defaultOperator()), id(advertiserId), {
                  token: false,
                  pixelSecret: true,
                })
                .catch(fail)
            ).pixelSecret
          : await networkService.pixelSecretOf(db, id(advertiserId));
        console.log(`pixel signing secret of advertiser ${advertiserId}: ${secret}`);
      }),
    );

  program
    .command('advertiser:update <advertiserId>')
    .description('Rename an advertiser or change its status')
    .option('--name <name>', 'new name')
    .option('--status <status>', 'active or inactive', oneOf(['active', 'inactive'] as const, 'status'))
    .action((advertiserId: string, opts: { name?: string; status?: 'active' | 'inactive' }) =>
      withApp(async (app) => {
        await advertisersService.update(app.ctx, cliActor(defaultOperator()), id(advertiserId), opts).catch(fail);
        console.log(`advertiser ${advertiserId} updated`);
      }),
    );

  registerAdvertiserCredentialCommands(program, withApp);
  registerOfferCommands(program, withApp);
  registerOfferContentCommands(program, withApp);
}
