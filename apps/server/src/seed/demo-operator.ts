import type { AppContext } from '../context.ts';
import { hashPassword } from '../lib/password.ts';
import { operatorsService } from '../modules/operators/operators.service.ts';

/** The demo operator of the console (docs/operator-console.md, docs/demo-network.md). */
export const DEMO_OPERATOR = {
  email: 'ops@portal.test',
  password: 'demo-password',
  name: 'Olivia Ops',
  role: 'owner',
} as const;

/**
 * Made once: an existing one is left as it is (its password, role or two-factor may have been
 * changed in the console since).
 */
export async function seedDemoOperator(ctx: AppContext): Promise<void> {
  await operatorsService.seedIfMissing(ctx, DEMO_OPERATOR, () => hashPassword(DEMO_OPERATOR.password));
}
