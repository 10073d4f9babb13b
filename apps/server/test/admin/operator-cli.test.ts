import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { runAdmin } from '../helpers/admin-cli.ts';
import { createCliStore } from '../helpers/cli-db.ts';

const PUBLIC_URL = 'https://portal.example.test';

/** `npm run admin -- operator:create`, as the first owner of a new network runs it. */
describe('admin CLI: operator:create prints a one-time set-password link', () => {
  const env: Record<string, string> = {
    PUBLIC_URL,
    NODE_ENV: 'test',
    DEMO_SEED: 'false',
    LOG_LEVEL: 'silent',
  };
  const admin = (...args: string[]) => runAdmin(args, env);
  let remove = async () => {};

  // The database starts migrated (the run's snapshot), so neither the test nor a command creates it.
  beforeAll(async () => {
    const store = await createCliStore('portal-cli-op-');
    Object.assign(env, store.env);
    remove = store.remove;
  });
  afterAll(() => remove());

  it('makes an owner whose link sets the password once; then they sign in to the console', async () => {
    const help = admin('operator:create', '--help');
    expect(help.stdout).toContain('--role <role>');
    expect(help.stdout).toContain('owner, manager, viewer');

    const made = admin('operator:create', 'first.owner@example.test', '--role', 'owner', '--name', 'First Owner');
    expect(made.status, made.stderr).toBe(0);
    const link = made.stdout.trim();
    const m = /^https:\/\/portal\.example\.test\/admin\/set-password\?token=([\w-]{43})$/.exec(link);
    expect(m, link).not.toBeNull();
    expect(made.stderr).toContain(`${PUBLIC_URL}/admin/login`);

    const app = await buildApp({ config: loadConfig(env), logger: false });
    try {
      const post = (url: string, payload: unknown, token?: string) =>
        app.inject({
          method: 'POST',
          url: `/api/admin/v1${url}`,
          payload: payload as Record<string, unknown>,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      const set = { token: m![1], password: 'first-owner-password', password_verify: 'first-owner-password' };
      // The publisher side's rules: a common password is refused, and the link is not spent on it.
      const common = await post('/auth/set-password', {
        ...set,
        password: 'password123',
        password_verify: 'password123',
      });
      expect(common.json().errors).toEqual({
        password: { code: '0x4010', message: 'This password is too common. Please choose another.' },
      });
      const mail = 'First.Owner@example.test';
      expect(
        (await post('/auth/set-password', { ...set, password: mail, password_verify: mail })).json().errors,
      ).toEqual({
        password: { code: '0x4010', message: 'Your password cannot be your e-mail address.' },
      });
      expect((await post('/auth/set-password', set)).json()).toEqual({ data: { email: 'first.owner@example.test' } });
      expect((await post('/auth/set-password', set)).statusCode).toBe(422);
      const login = await post('/auth/login', { email: 'first.owner@example.test', password: 'first-owner-password' });
      const me = await app.inject({
        method: 'GET',
        url: '/api/admin/v1/me',
        headers: { authorization: `Bearer ${login.json().data.jwt}` },
      });
      expect(me.json().data).toMatchObject({ name: 'First Owner', role: 'owner' });
      const audit = await app.ctx.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
      expect(audit.map((a) => [a.action, a.actor.startsWith('cli:') || a.actor])).toEqual([
        ['operator.invite', true],
        ['operator.set_password', 'first.owner@example.test'],
        ['operator.signed_in', 'first.owner@example.test'],
      ]);
    } finally {
      await app.close();
    }

    const list = admin('operator:list');
    expect(list.status, list.stderr).toBe(0);
    expect(list.stdout).toContain('first.owner@example.test');
    expect(list.stdout).toContain('owner');
  });

  it('refuses an unknown role and an e-mail that is already an operator, exit status 1', () => {
    const role = admin('operator:create', 'x@example.test', '--role', 'admin');
    expect(role.status).toBe(1);
    expect(role.stderr).toContain('--role must be one of owner, manager, viewer');
    const again = admin('operator:create', 'FIRST.owner@example.test', '--role', 'viewer');
    expect(again.status).toBe(1);
    expect(again.stderr).toContain('email: An operator with this e-mail already exists.');
    const noRole = admin('operator:create', 'y@example.test');
    expect(noRole.status).toBe(1);
    expect(noRole.stderr).toContain("required option '--role <role>'");
  });

  /** The console's app on the CLI's database for `fn`, closed after it. */
  async function withConsole<T>(
    fn: (c: {
      app: Awaited<ReturnType<typeof buildApp>>;
      post: (url: string, payload: unknown) => Promise<LightMyRequestResponse>;
      me: (jwt: string) => Promise<LightMyRequestResponse>;
    }) => Promise<T>,
  ): Promise<T> {
    const app = await buildApp({ config: loadConfig(env), logger: false });
    try {
      return await fn({
        app,
        post: (url, payload) =>
          app.inject({ method: 'POST', url: `/api/admin/v1${url}`, payload: payload as Record<string, unknown> }),
        me: (jwt) =>
          app.inject({ method: 'GET', url: '/api/admin/v1/me', headers: { authorization: `Bearer ${jwt}` } }),
      });
    } finally {
      await app.close();
    }
  }

  it('operator:reset-password prints a one-time link that replaces a password and ends its sessions', async () => {
    const unknown = admin('operator:reset-password', 'nobody@example.test');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('email: No active operator has this e-mail address.');

    // One process at a time writes the database (the embedded one has no second writer): the
    // console signs in (an audited write) and closes before the CLI runs, then opens again.
    const old = { email: 'first.owner@example.test', password: 'first-owner-password' };
    const session = await withConsole(async ({ post, me }) => {
      const jwt = (await post('/auth/login', old)).json().data.jwt as string;
      expect((await me(jwt)).statusCode).toBe(200);
      return jwt;
    });

    const first = admin('operator:reset-password', 'first.owner@example.test');
    const reset = admin('operator:reset-password', 'first.owner@example.test');
    expect(reset.status, reset.stderr).toBe(0);
    const token = (link: string) => new URL(link.trim()).searchParams.get('token');
    const fresh = { password: 'a-new-owner-password', password_verify: 'a-new-owner-password' };
    await withConsole(async ({ app, post, me }) => {
      // Only the newest link works.
      expect((await post('/auth/set-password', { token: token(first.stdout), ...fresh })).statusCode).toBe(422);
      expect((await post('/auth/set-password', { token: token(reset.stdout), ...fresh })).statusCode).toBe(200);
      expect((await me(session)).statusCode).toBe(401);
      expect((await post('/auth/login', old)).statusCode).not.toBe(200);
      const again = await post('/auth/login', { email: old.email, password: fresh.password });
      expect(again.statusCode).toBe(200);
      const actions = await app.ctx.db.selectFrom('audit_log').select('action').orderBy('id').execute();
      expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['operator.reset_link']));
    });
  });
});
