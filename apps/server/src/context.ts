import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/database.ts';
import type { JwtService } from './lib/jwt.ts';
import type { Mailer } from './lib/mailer.ts';

/** What every module's services need, built once per app instance and passed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  dbKind: 'pglite' | 'postgres';
  jwt: JwtService;
  /**
   * This installation's id (shared by its processes): sent with every postback delivery, so a
   * tracking call that carries it came from the portal itself (a loop).
   */
  instanceId: string;
  mailer: Mailer;
  log: FastifyBaseLogger;
}
