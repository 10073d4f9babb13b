#!/usr/bin/env node
// `npm start`: builds what is not built yet, then runs the portal (embedded database by default).
// It runs in development mode unless NODE_ENV says otherwise, so a first start opens the demo
// network; with NODE_ENV=production an empty database stays empty (DEMO_SEED defaults to false).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';

const needsBuild = !fs.existsSync('apps/server/dist/server.js') || !fs.existsSync('apps/web/dist/index.html');
if (needsBuild) {
  console.log('Building the portal (first start only)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
