import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { networkService } from '../../src/modules/offers/network-catalogue.service.ts';
import { DEMO_ADVERTISERS } from '../../src/seed/demo-advertisers.ts';
import { runAdmin } from '../helpers/admin-cli.ts';
import { describeCli, createCliDatabase, loadMigratedSnapshot } from '../helpers/cli-db.ts';
import { testDbKind } from '../helpers/test-db.ts';

/**
 * `advertiser:list` and `advertiser:rotate-token` against a real database, as an operator runs
 * them: one advertiser holding a published demo token and pixel secret, one holding only the
 * published pixel secret, one with credentials of its own (stored hashed), one without offers.
 */
describeCli('admin CLI: advertiser:list', () => {
  const env: Record<string, string> = {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-cli-adv-')),
    NODE_ENV: 'test',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
  };
  const admin = (...args: string[]) => runAdmin(args, env);
  const demo = DEMO_ADVERTISERS[0];
  const demo2 = DEMO_ADVERTISERS[1];
  let drop = async () => {};
  let ids: {
    demo: number;
    secretOnly: number;
    own: number;
    empty: number;
    ownToken: string;
    ownSecret: string;
    offers: number[];
  };

  beforeAll(async () => {
    if (testDbKind() === 'postgres') {
      const made = await createCliDatabase();
      env['DATABASE_URL'] = made.url;
      drop = made.drop;
    } else await loadMigratedSnapshot(env['DATA_DIR']!);
    const handle = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR']! });
    await migrateToLatest(handle.db);
    const db = handle.db;
    const d = await networkService.createAdvertiser(db, {
      name: demo.name,
      token: demo.token,
      pixelSecret: demo.pixelSecret,
    });
    const secretOnly = await networkService.createAdvertiser(db, { name: demo2.name, pixelSecret: demo2.pixelSecret });
    const own = await networkService.createAdvertiser(db, { name: 'Private Label Co' });
    const empty = await networkService.createAdvertiser(db, { name: 'Empty Shelf Ltd', status: 'inactive' });
    const offers = [
      await networkService.createOffer(db, {
        advertiser_id: d.id,
        name: 'Demo Sale',
        payout: 5,
        conversion_method: 'both',
      }),
      await networkService.createOffer(db, { advertiser_id: own.id, name: 'Own Leads', payout: 2 }),
      await networkService.createOffer(db, {
        advertiser_id: own.id,
        name: 'Own Pixel Offer',
        payout: 1,
        conversion_method: 'pixel',
      }),
    ];
    ids = {
      demo: d.id,
      secretOnly: secretOnly.id,
      own: own.id,
      empty: empty.id,
      ownToken: own.token,
      ownSecret: own.pixelSecret,
      offers,
    };
    await handle.close();
  }, 60_000);
  afterAll(async () => {
    await drop();
    fs.rmSync(env['DATA_DIR']!, { recursive: true, force: true });
  });

  /** The lines of one advertiser's entry. */
  const entryOf = (out: string, advertiserId: number) => {
    const blocks = out.split(/^(?=advertiser )/m);
    return blocks.find((b) => b.startsWith(`advertiser ${advertiserId} `)) ?? '';
  };

  it('lists each advertiser with its offers and their conversion methods, and no token by default', () => {
    const r = admin('advertiser:list');
    expect(r.status, r.stderr).toBe(0);
    const [o1, o2, o3] = ids.offers;
    expect(entryOf(r.stdout, ids.demo)).toContain(`${demo.name}  (active)`);
    expect(entryOf(r.stdout, ids.demo)).toContain(`offer ${o1}  Demo Sale (both)`);
    expect(entryOf(r.stdout, ids.own)).toMatch(
      new RegExp(`offer ${o2}  Own Leads \\(postback\\).*\\n.*offer ${o3}  Own Pixel Offer \\(pixel\\)`),
    );
    expect(entryOf(r.stdout, ids.empty)).toMatch(/Empty Shelf Ltd {2}\(inactive\)[\s\S]*no offers/);
    // The demo token is flagged, not printed; the other is never printable.
    expect(entryOf(r.stdout, ids.demo)).toMatch(
      /published demo token.*advertiser:rotate-token.*--show-tokens prints it/,
    );
    expect(entryOf(r.stdout, ids.own)).toContain(`stored hashed, not shown (advertiser:rotate-token ${ids.own}`);
    expect(r.stdout).not.toContain(demo.token);
    expect(r.stdout).not.toContain(ids.ownToken);
    // The published pixel secrets are flagged too (they sign amounts up to 1e9), not printed.
    expect(entryOf(r.stdout, ids.demo)).toMatch(
      new RegExp(`pixel signing secret: the published demo pixel secret.*advertiser:rotate-token ${ids.demo}`),
    );
    expect(entryOf(r.stdout, ids.secretOnly)).toContain('conversion API token: stored hashed');
    expect(entryOf(r.stdout, ids.secretOnly)).toContain('pixel signing secret: the published demo pixel secret');
    expect(entryOf(r.stdout, ids.own)).toContain(`pixel signing secret: its own (advertiser:pixel-secret ${ids.own}`);
    expect(r.stdout).not.toContain(demo.pixelSecret);
    expect(r.stdout).not.toContain(ids.ownSecret);
    expect(r.stdout).toContain('2 advertiser(s) still hold published demo credentials');
  });

  it('prints the published demo token with --show-tokens, and still no other', () => {
    const r = admin('advertiser:list', '--show-tokens');
    expect(r.status, r.stderr).toBe(0);
    expect(entryOf(r.stdout, ids.demo)).toContain(`conversion API token: ${demo.token} (published demo token`);
    expect(entryOf(r.stdout, ids.demo)).toContain(`pixel signing secret: ${demo.pixelSecret} (published demo`);
    expect(entryOf(r.stdout, ids.secretOnly)).toContain(`pixel signing secret: ${demo2.pixelSecret} (published demo`);
    expect(entryOf(r.stdout, ids.own)).toContain('stored hashed, not shown');
    expect(r.stdout).not.toContain(ids.ownToken);
    expect(r.stdout).not.toContain(ids.ownSecret);
    expect(admin('advertiser:list', '--help').stdout).toContain('--show-tokens');
  });

  it('rotates the token and the pixel secret together, and stops naming them', () => {
    const rotated = admin('advertiser:rotate-token', String(ids.demo));
    expect(rotated.status, rotated.stderr).toBe(0);
    expect(rotated.stdout).toMatch(/new conversion API token \(shown once\): adv_\S{20,}/);
    expect(rotated.stdout).toMatch(/new pixel signing secret .*: pxs_\S{20,}/);
    const r = admin('advertiser:list', '--show-tokens');
    expect(r.stdout).not.toContain(demo.token);
    expect(r.stdout).not.toContain(demo.pixelSecret);
    expect(entryOf(r.stdout, ids.demo)).toContain('stored hashed, not shown');
    expect(entryOf(r.stdout, ids.demo)).toContain('pixel signing secret: its own');
    expect(r.stdout).toContain('1 advertiser(s) still hold published demo credentials');
  });

  it('--token-only keeps the pixel secret; --published rotates every advertiser still holding one', () => {
    const neither = admin('advertiser:rotate-token');
    expect(neither.status).toBe(1);
    expect(neither.stderr).toContain('--published');
    const tokenOnly = admin('advertiser:rotate-token', String(ids.secretOnly), '--token-only');
    expect(tokenOnly.status, tokenOnly.stderr).toBe(0);
    expect(tokenOnly.stdout).not.toContain('pixel signing secret');
    expect(admin('advertiser:list', '--show-tokens').stdout).toContain(demo2.pixelSecret);
    const all = admin('advertiser:rotate-token', '--published');
    expect(all.status, all.stderr).toBe(0);
    expect(all.stdout).toContain(`advertiser ${ids.secretOnly}:`);
    expect(all.stdout).not.toContain(`advertiser ${ids.own}:`);
    const after = admin('advertiser:list', '--show-tokens');
    expect(after.stdout).not.toContain(demo2.pixelSecret);
    expect(after.stdout).not.toContain('still hold published demo credentials');
    expect(entryOf(after.stdout, ids.own)).toContain('pixel signing secret: its own');
  }, 120_000);
});
