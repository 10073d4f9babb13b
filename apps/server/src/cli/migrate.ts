import { loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';

const config = loadConfig();
const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
await migrateToLatest(handle.db);
await handle.close();
console.log('database migrated');
