#!/usr/bin/env node
// `npm start`: builds what is not built yet, then runs the portal (embedded database by default).
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
  env: { NODE_ENV: 'production', ...process.env },
});
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
