import { buildApp } from './app.ts';
import { ConfigError, demoSeedWarning, loadConfig } from './config.ts';
import { DEMO_LOGINS, seedDemoNetwork } from './seed/demo-seed.ts';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp({ config });

  const warning = demoSeedWarning(config);
  if (warning) app.log.warn(warning);
  if (config.DEMO_SEED) {
    const { seeded } = await seedDemoNetwork(app.ctx);
    if (seeded) app.log.info('demo network seeded');
  }

  // Graceful close: stop accepting, let in-flight requests finish, then close the database.
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 15_000);
    timer.unref();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const lines = [
    '',
    `  Publisher portal is running at ${config.publicUrl}`,
    `  Database: ${app.database.kind === 'pglite' ? `embedded (${config.DATA_DIR})` : 'PostgreSQL server'}`,
    `  API docs: ${config.publicUrl}/api/docs`,
  ];
  if (config.DEMO_SEED) {
    lines.push('', '  Demo logins:');
    for (const l of DEMO_LOGINS) lines.push(`    ${l.email.padEnd(22)} ${l.password.padEnd(15)} ${l.shows}`);
  }
  console.log(`${lines.join('\n')}\n`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
