import type { Command } from 'commander';
import { CONVERSION_METHODS, CREATIVE_TYPES, EVENT_TYPES, OFFER_STATUSES, PAYOUT_TYPES } from '@portal/shared';
import type { WithApp } from '../with-app.ts';
import { networkService, type OfferPatch } from '../../modules/network/network.service.ts';
import { registerAdvertiserCredentialCommands } from './advertiser-credentials.commands.ts';

/**
 * Operator commands for the network: advertisers, offers, landing pages, creatives, events and
 * access to private offers. They call the same network service as the demo seed.
 */

const id = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not an id: ${v}`);
  return n;
};
const num = (v: string) => {
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n)) throw new Error(`not a number: ${v}`);
  return n;
};
const int = (v: string) => {
  const n = num(v);
  if (!Number.isSafeInteger(n)) throw new Error(`not a whole number: ${v}`);
  return n;
};
const list = (v: string) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
/** `none` clears an optional value (kept as the word: commander turns a parser's null into ''). */
const orNone =
  <T>(parse: (v: string) => T) =>
  (v: string): T | 'none' =>
    v === 'none' ? 'none' : parse(v);
const cleared = <T>(v: T | 'none'): T | null => (v === 'none' ? null : v);
const oneOf =
  <T extends string>(values: readonly T[], what: string) =>
  (v: string): T => {
    if (!(values as readonly string[]).includes(v)) throw new Error(`${what} must be one of ${values.join(', ')}`);
    return v as T;
  };

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
        const created = await networkService.createAdvertiser(app.ctx.db, {
          name,
          status: opts.inactive ? 'inactive' : 'active',
        });
        console.log(`advertiser ${created.id} created`);
        console.log(`conversion API token (store it now, it is not shown again): ${created.token}`);
        console.log(
          `pixel signing secret (signs a pixel's amount; advertiser:pixel-secret shows it again): ${created.pixelSecret}`,
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
          ? await networkService.rotatePixelSecret(db, id(advertiserId))
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
        await networkService.updateAdvertiser(app.ctx.db, id(advertiserId), opts);
        console.log(`advertiser ${advertiserId} updated`);
      }),
    );

  registerAdvertiserCredentialCommands(program, withApp);

  /* ------------------------------------------------------------ offers */

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
        const offerId = await networkService.createOffer(app.ctx.db, {
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
      await networkService.updateOffer(app.ctx.db, id(offerId), offerValues(opts));
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
        await networkService.grant(app.ctx.db, id(publisherId), id(offerId));
        console.log(`publisher ${publisherId} may run offer ${offerId}`);
      }),
    );

  program
    .command('offer:revoke <offerId> <publisherId>')
    .description("Take back a publisher's access to a private offer (it then answers 404 to them)")
    .action((offerId: string, publisherId: string) =>
      withApp(async (app) => {
        const removed = await networkService.revoke(app.ctx.db, id(publisherId), id(offerId));
        console.log(
          removed
            ? `publisher ${publisherId} no longer has offer ${offerId}`
            : `publisher ${publisherId} had no grant for offer ${offerId}`,
        );
      }),
    );

  /* ------------------------------------------------------------ landing pages */

  program
    .command('landing-page:add <offerId> <name> <url>')
    .description(
      "Add a landing page; the URL may carry macros such as {tid}, {s1} in its query string. An offer's first page is its default",
    )
    .option('--default', 'make it the default (the previous default is unset)')
    .action((offerId: string, name: string, url: string, opts: { default?: boolean }) =>
      withApp(async (app) => {
        const pageId = await networkService.addLandingPage(app.ctx.db, {
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
        await networkService.updateLandingPage(app.ctx.db, id(pageId), {
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
        await networkService.removeLandingPage(app.ctx.db, id(pageId));
        console.log(`landing page ${pageId} removed`);
      }),
    );

  /* ------------------------------------------------------------ creatives */

  program
    .command('creative:add <offerId> <name> <type> <url>')
    .description(`Add a creative; type is one of ${CREATIVE_TYPES.join(', ')}`)
    .action((offerId: string, name: string, type: string, url: string) =>
      withApp(async (app) => {
        const creativeId = await networkService.addCreative(app.ctx.db, {
          offer_id: id(offerId),
          name,
          type: oneOf(CREATIVE_TYPES, 'type')(type),
          url,
        });
        console.log(`creative ${creativeId} added`);
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
        await networkService.updateCreative(app.ctx.db, id(creativeId), opts);
        console.log(`creative ${creativeId} updated`);
      }),
    );

  program
    .command('creative:remove <creativeId>')
    .description('Remove a creative')
    .action((creativeId: string) =>
      withApp(async (app) => {
        await networkService.removeCreative(app.ctx.db, id(creativeId));
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
          const eventId = await networkService.addEvent(app.ctx.db, {
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
          await networkService.updateEvent(app.ctx.db, id(eventId), {
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
