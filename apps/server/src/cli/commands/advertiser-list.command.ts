import type { Command } from 'commander';
import type { WithApp } from '../with-app.ts';
import { networkService } from '../../modules/network/network.service.ts';
import { DEMO_ADVERTISERS } from '../../seed/demo-advertisers.ts';

/**
 * `advertiser:list`: each advertiser with the offers it owns and how each offer takes conversions
 * (postback, pixel or both). A conversion API token is kept only as its SHA-256, so no token can be
 * shown again — except the demo network's, which are published in the repository: the listing says
 * which advertisers still hold one (a real network should rotate those), and `--show-tokens` prints
 * them, so someone trying the tracker by hand need not read the seed.
 */
export function registerAdvertiserListCommand(program: Command, withApp: WithApp): void {
  program
    .command('advertiser:list')
    .description(
      'List advertisers with the offers each owns (and how each takes conversions: postback, pixel or both) and whether it still holds a published demo token',
    )
    .option('--show-tokens', 'print the published demo tokens (other tokens are stored hashed and cannot be shown)')
    .action((opts: { showTokens?: boolean }) =>
      withApp(async (app) => {
        const db = app.ctx.db;
        const advertisers = await networkService.listAdvertisers(db);
        const offers = await networkService.listOffers(db);
        const published = await networkService.publishedTokensInUse(
          db,
          DEMO_ADVERTISERS.map((a) => a.token),
        );
        if (advertisers.length === 0) {
          console.log('no advertisers yet (advertiser:create <name> makes one)');
          return;
        }
        for (const a of advertisers) {
          console.log(`advertiser ${a.id}  ${a.name}  (${a.status})`);
          console.log(`  conversion API token: ${tokenLine(a.id, published.get(a.id), opts.showTokens === true)}`);
          const own = offers.filter((o) => o.advertiser_id === a.id);
          if (own.length === 0) console.log('  no offers');
          for (const o of own) console.log(`  offer ${o.id}  ${o.name} (${o.conversion_method}), ${o.status}`);
        }
      }),
    );
}

function tokenLine(advertiserId: number, demoToken: string | undefined, show: boolean): string {
  if (demoToken === undefined) {
    return `stored hashed, not shown (advertiser:rotate-token ${advertiserId} issues a new one)`;
  }
  const warning = `published demo token: anyone can record conversions with it; advertiser:rotate-token ${advertiserId} replaces it`;
  return show ? `${demoToken} (${warning})` : `the ${warning} (--show-tokens prints it)`;
}
