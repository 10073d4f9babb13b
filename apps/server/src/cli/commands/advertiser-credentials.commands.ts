import type { Command } from 'commander';
import type { WithApp } from '../with-app.ts';
import { cliActor } from '../../modules/audit/audit.service.ts';
import { networkService } from '../../modules/offers/network-catalogue.service.ts';
import {
  advertiserCredentials,
  type PublishedCredential,
} from '../../modules/advertisers/advertiser-credentials.service.ts';
import { defaultOperator } from './accounts.commands.ts';
import { describe } from './operators.commands.ts';

const id = (v: string) => {
  const n = Number(v);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Error(`not an id: ${v}`);
  return n;
};

/**
 * `advertiser:list` and `advertiser:rotate-token`: an advertiser's credentials as the operator sees
 * them. A conversion API token is kept only as its SHA-256, so no token can be shown again, and a
 * pixel signing secret is shown by `advertiser:pixel-secret` only — except the demo network's, which
 * are published in the repository: the listing says which advertisers still hold one (a real
 * network rotates them; a production start refuses to run while any is live), and `--show-tokens`
 * prints them, so someone trying the tracker by hand need not read the seed.
 */
export function registerAdvertiserCredentialCommands(program: Command, withApp: WithApp): void {
  program
    .command('advertiser:list')
    .description(
      'List advertisers with the offers each owns (and how each takes conversions: postback, pixel or both) and whether it still holds a published demo token or pixel secret',
    )
    .option(
      '--show-tokens',
      'print the published demo tokens and pixel secrets (other tokens are stored hashed and cannot be shown)',
    )
    .action((opts: { showTokens?: boolean }) =>
      withApp(async (app) => {
        const db = app.ctx.db;
        const advertisers = await networkService.listAdvertisers(db);
        const offers = await networkService.listOffers(db);
        const published = new Map((await advertiserCredentials.published(db)).map((c) => [c.advertiserId, c]));
        if (advertisers.length === 0) {
          console.log('no advertisers yet (advertiser:create <name> makes one)');
          return;
        }
        const show = opts.showTokens === true;
        for (const a of advertisers) {
          const p = published.get(a.id);
          console.log(`advertiser ${a.id}  ${a.name}  (${a.status})`);
          console.log(`  conversion API token: ${tokenLine(a.id, p, show)}`);
          console.log(`  pixel signing secret: ${secretLine(a.id, p, show)}`);
          const own = offers.filter((o) => o.advertiser_id === a.id);
          if (own.length === 0) console.log('  no offers');
          for (const o of own) console.log(`  offer ${o.id}  ${o.name} (${o.conversion_method}), ${o.status}`);
        }
        if (published.size > 0)
          console.log(
            `\n${published.size} advertiser(s) still hold published demo credentials: a production start refuses to run until they are rotated (advertiser:rotate-token --published).`,
          );
      }),
    );

  program
    .command('advertiser:rotate-token [advertiserId]')
    .description(
      "Replace an advertiser's conversion API token and pixel signing secret together (both shown once); the old ones stop working at once",
    )
    .option('--token-only', 'replace the conversion API token and keep the pixel signing secret')
    .option('--published', 'rotate every advertiser that still holds a published demo token or pixel secret')
    .action((advertiserId: string | undefined, opts: { tokenOnly?: boolean; published?: boolean }) => {
      if ((advertiserId === undefined) === !opts.published)
        throw new Error('name one advertiser id, or --published for every advertiser holding a published credential');
      return withApp(async (app) => {
        const db = app.ctx.db;
        const ids = opts.published
          ? (await advertiserCredentials.published(db)).map((c) => c.advertiserId)
          : [id(advertiserId!)];
        if (ids.length === 0) console.log('no advertiser holds a published demo credential: nothing to rotate');
        for (const advertiser of ids) {
          const rotated = await advertiserCredentials
            .rotateAudited(app.ctx, cliActor(defaultOperator()), advertiser, {
              token: true,
              pixelSecret: opts.tokenOnly !== true,
            })
            .catch((err: unknown) => {
              throw new Error(describe(err));
            });
          console.log(`advertiser ${advertiser}:`);
          console.log(`  new conversion API token (shown once): ${rotated.token}`);
          if (rotated.pixelSecret)
            console.log(`  new pixel signing secret (advertiser:pixel-secret shows it again): ${rotated.pixelSecret}`);
        }
      });
    });
}

function tokenLine(advertiserId: number, p: PublishedCredential | undefined, show: boolean): string {
  if (!p?.token) return `stored hashed, not shown (advertiser:rotate-token ${advertiserId} issues a new one)`;
  const warning = `published demo token: anyone can record conversions with it; advertiser:rotate-token ${advertiserId} replaces it`;
  return show ? `${p.token} (${warning})` : `the ${warning} (--show-tokens prints it)`;
}

function secretLine(advertiserId: number, p: PublishedCredential | undefined, show: boolean): string {
  if (!p?.pixelSecret) return `its own (advertiser:pixel-secret ${advertiserId} shows it)`;
  const warning = `published demo pixel secret: anyone can sign a pixel's amount with it; advertiser:rotate-token ${advertiserId} replaces it`;
  return show ? `${p.pixelSecret} (${warning})` : `the ${warning} (--show-tokens prints it)`;
}
