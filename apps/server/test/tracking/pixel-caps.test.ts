import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { migrateToLatest, openDatabase } from '../../src/db/database.ts';
import { seedDemoOperator } from '../../src/seed/demo-operator.ts';
import { runAdmin } from '../helpers/admin-cli.ts';
import { createCliDatabase, loadMigratedSnapshot } from '../helpers/cli-db.ts';
import { createPublisher } from '../helpers/factories.ts';
import { adminPath } from '../helpers/operator-factories.ts';
import { click, convert, createTrackedOffer, trackingClient } from '../helpers/tracking-factories.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { testDbKind } from '../helpers/test-db.ts';
import { fetch } from 'undici';

/**
 * A cap filled by pixel conversions is visible to the operator as such (docs/tracking.md, Caps):
 * the Overview of the operator API and `npm run admin -- offer:caps` show how much of each cap's
 * count came from pixels. Traffic over HTTP to a server on a database the CLI then opens.
 */
describe('caps filled by pixels, as the operator sees them', () => {
  const env: Record<string, string> = {
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'portal-pixel-caps-')),
    NODE_ENV: 'test',
    DEMO_SEED: 'false',
    DISABLED_JOBS: 'monthly-invoices',
    LOG_LEVEL: 'silent',
  };
  const admin = (...args: string[]) => runAdmin(args, env);
  let drop = async () => {};
  let app: App;
  let t: TestApp;
  let offerId: number;
  let pixelPublisher: number;
  let overview: any;

  beforeAll(async () => {
    if (testDbKind() === 'postgres') {
      const made = await createCliDatabase();
      env['DATABASE_URL'] = made.url;
      drop = made.drop;
    } else await loadMigratedSnapshot(env['DATA_DIR']!);
    const handle = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR']! });
    await migrateToLatest(handle.db);
    app = await buildApp({
      config: loadConfig({ ...env, PORT: '0' }),
      database: handle,
      skipMigrations: true,
      logger: false,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    t = { app, url } as TestApp;

    const offer = await createTrackedOffer(t, { conversion_method: 'both', daily_cap: 5, monthly_cap: 100 });
    offerId = offer.offerId;
    const pub = await createPublisher(t);
    const other = await createPublisher(t);
    pixelPublisher = pub.publisherId;
    // Three unsigned pixels from one publisher's clicks, one server postback from another's.
    for (let i = 0; i < 3; i++) {
      const c = await click(t, offerId, pub.publisherId, {}, { 'user-agent': `ua-${i}` });
      const r = await fetch(`${url}/pixel?tid=${c.tid}`, { dispatcher: trackingClient });
      await r.arrayBuffer();
    }
    const c = await click(t, offerId, other.publisherId);
    expect((await convert(t, { tid: c.tid!, token: offer.token })).status).toBe(200);

    await seedDemoOperator(app.ctx);
    const login = await fetch(`${url}${adminPath('/auth/login')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ops@portal.test', password: 'demo-password' }),
    });
    const { data } = (await login.json()) as any;
    const r = await fetch(`${url}${adminPath('/overview')}`, { headers: { authorization: `Bearer ${data.jwt}` } });
    expect(r.status).toBe(200);
    overview = ((await r.json()) as any).data;
    await app.close();
  }, 120_000);
  afterAll(async () => {
    await drop();
    fs.rmSync(env['DATA_DIR']!, { recursive: true, force: true });
  });

  it("the operator API's Overview shows each cap's count and how much of it pixels filled", () => {
    const today = new Date().toISOString().slice(0, 10);
    const mine = overview.caps.filter((c: any) => c.offer_id === offerId);
    expect(mine).toEqual([
      expect.objectContaining({
        period: 'day',
        period_start: today,
        publisher_id: null,
        count: 4,
        cap: 5,
        pixel_count: 3,
      }),
      expect.objectContaining({
        period: 'month',
        period_start: `${today.slice(0, 7)}-01`,
        count: 4,
        cap: 100,
        pixel_count: 3,
      }),
    ]);
  });

  it('offer:caps lists the cap with its pixel share', () => {
    const r = admin('offer:caps', '--offer', String(offerId));
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('by pixel');
    const day = r.stdout.split('\n').find((l) => l.includes(`day ${new Date().toISOString().slice(0, 10)}`))!;
    // offer, period, scope, count 4 of cap 5, 3 of them by pixel (75 %).
    expect(day.split('│').map((s) => s.trim().replace(/^'|'$/g, ''))).toEqual(
      expect.arrayContaining([String(offerId), 'network', '4', '5', '3', '75']),
    );
  });

  it('publisher:pixel-limit sets a publisher’s own daily limit, and default clears it', async () => {
    const set = admin('publisher:pixel-limit', String(pixelPublisher), '7');
    expect(set.status, set.stderr).toBe(0);
    expect(set.stdout).toContain('at most 7 unsigned pixel conversions per UTC day');
    expect(admin('publisher:pixel-limit', String(pixelPublisher), 'lots').status).not.toBe(0);
    const read = async () => {
      const handle = await openDatabase({ databaseUrl: env['DATABASE_URL'], dataDir: env['DATA_DIR']! });
      try {
        return (
          await handle.db
            .selectFrom('publishers')
            .select('pixel_daily_limit')
            .where('id', '=', pixelPublisher)
            .executeTakeFirstOrThrow()
        ).pixel_daily_limit;
      } finally {
        await handle.close();
      }
    };
    expect(await read()).toBe(7);
    expect(admin('publisher:pixel-limit', String(pixelPublisher), 'default').status).toBe(0);
    expect(await read()).toBeNull();
  });
});
