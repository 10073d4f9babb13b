import { afterAll, beforeAll, expect, it } from 'vitest';
import { runAdmin } from '../helpers/admin-cli.ts';
import { describeCli, createCliStore } from '../helpers/cli-db.ts';

const admin = (...args: string[]) => adminWith({}, ...args);
const adminWith = (env: Record<string, string>, ...args: string[]) => runAdmin(args, { LOG_LEVEL: 'silent', ...env });

/** The operator CLI's network commands: present, documented, and strict about their arguments. */
describeCli('admin CLI: network commands', () => {
  it('lists every network command in --help', () => {
    const r = admin('--help');
    expect(r.status).toBe(0);
    for (const cmd of [
      'advertiser:create',
      'advertiser:update',
      'advertiser:rotate-token',
      'advertiser:list',
      'offer:create',
      'offer:update',
      'offer:list',
      'offer:show',
      'offer:grant',
      'offer:revoke',
      'landing-page:add',
      'landing-page:update',
      'landing-page:remove',
      'creative:add',
      'creative:update',
      'creative:remove',
      'event:add',
      'event:update',
      'advertiser:pixel-secret',
      'conversion:refusals',
    ]) {
      expect(r.stdout, cmd).toContain(cmd);
    }
  });

  it('documents every offer field', () => {
    const r = admin('offer:create', '--help');
    expect(r.status).toBe(0);
    for (const opt of [
      '--advertiser',
      '--name',
      '--description',
      '--status',
      '--preview-url',
      '--expire-date',
      '--geos',
      '--tags',
      '--payout',
      '--payout-type',
      '--daily-cap',
      '--monthly-cap',
      '--cap-scope',
      '--fallback-url',
      '--lookback-days',
      '--public',
      '--private',
      '--conversion-method',
    ]) {
      expect(r.stdout, opt).toContain(opt);
    }
  });

  it('refuses bad arguments before touching the database', () => {
    const missing = admin('offer:create', '--name', 'x');
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('--advertiser');
    const badType = admin('event:add', '1', 'Lead', '--type', 'sale');
    expect(badType.status).not.toBe(0);
    expect(badType.stderr).toContain('conversion, partial, upsell');
    const badMethod = admin('offer:update', '1', '--conversion-method', 'cookie');
    expect(badMethod.status).not.toBe(0);
    expect(badMethod.stderr).toContain('postback, pixel, both');
  });
});

/** The conversion-security commands against a real database, as an operator runs them. */
// Each step spawns the CLI, which opens the embedded database anew: slow on a busy machine. The
// database starts migrated (the run's snapshot), so no step creates it.
describeCli('admin CLI: advertisers, conversion methods and refusals', { timeout: 240_000 }, () => {
  const env: Record<string, string> = {};
  let remove = async () => {};
  beforeAll(async () => {
    const store = await createCliStore('portal-cli-');
    Object.assign(env, store.env);
    remove = store.remove;
  });
  afterAll(() => remove());

  it('creates an advertiser with a token and a pixel secret, offers with a method, and lists who owns what', () => {
    const created = adminWith(env, 'advertiser:create', 'Pixel Shop');
    expect(created.status, created.stderr).toBe(0);
    const advertiserId = /advertiser (\d+) created/.exec(created.stdout)![1]!;
    expect(created.stdout).toMatch(/conversion API token .*: adv_\S{20,}/);
    const secret = /pixel signing secret .*: (pxs_\S{20,})/.exec(created.stdout)![1]!;

    expect(
      adminWith(
        env,
        'offer:create',
        '--advertiser',
        advertiserId,
        '--name',
        'Thank-you page offer',
        '--conversion-method',
        'pixel',
      ).status,
    ).toBe(0);
    expect(adminWith(env, 'offer:create', '--advertiser', advertiserId, '--name', 'Server offer').status).toBe(0);
    const list = adminWith(env, 'advertiser:list');
    expect(list.stdout).toMatch(/Pixel Shop.*Thank-you page offer \(pixel\).*Server offer \(postback\)/s);

    const shown = adminWith(env, 'advertiser:pixel-secret', advertiserId);
    expect(shown.stdout).toContain(secret);
    const rotated = adminWith(env, 'advertiser:pixel-secret', advertiserId, '--rotate');
    expect(rotated.status).toBe(0);
    expect(rotated.stdout).toMatch(/pxs_\S{20,}/);
    expect(rotated.stdout).not.toContain(secret);

    const refusals = adminWith(env, 'conversion:refusals', '--since', '7d');
    expect(refusals.status, refusals.stderr).toBe(0);
    expect(refusals.stdout).toContain('no refused conversion calls since');
    expect(adminWith(env, 'conversion:refusals', '--reason', 'nope').stderr).toContain('--reason must be one of');
  });
});
