import { Command } from 'commander';
import { registerAccountCommands } from './commands/accounts.commands.ts';
import { registerNetworkCommands } from './commands/network.commands.ts';
import { registerBillingCommands } from './commands/billing.commands.ts';
import { registerTrackingCommands } from './commands/tracking.commands.ts';
import { registerOperatorCommands } from './commands/operators.commands.ts';
import { withApp } from './with-app.ts';

/**
 * The operator CLI: `npm run admin -- <command>`. Each command opens the configured database
 * (embedded or DATABASE_URL), does its work through the same services the API uses, and exits.
 */
const program = new Command('admin').description('Operator tools for the publisher portal').showHelpAfterError();
registerAccountCommands(program, withApp);
registerNetworkCommands(program, withApp);
registerBillingCommands(program, withApp);
registerTrackingCommands(program, withApp);
registerOperatorCommands(program, withApp);

program.parseAsync(process.argv).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
