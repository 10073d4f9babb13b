import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemoNetwork } from '../seed/demo-seed.ts';

const app = await buildApp({ config: loadConfig(), logger: false });
const { seeded } = await seedDemoNetwork(app.ctx);
console.log(seeded ? 'demo network seeded' : 'demo network already present');
await app.close();
