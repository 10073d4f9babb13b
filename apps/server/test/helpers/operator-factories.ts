import crypto from 'node:crypto';
import { ADMIN_API_BASE } from '@portal/shared/admin/admin-paths';
import type { OperatorRole } from '@portal/shared/admin/operators.constants';
import { hashPassword } from '../../src/lib/password.ts';
import type { ApiAnswer, CallOptions, TestApp } from './test-app.ts';

export interface OperatorFixture {
  id: number;
  email: string;
  password: string;
  role: OperatorRole;
}

const PASSWORD = 'operator-password';
let hashed: Promise<string> | undefined;
let counter = 0;

/** The operator API's address of `path` (`/me` → `/api/admin/v1/me`). */
export const adminPath = (path: string) => `${ADMIN_API_BASE}${path}`;

/** An operator with a password, straight in the database (one shared hash: argon2 is slow on purpose). */
export async function createOperator(
  t: TestApp,
  opts: { role?: OperatorRole; email?: string; name?: string; status?: 'active' | 'disabled' } = {},
): Promise<OperatorFixture> {
  counter += 1;
  const email = opts.email ?? `op${counter}-${crypto.randomBytes(3).toString('hex')}@example.test`;
  const role = opts.role ?? 'manager';
  hashed ??= hashPassword(PASSWORD);
  const row = await t.app.ctx.db
    .insertInto('operators')
    .values({
      email,
      name: opts.name ?? `Operator ${counter}`,
      role,
      password_hash: await hashed,
      status: opts.status ?? 'active',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password: PASSWORD, role };
}

/** Signs in over HTTP (no two-factor) and returns the operator's access token. */
export async function operatorLogin(t: TestApp, op: { email: string; password: string }): Promise<string> {
  const r = await t.post(adminPath('/auth/login'), { email: op.email, password: op.password });
  if (r.status !== 200 || r.body.data.two_factor_required)
    throw new Error(`operator sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.jwt as string;
}

/** A client for one operator token: `post('/operators', body)`, `get('/me')`. */
export function adminClient(t: TestApp, token: string | null) {
  return {
    post: <T = any>(path: string, body: unknown = {}, opts: CallOptions = {}): Promise<ApiAnswer<T>> =>
      t.post(adminPath(path), body, { token, ...opts }),
    get: <T = any>(path: string, opts: CallOptions = {}): Promise<ApiAnswer<T>> =>
      t.get(adminPath(path), { token, ...opts }),
  };
}

/** A new operator of the role, signed in: the operator and a client for its token. */
export async function signedInOperator(t: TestApp, role: OperatorRole, opts: { name?: string } = {}) {
  const op = await createOperator(t, { role, ...opts });
  return { op, api: adminClient(t, await operatorLogin(t, op)) };
}

export type AdminClient = ReturnType<typeof adminClient>;

/** The audit log's rows, newest first, straight from the database. */
export const auditRows = (t: TestApp) =>
  t.app.ctx.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').execute();
