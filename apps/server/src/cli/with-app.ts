import { buildApp, type App } from '../app.ts';
import { loadConfig } from '../config.ts';

/**
 * How an operator command reaches the portal: the configured database (embedded or DATABASE_URL)
 * and the same services the API uses, opened for the command and closed after it.
 */
export type WithApp = <T>(fn: (app: App) => Promise<T>) => Promise<T>;

export const withApp: WithApp = async (fn) => {
  const app = await buildApp({ config: loadConfig(), logger: false });
  try {
    return await fn(app);
  } finally {
    await app.close();
  }
};
