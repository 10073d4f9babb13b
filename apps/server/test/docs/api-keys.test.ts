import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { seedDemoNetwork } from '../../src/seed/demo-seed.ts';
import { assignedVariables, docShellBlocks, readmeTerminal, type ShellRun } from '../helpers/readme-shell.ts';

const DOC = 'docs/api-keys.md';
/** The groups a key may call, each with the docs/api-keys.md example that must show it working. */
const GROUPS = {
  reports: '/api/v1/report/campaign',
  totals: '/api/v1/report-total/',
  offers: '/api/v1/offer-list',
  invoices: '/api/v1/invoice-list',
  postbacks: '/api/v1/postback-table',
} as const;

/**
 * docs/api-keys.md, command for command: its shell blocks are taken from the document
 * and run with bash and the real curl against a server holding the demo network (only the
 * portal's address replaced), the key made by the first block carried to the examples.
 */
describe('docs/api-keys.md', () => {
  let t: TestApp;
  let terminal: ReturnType<typeof readmeTerminal>;
  const blocks = docShellBlocks(DOC);
  const ran: ShellRun[] = [];
  const outputOf = (marker: string) => {
    const r = ran.find((x) => x.block.includes(marker));
    if (!r) throw new Error(`no block with ${marker} ran`);
    return JSON.parse(r.stdout) as { data: unknown };
  };

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoNetwork(t.app.ctx);
    terminal = readmeTerminal(t.url);
  }, 120_000);
  afterAll(async () => {
    terminal?.close();
    await t?.close();
  });

  it('has one example per group, each made with the key (not the session)', () => {
    for (const [group, path] of Object.entries(GROUPS)) {
      const example = blocks.find((b) => b.includes(path));
      expect(example, group).toBeDefined();
      expect(example).toMatch(/\$PORTAL_API_KEY/);
      expect(example).not.toMatch(/\$JWT/);
    }
  });

  it('runs every command: a key made, then reports, totals, offers, invoices and postbacks read with it', async () => {
    const variables = assignedVariables(blocks);
    for (const block of blocks) {
      const r = await terminal.run(block, variables);
      ran.push(r);
      expect(r.code, `${block}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`).toBe(0);
    }
    const made = ran.find((r) => r.block.includes('/api-key/create'))!;
    expect(made.stdout).toBe('');

    const key = await t.app.ctx.db
      .selectFrom('api_keys')
      .select(['name', 'prefix', 'last_used_at', 'scope', 'expires_at'])
      .where('name', '=', 'Reporting script')
      .executeTakeFirstOrThrow();
    expect(key.prefix).toMatch(/^ppk_[a-z0-9]{8}$/);
    // As the document says: read and write (the postbacks example needs it), 90 days.
    expect(key.scope).toBe('read_write');
    expect(Math.round((new Date(key.expires_at).getTime() - Date.now()) / 86_400_000)).toBe(90);
    // The examples did use it.
    expect(key.last_used_at).not.toBeNull();

    const campaigns = outputOf(GROUPS.reports).data as { campaign_name: string; earnings: number }[];
    expect(campaigns.length).toBeGreaterThan(0);
    expect(campaigns.length).toBeLessThanOrEqual(3);
    const earnings = campaigns.map((c) => c.earnings);
    expect(earnings).toEqual([...earnings].sort((x, y) => y - x));

    const totals = outputOf(GROUPS.totals).data as { clicks: number; earnings: number };
    expect(totals.clicks).toBeGreaterThan(0);

    const offers = outputOf(GROUPS.offers).data as { name: string }[];
    expect(offers).toHaveLength(5);
    const names = offers.map((o) => o.name);
    expect(names).toEqual([...names].sort((x, y) => x.localeCompare(y)));

    const invoices = outputOf(GROUPS.invoices).data as { id: number }[];
    expect(invoices.length).toBeGreaterThan(0);
    expect(invoices.length).toBeLessThanOrEqual(3);

    const postbacks = outputOf(GROUPS.postbacks).data as { postback_name: string }[];
    expect(postbacks.map((p) => p.postback_name)).toContain('Main tracker');
  }, 60_000);

  it('the same example with a revoked key answers 401', async () => {
    const row = await t.app.ctx.db
      .updateTable('api_keys')
      .set({ revoked_at: new Date() })
      .where('name', '=', 'Reporting script')
      .returning('prefix')
      .executeTakeFirstOrThrow();
    expect(row.prefix.length).toBe(12);
    const example = blocks.find((b) => b.includes(GROUPS.offers))!;
    const r = await terminal.run(`${example.replace('curl -s', 'curl -s -o /dev/null -w "%{http_code}"')}`, []);
    expect(r.stdout).toBe('401');
  });
});
