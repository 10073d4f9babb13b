import type { Command } from 'commander';
import { CREATIVE_TYPES, EVENT_TYPES, PAYOUT_TYPES } from '@portal/shared';
import type { WithApp } from '../with-app.ts';
import { cliActor } from '../../modules/audit/audit.service.ts';
import { offerChangesService } from '../../modules/offers/offer-changes.service.ts';
import { offerCreativesService } from '../../modules/offers/offer-creatives.service.ts';
import { defaultOperator } from './accounts.commands.ts';
import { id, num, oneOf } from './network-args.ts';
import { fail } from './operators.commands.ts';

/**
 * Operator commands for what an offer holds: landing pages, creatives and conversion events, each
 * change in the audit log as the console records it, as `cli:<os user>` (docs/operator-console.md,
 * Offers).
 */
export function registerOfferContentCommands(program: Command, withApp: WithApp): void {
  /* ------------------------------------------------------------ landing pages */

  program
    .command('landing-page:add <offerId> <name> <url>')
    .description(
      "Add a landing page; the URL may carry macros such as {tid}, {s1} in its query string. An offer's first page is its default",
    )
    .option('--default', 'make it the default (the previous default is unset)')
    .action((offerId: string, name: string, url: string, opts: { default?: boolean }) =>
      withApp(async (app) => {
        const pageId = await offerChangesService.addLandingPage(app.ctx, cliActor(defaultOperator()), {
          offer_id: id(offerId),
          name,
          url,
          is_default: !!opts.default,
        });
        console.log(`landing page ${pageId} added`);
      }),
    );

  program
    .command('landing-page:update <landingPageId>')
    .description('Change a landing page')
    .option('--name <name>', 'new name')
    .option('--url <url>', 'new URL')
    .option('--default', 'make it the default')
    .action((pageId: string, opts: { name?: string; url?: string; default?: boolean }) =>
      withApp(async (app) => {
        await offerChangesService.updateLandingPage(app.ctx, cliActor(defaultOperator()), id(pageId), {
          ...(opts.name !== undefined ? { name: opts.name } : {}),
          ...(opts.url !== undefined ? { url: opts.url } : {}),
          ...(opts.default ? { is_default: true } : {}),
        });
        console.log(`landing page ${pageId} updated`);
      }),
    );

  program
    .command('landing-page:remove <landingPageId>')
    .description('Remove a landing page (when it was the default, the oldest remaining one becomes the default)')
    .action((pageId: string) =>
      withApp(async (app) => {
        await offerChangesService.removeLandingPage(app.ctx, cliActor(defaultOperator()), id(pageId));
        console.log(`landing page ${pageId} removed`);
      }),
    );

  /* ------------------------------------------------------------ creatives */

  program
    .command('creative:add <offerId> <name> <type> <url>')
    .description(`Add a creative; type is one of ${CREATIVE_TYPES.join(', ')}`)
    .action((offerId: string, name: string, type: string, url: string) =>
      withApp(async (app) => {
        const creative = await offerCreativesService
          .add(app.ctx, cliActor(defaultOperator()), id(offerId), {
            name,
            type: oneOf(CREATIVE_TYPES, 'type')(type),
            url,
          })
          .catch(fail);
        console.log(`creative ${creative.id} added`);
      }),
    );

  program
    .command('creative:update <creativeId>')
    .description('Change a creative')
    .option('--name <name>', 'new name')
    .option('--type <type>', `one of ${CREATIVE_TYPES.join(', ')}`, oneOf(CREATIVE_TYPES, 'type'))
    .option('--url <url>', 'new URL')
    .action((creativeId: string, opts: { name?: string; type?: (typeof CREATIVE_TYPES)[number]; url?: string }) =>
      withApp(async (app) => {
        await offerChangesService.updateCreative(app.ctx, cliActor(defaultOperator()), id(creativeId), opts);
        console.log(`creative ${creativeId} updated`);
      }),
    );

  program
    .command('creative:remove <creativeId>')
    .description('Remove a creative')
    .action((creativeId: string) =>
      withApp(async (app) => {
        await offerChangesService.removeCreative(app.ctx, cliActor(defaultOperator()), id(creativeId));
        console.log(`creative ${creativeId} removed`);
      }),
    );

  /* ------------------------------------------------------------ events */

  program
    .command('event:add <offerId> <name>')
    .description('Add an event to an offer; advertisers send its id as event_id in conversion calls')
    .option('--type <type>', `one of ${EVENT_TYPES.join(', ')}`, oneOf(EVENT_TYPES, 'type'), 'conversion')
    .option('--payout <amount>', 'USD per action (cpa) or percent of the sale (revshare)', num, 0)
    .option('--payout-type <type>', `one of ${PAYOUT_TYPES.join(', ')}`, oneOf(PAYOUT_TYPES, 'payout type'), 'cpa')
    .option(
      '--base',
      'make it the base event (recorded when a conversion call has no event_id; its payout becomes the offer’s)',
    )
    .action(
      (
        offerId: string,
        name: string,
        opts: {
          type: (typeof EVENT_TYPES)[number];
          payout: number;
          payoutType: (typeof PAYOUT_TYPES)[number];
          base?: boolean;
        },
      ) =>
        withApp(async (app) => {
          const eventId = await offerChangesService.addEvent(app.ctx, cliActor(defaultOperator()), {
            offer_id: id(offerId),
            name,
            event_type: opts.type,
            payout: opts.payout,
            payout_type: opts.payoutType,
            is_base: !!opts.base,
          });
          console.log(`event ${eventId} added`);
        }),
    );

  program
    .command('event:update <eventId>')
    .description('Change an event')
    .option('--name <name>', 'new name')
    .option('--type <type>', `one of ${EVENT_TYPES.join(', ')}`, oneOf(EVENT_TYPES, 'type'))
    .option('--payout <amount>', 'USD per action (cpa) or percent of the sale (revshare)', num)
    .option('--payout-type <type>', `one of ${PAYOUT_TYPES.join(', ')}`, oneOf(PAYOUT_TYPES, 'payout type'))
    .option('--base', 'make it the base event')
    .action(
      (
        eventId: string,
        opts: {
          name?: string;
          type?: (typeof EVENT_TYPES)[number];
          payout?: number;
          payoutType?: (typeof PAYOUT_TYPES)[number];
          base?: boolean;
        },
      ) =>
        withApp(async (app) => {
          await offerChangesService.updateEvent(app.ctx, cliActor(defaultOperator()), id(eventId), {
            ...(opts.name !== undefined ? { name: opts.name } : {}),
            ...(opts.type !== undefined ? { event_type: opts.type } : {}),
            ...(opts.payout !== undefined ? { payout: opts.payout } : {}),
            ...(opts.payoutType !== undefined ? { payout_type: opts.payoutType } : {}),
            ...(opts.base ? { is_base: true as const } : {}),
          });
          console.log(`event ${eventId} updated`);
        }),
    );
}
