import type { Db } from '../db/database.ts';
import { verifyPassword } from '../lib/password.ts';
import { DEMO_OPERATOR } from './demo-operator.ts';

/**
 * The demo network's logins whose passwords are published (docs/demo-network.md: every one is
 * `demo-password`): its publisher users and its console operator. A production start refuses to
 * run while any of them still signs in with it (server.ts), as it does for the demo advertisers'
 * credentials (modules/advertisers/advertiser-credentials.service.ts).
 */
export const PUBLISHED_PASSWORD = 'demo-password';
export const PUBLISHED_PUBLISHER_LOGINS = [
  'demo@portal.test',
  'multi@portal.test',
  '2fa@portal.test',
  'pending@portal.test',
  'referred1@portal.test',
  'referred2@portal.test',
] as const;
export const PUBLISHED_OPERATOR_LOGINS = [DEMO_OPERATOR.email] as const;

export interface LiveLogin {
  kind: 'publisher' | 'operator';
  email: string;
}

/** The published logins that still verify with the published password (a few hash checks). */
export async function livePublishedLogins(db: Db): Promise<LiveLogin[]> {
  const users = await db
    .selectFrom('users')
    .select(['email', 'password_hash'])
    .where('email', 'in', [...PUBLISHED_PUBLISHER_LOGINS])
    .execute();
  const operators = await db
    .selectFrom('operators')
    .select(['email', 'password_hash'])
    .where('email', 'in', [...PUBLISHED_OPERATOR_LOGINS])
    .execute();
  const live: LiveLogin[] = [];
  for (const u of users)
    if (u.password_hash && (await verifyPassword(u.password_hash, PUBLISHED_PASSWORD)))
      live.push({ kind: 'publisher', email: u.email });
  for (const o of operators)
    if (o.password_hash && (await verifyPassword(o.password_hash, PUBLISHED_PASSWORD)))
      live.push({ kind: 'operator', email: o.email });
  return live;
}

/** The message a production start refuses with, naming each login and how to change it; or null. */
export async function publishedLoginsRefusal(db: Db): Promise<string | null> {
  const live = await livePublishedLogins(db);
  if (live.length === 0) return null;
  const how = {
    publisher: 'sign in at /login and change it in Settings (or use "Forgot password" there)',
    operator:
      'run `npm run admin -- operator:reset-password <email>` and choose a new password with the link it prints (or disable the operator)',
  };
  return [
    'Refusing to start in production: these logins of the demo network still sign in with the password published in the repository (docs/demo-network.md), so anyone can use them:',
    ...live.map((l) => `  ${l.kind} ${l.email}: ${how[l.kind]}`),
    'Change each password (or disable the account), and start again. A demo on purpose runs with DEMO_SEED=true.',
  ].join('\n');
}
