import { sql } from 'kysely';
import type { AppContext } from '../context.ts';
import { accountsService } from '../modules/accounts/accounts.service.ts';
import { hashPassword } from '../lib/password.ts';
import { withSetupLock } from '../db/database.ts';
import { seedDemoOffers } from './demo-offers.ts';
import { seedDemoTraffic } from './demo-traffic.ts';
import { seedDemoStatuses } from './demo-statuses.ts';
import { seedDemoBilling } from './demo-billing.ts';
import { DEMO_OPERATOR, seedDemoOperator } from './demo-operator.ts';

/** The logins of docs/demo-network.md, printed at start and listed in the README. */
export const DEMO_LOGINS = [
  {
    email: 'demo@portal.test',
    password: 'demo-password',
    shows: 'an active publisher with offers, traffic, invoices and notifications',
  },
  { email: 'multi@portal.test', password: 'demo-password', shows: 'one user linked to several publisher accounts' },
  {
    email: '2fa@portal.test',
    password: 'demo-password',
    shows: 'two-factor authentication on (TOTP secret JBSWY3DPEHPK3PXP)',
  },
  { email: 'pending@portal.test', password: 'demo-password', shows: 'an account pending approval' },
  {
    email: DEMO_OPERATOR.email,
    password: DEMO_OPERATOR.password,
    shows: 'an operator (owner) of the operator console at /admin/login',
  },
] as const;

export const DEMO_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** Brands of the demo network: one business unit per white-label domain, plus the default. */
const BUSINESS_UNITS = [
  { domain: 'localhost', name: 'Publisher Portal', brand: null, three_step_signup: false },
  { domain: 'northwind.test', name: 'Northwind Partners', brand: 'northwind', three_step_signup: true },
  { domain: 'bluepeak.test', name: 'Bluepeak Affiliates', brand: 'bluepeak', three_step_signup: false },
  { domain: 'orchard.test', name: 'Orchard Media', brand: 'orchard', three_step_signup: false },
  { domain: 'lumen.test', name: 'Lumen Network', brand: 'lumen', three_step_signup: false },
];

/**
 * Deterministic, idempotent demo network (docs/demo-network.md): a second run finds the demo user and
 * changes nothing. Processes started together on an empty database take turns under the setup
 * lock: one seeds, the others wait for it and then find the demo user.
 */
export async function seedDemoNetwork(ctx: AppContext): Promise<{ seeded: boolean }> {
  return withSetupLock(ctx.db, () => seedOnce(ctx));
}

async function seedOnce(ctx: AppContext): Promise<{ seeded: boolean }> {
  if (await accountsService.findUserByEmail(ctx, 'demo@portal.test')) return { seeded: false };
  // Only with the demo network: a database of a network of its own never gains the demo operator.
  await seedDemoOperator(ctx);
  const passwordHash = await hashPassword('demo-password');

  await ctx.db.transaction().execute(async (trx) => {
    for (const bu of BUSINESS_UNITS) {
      await trx
        .insertInto('business_units')
        .values(bu)
        .onConflict((oc) => oc.column('domain').doNothing())
        .execute();
    }
    const unit = await trx
      .selectFrom('business_units')
      .select('id')
      .where('domain', '=', 'localhost')
      .executeTakeFirstOrThrow();
    const manager = await trx
      .insertInto('account_managers')
      .values({ name: 'Alex Morgan', email: 'alex.morgan@portal.test', phone: '+1 416 555 0142' })
      .returning('id')
      .executeTakeFirstOrThrow();

    const common = {
      passwordHash,
      password: '',
      businessUnitId: unit.id,
      accountManagerId: manager.id,
      status: 'active' as const,
    };
    const demo = await accountsService.createPublisherAccount(trx, {
      ...common,
      email: 'demo@portal.test',
      firstname: 'Dana',
      lastname: 'Demo',
      title: 'Head of Growth',
      publisherName: 'Demo Media Ltd',
      referralCode: 'demo2026',
      timezone: 'America/Toronto',
      company: {
        website_url: 'https://demo-media.test',
        address_country: 'CA',
        address_region: 'ON',
        address_city: 'Toronto',
      },
    });
    for (const [i, name] of ['Referred Traffic Co', 'Second Wave Media'].entries()) {
      await accountsService.createPublisherAccount(trx, {
        ...common,
        email: `referred${i + 1}@portal.test`,
        firstname: 'Referred',
        lastname: `Partner ${i + 1}`,
        publisherName: name,
        referralCode: `referred${i + 1}`,
        referrerPublisherId: demo.publisherId,
      });
    }
    const multi = await accountsService.createPublisherAccount(trx, {
      ...common,
      email: 'multi@portal.test',
      firstname: 'Morgan',
      lastname: 'Multi',
      publisherName: 'Multi Brand Media – EU',
      referralCode: 'multieu1',
    });
    const second = await trx
      .insertInto('publishers')
      .values({
        name: 'Multi Brand Media – US',
        status: 'active',
        referral_code: 'multius1',
        business_unit_id: unit.id,
        account_manager_id: manager.id,
        approved_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await accountsService.link(trx, multi.userId, second.id);

    const twoFactor = await accountsService.createPublisherAccount(trx, {
      ...common,
      email: '2fa@portal.test',
      firstname: 'Tess',
      lastname: 'Factor',
      publisherName: 'Two Factor Traffic',
      referralCode: 'twofa001',
    });
    await trx
      .updateTable('users')
      .set({ totp_secret: DEMO_TOTP_SECRET, totp_enabled: true })
      .where('id', '=', twoFactor.userId)
      .execute();

    await accountsService.createPublisherAccount(trx, {
      ...common,
      status: 'pending',
      email: 'pending@portal.test',
      firstname: 'Pat',
      lastname: 'Pending',
      publisherName: 'Pending Publisher Inc',
      referralCode: 'pending1',
    });
    await sql`SELECT 1`.execute(trx);
  });
  // Each area seeds its own part, in this order: the network, then traffic through the tracking
  // engine's own code path, then the decisions on the conversions held for approval, then what is
  // computed from that traffic.
  await seedDemoOffers(ctx);
  await seedDemoTraffic(ctx);
  await seedDemoStatuses(ctx);
  await seedDemoBilling(ctx);
  return { seeded: true };
}
