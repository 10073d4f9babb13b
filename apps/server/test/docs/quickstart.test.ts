import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, eventually, type TestApp } from '../helpers/test-app.ts';
import { freePort } from '../helpers/free-port.ts';
import {
  assignedVariables,
  README_URL,
  readmeShellBlocks,
  readmeTerminal,
  type ShellRun,
} from '../helpers/readme-shell.ts';
import { seedDemoNetwork } from '../../src/seed/demo-seed.ts';
import { DEMO_ADVERTISERS } from '../../src/seed/demo-advertisers.ts';

/** The receiver's port the README's commands name. */
const README_RECEIVER_PORT = /\b9999\b/g;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/**
 * The README's quickstart, command for command: the section's shell blocks are taken from
 * README.md and run with bash and the real curl against a server holding the demo network, with
 * only the portal's address and the receiver's port replaced. The `npm start` block gives the
 * server's settings; the receiver block runs in the background as in its own terminal; every other
 * block runs in order, its shell variables (JWT, TID) carried to the next as in one terminal.
 */
describe('README: Try the tracker by hand', () => {
  let t: TestApp;
  let receiver: ChildProcess;
  let received = '';
  let receiverPort: number;
  let terminal: ReturnType<typeof readmeTerminal>;
  const blocks = readmeShellBlocks('## Try the tracker by hand');
  const serverBlocks = blocks.filter((b) => /\bnpm start\b/.test(b));
  const receiverBlocks = blocks.filter((b) => b.includes('createServer'));
  const commandBlocks = blocks.filter((b) => !serverBlocks.includes(b) && !receiverBlocks.includes(b));
  const variables = assignedVariables(commandBlocks);
  const localise = (block: string) =>
    block.replaceAll(README_URL, t.url).replace(README_RECEIVER_PORT, String(receiverPort));
  const run = (block: string) => terminal.run(block, variables);

  const ran: ShellRun[] = [];
  const outputOf = (marker: string): ShellRun => {
    const r = ran.find((x) => x.block.includes(marker));
    if (!r) throw new Error(`no README block with ${marker} ran`);
    return r;
  };

  beforeAll(async () => {
    expect(serverBlocks, 'one block starts the portal').toHaveLength(1);
    expect(receiverBlocks, 'one block starts the receiver').toHaveLength(1);
    // The start command's settings (NAME=value before npm start) are the test server's.
    const env = Object.fromEntries(
      [...serverBlocks[0]!.matchAll(/\b([A-Z_][A-Z0-9_]*)=(\S+)/g)].map((m) => [m[1]!, m[2]!]),
    );
    t = await createTestApp(env);
    await seedDemoNetwork(t.app.ctx);

    receiverPort = await freePort();
    terminal = readmeTerminal(t.url, localise);
    receiver = spawn('bash', ['-c', `exec ${localise(receiverBlocks[0]!)}`], { stdio: ['ignore', 'pipe', 'pipe'] });
    receiver.stdout!.on('data', (d: Buffer) => (received += d.toString()));
    receiver.stderr!.on('data', (d: Buffer) => (received += d.toString()));
    await eventually(async () => {
      try {
        return (await fetch(`http://127.0.0.1:${receiverPort}/ready`)).ok;
      } catch {
        return false;
      }
    }, 10_000);
    received = '';
  }, 120_000);

  afterAll(async () => {
    receiver?.kill('SIGTERM');
    await t?.close();
    terminal?.close();
  });

  it('names the demo publisher and offer its link is made of', async () => {
    const offer = await t.app.ctx.db.selectFrom('offers').select('name').where('id', '=', 1).executeTakeFirstOrThrow();
    expect(offer.name).toBe('Northwind Summer Sale');
    const demo = await t.app.ctx.db
      .selectFrom('users')
      .innerJoin('publisher_users', 'publisher_users.user_id', 'users.id')
      .select('publisher_users.publisher_id')
      .where('users.email', '=', 'demo@portal.test')
      .executeTakeFirstOrThrow();
    expect(demo.publisher_id).toBe(1);
    expect(commandBlocks.some((b) => b.includes(`${README_URL}/c/1/1?`))).toBe(true);
  });

  it('runs every command: a 302 with a tid, an accepted conversion, the postback received, the conversion reported', async () => {
    expect(commandBlocks.length).toBeGreaterThanOrEqual(5);
    for (const block of commandBlocks) {
      const r = await run(block);
      ran.push(r);
      expect(r.code, `${block}\n--- stdout\n${r.stdout}\n--- stderr\n${r.stderr}`).toBe(0);
      // The advertiser's call makes a postback job: the next commands read its outcome.
      if (block.includes('/postback?token=')) {
        const tid = /tid: (\S+)/.exec(outputOf('/c/1/1').stdout)![1]!;
        await eventually(() => received.includes(`tid=${tid}`), 10_000);
      }
    }

    const created = JSON.parse(outputOf('/postback/create').stdout);
    expect(created.data).toMatchObject({ postback_name: 'Local receiver', postback_status: 'active' });

    const click = outputOf('/c/1/1');
    expect(click.stdout).toMatch(/^HTTP\/1\.1 302/);
    const location = /^location: (\S+)/im.exec(click.stdout)![1]!;
    expect(new URL(location).host).toBe('northwind-outfitters.example');
    const tid = new URL(location).searchParams.get('clickid')!;
    expect(tid).toMatch(UUID);
    expect(click.stdout.trim().split('\n').at(-1)).toBe(`tid: ${tid}`);

    const conversion = JSON.parse(outputOf('/postback?token=').stdout);
    expect(conversion).toMatchObject({ success: true, duplicate: false, payout: 12.5 });
    expect(conversion.conversion_id).toMatch(UUID);

    // "The same call again answers duplicate; another advertiser's token 403."
    const again = await run(outputOf('/postback?token=').block);
    expect(JSON.parse(again.stdout)).toMatchObject({
      success: true,
      duplicate: true,
      conversion_id: conversion.conversion_id,
    });
    const otherToken = DEMO_ADVERTISERS.find((a) => a.key === 'bluepeak')!.token;
    const refused = await fetch(`${t.url}/postback?token=${otherToken}&tid=${tid}`);
    expect(refused.status).toBe(403);

    expect(received).toContain(`postback received: /pb?tid=${tid}&payout=12.5&sub=by-hand`);

    const report = JSON.parse(outputOf('/report/conversion').stdout);
    expect(report.data[0]).toMatchObject({
      conversion_id: conversion.conversion_id,
      offer_name: 'Northwind Summer Sale',
      sub_id_1: 'by-hand',
      earnings: 12.5,
    });

    const log = JSON.parse(outputOf('/postback-delivery/log').stdout);
    expect(log.data).toContainEqual(
      expect.objectContaining({
        postback_name: 'Local receiver',
        conversion_id: conversion.conversion_id,
        delivery_status: 'delivered',
        status_code: 200,
      }),
    );
  }, 60_000);
});
