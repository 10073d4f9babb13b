import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const admin = (...args: string[]) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } });

/** The operator CLI's network commands: present, documented, and strict about their arguments. */
describe('admin CLI: network commands', () => {
  it('lists every network command in --help', () => {
    const r = admin('--help');
    expect(r.status).toBe(0);
    for (const cmd of [
      'advertiser:create', 'advertiser:update', 'advertiser:rotate-token', 'advertiser:list',
      'offer:create', 'offer:update', 'offer:list', 'offer:show', 'offer:grant', 'offer:revoke',
      'landing-page:add', 'landing-page:update', 'landing-page:remove',
      'creative:add', 'creative:update', 'creative:remove', 'event:add', 'event:update',
    ]) {
      expect(r.stdout, cmd).toContain(cmd);
    }
  });

  it('documents every offer field', () => {
    const r = admin('offer:create', '--help');
    expect(r.status).toBe(0);
    for (const opt of ['--advertiser', '--name', '--description', '--status', '--preview-url', '--expire-date', '--geos', '--tags', '--payout',
      '--payout-type', '--daily-cap', '--monthly-cap', '--cap-scope', '--fallback-url', '--lookback-days', '--public', '--private']) {
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
  });
});
