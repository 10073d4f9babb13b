import type { Command } from 'commander';
import { CONVERSION_METHODS, OFFER_STATUSES, PAYOUT_TYPES } from '@portal/shared';
import type { WithApp } from '../with-app.ts';
import { cliActor } from '../../modules/audit/audit.service.ts';
import { networkService, type OfferPatch } from '../../modules/offers/network-catalogue.service.ts';
import { offerAccessService } from '../../modules/offers/offer-access.service.ts';
import { offerChangesService } from '../../modules/offers/offer-changes.service.ts';
import { defaultOperator } from './accounts.commands.ts';
import { cleared, id, int, list, num, oneOf, orNone } from './network-args.ts';
import { fail } from './operators.commands.ts';

/**
 * Operator commands for offers: create, update, list, show, and access to private offers. The
 * writes go through the console's services and leave its audit entries, as `cli:<os user>`
 * (docs/operator-console.md, Offers).
 */

interface OfferOptions {
  advertiser?: number;
  name?: string;
  description?: string;
  status?: (typeof OFFER_STATUSES)[number];
  previewUrl?: string | 'none';
  expireDate?: string | 'none';
  geos?: string[];
  tags?: string[];
  payout?: number;
  payoutType?: (typeof PAYOUT_TYPES)[number];
  dailyCap?: number | 'none';
  monthlyCap?: number | 'none';
  capScope?: 'global' | 'publisher';
  fallbackUrl?: string | 'none';
  lookbackDays?: number;
  public?: boolean;
  private?: boolean;
  conversionMethod?: (typeof CONVERSION_METHODS)[number];
  baseEventName?: string;
}

/** The offer options shared by offer:create and offer:update. */
function offerOptions(cmd: Command): Command {
  return cmd
    .option('--name <name>', 'offer name')
    .option('--description <text>', 'description shown on the Details tab')
    .option('--status <status>', `one of ${OFFER_STATUSES.join(', ')}`, oneOf(OFFER_STATUSES, 'status'))
    .option('--preview-url <url>', "the advertiser's preview page ('none' to clear)", orNone(String))
    .option('--expire-date <YYYY-MM-DD>', "last day of the offer ('none': does not expire)", orNone(String))
    .option('--geos <codes>', "comma-separated ISO country codes (e.g. CA,US; '' for all regions)", list)
    .option('--tags <tags>', 'comma-separated tags', list)
    .option(
      '--payout <amount>',
      'payout of the base event: USD per action (cpa) or percent of the sale (revshare)',
      num,
    )
    .option('--payout-type <type>', `one of ${PAYOUT_TYPES.join(', ')}`, oneOf(PAYOUT_TYPES, 'payout type'))
    .option('--daily-cap <n>', "conversions per UTC day ('none' to remove)", orNone(int))
    .option('--monthly-cap <n>', "conversions per UTC month ('none' to remove)", orNone(int))
    .option(
      '--cap-scope <scope>',
      'caps count over all publishers (global) or per publisher',
      oneOf(['global', 'publisher'] as const, 'cap scope'),
    )
    .option('--fallback-url <url>', "where clicks go when the offer cannot take them ('none' to clear)", orNone(String))
    .option('--lookback-days <n>', 'conversions accepted for clicks at most this many days old', int)
    .option('--public', 'every publisher may run it')
    .option('--private', 'only publishers granted with offer:grant may run it')
    .option(
      '--conversion-method <method>',
      "how the advertiser reports conversions: postback (server to server with its token; new offers' default), pixel (the thank-you page's pixel only) or both",
      oneOf(CONVERSION_METHODS, 'conversion method'),
    );
}

function offerValues(o: OfferOptions): OfferPatch {
  if (o.public && o.private) throw new Error('choose --public or --private, not both');
  const v: OfferPatch = {};
  if (o.advertiser !== undefined) v.advertiser_id = o.advertiser;
  if (o.name !== undefined) v.name = o.name;
  if (o.description !== undefined) v.description = o.description;
  if (o.status !== undefined) v.status = o.status;
  if (o.previewUrl !== undefined) v.preview_url = cleared(o.previewUrl);
  if (o.expireDate !== undefined) v.expire_date = cleared(o.expireDate);
  if (o.geos !== undefined) v.geos = o.geos;
  if (o.tags !== undefined) v.tags = o.tags;
  if (o.payout !== undefined) v.payout = o.payout;
  if (o.payoutType !== undefined) v.payout_type = o.payoutType;
  if (o.dailyCap !== undefined) v.daily_cap = cleared(o.dailyCap);
  if (o.monthlyCap !== undefined) v.monthly_cap = cleared(o.monthlyCap);
  if (o.capScope !== undefined) v.cap_scope = o.capScope;
  if (o.fallbackUrl !== undefined) v.fallback_url = cleared(o.fallbackUrl);
  if (o.lookbackDays !== undefined) v.lookback_days = o.lookbackDays;
  if (o.public) v.is_public = true;
  if (o.private) v.is_public = false;
  if (o.conversionMethod !== undefined) v.conversion_method = o.conversionMethod;
  return v;
}

export function registerOfferCommands(program: Command, withApp: WithApp): void {
  offerOptions(
    program
      .command('offer:create')
      .description('Create an offer with its base conversion event (which carries the payout)')
      .requiredOption('--advertiser <advertiserId>', 'the advertiser', id),
  )
    .option('--base-event-name <name>', 'name of the base conversion event', 'Conversion')
    .action((opts: OfferOptions) =>
      withApp(async (app) => {
        if (!opts.name) throw new Error('--name is required');
        const v = offerValues(opts);
        const offerId = await offerChangesService.createOffer(app.ctx, cliActor(defaultOperator()), {
          ...v,
          advertiser_id: opts.advertiser!,
          name: opts.name,
          ...(opts.baseEventName ? { base_event_name: opts.baseEventName } : {}),
        });
        console.log(`offer ${offerId} created`);
      }),
    );

  offerOptions(
    program
      .command('offer:update <offerId>')
      .description("Change an offer's fields (a payout change also updates its base event)")
      .option('--advertiser <advertiserId>', 'move it to another advertiser', id),
  ).action((offerId: string, opts: OfferOptions) =>
    withApp(async (app) => {
      await offerChangesService.updateOffer(app.ctx, cliActor(defaultOperator()), id(offerId), offerValues(opts));
      console.log(`offer ${offerId} updated`);
    }),
  );

  program
    .command('offer:list')
    .description('List offers')
    .option('--advertiser <advertiserId>', 'only this advertiser’s offers', id)
    .action((opts: { advertiser?: number }) =>
      withApp(async (app) => console.table(await networkService.listOffers(app.ctx.db, opts.advertiser))),
    );

  program
    .command('offer:show <offerId>')
    .description('Show an offer with its events, landing pages, creatives and granted publishers')
    .action((offerId: string) =>
      withApp(async (app) => {
        const d = await networkService.describeOffer(app.ctx.db, id(offerId));
        console.log(d.offer);
        console.log('events');
        console.table(d.events);
        console.log('landing pages');
        console.table(d.landingPages);
        console.log('creatives');
        console.table(d.creatives);
        console.log(d.offer.is_public ? 'public: every publisher may run it' : 'private; granted to:');
        if (!d.offer.is_public) console.table(d.grants);
      }),
    );

  program
    .command('offer:grant <offerId> <publisherId>')
    .description('Let a publisher run a private offer')
    .action((offerId: string, publisherId: string) =>
      withApp(async (app) => {
        await offerAccessService
          .grant(app.ctx, cliActor(defaultOperator()), { offer_id: id(offerId), publisher_id: id(publisherId) })
          .catch(fail);
        console.log(`publisher ${publisherId} may run offer ${offerId}`);
      }),
    );

  program
    .command('offer:revoke <offerId> <publisherId>')
    .description("Take back a publisher's access to a private offer (it then answers 404 to them)")
    .action((offerId: string, publisherId: string) =>
      withApp(async (app) => {
        const removed = await offerAccessService
          .revoke(app.ctx, cliActor(defaultOperator()), { offer_id: id(offerId), publisher_id: id(publisherId) })
          .catch(fail);
        console.log(
          removed
            ? `publisher ${publisherId} no longer has offer ${offerId}`
            : `publisher ${publisherId} had no grant for offer ${offerId}`,
        );
      }),
    );
}
