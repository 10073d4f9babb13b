#!/usr/bin/env node
// `npm start`: builds what is not built yet, then runs the portal (embedded database by default).
// It runs in development mode unless NODE_ENV says otherwise, so a first start opens the demo
// network; with NODE_ENV=production an empty database stays empty (DEMO_SEED defaults to false).
//
// In production run `node apps/server/dist/server.js` itself (docs/production.md):
// npm exits at once on SIGTERM without waiting for its script. This script still stops cleanly
// however it is stopped: it passes SIGTERM and SIGINT on to the server and exits with the server's
// code; when its own parent goes away (npm stopped) it stops the server; and the server, started
// with an IPC channel, stops by itself if this process dies (even by SIGKILL).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';

const needsBuild = !fs.existsSync('apps/server/dist/server.js') || !fs.existsSync('apps/web/dist/index.html');
if (needsBuild) {
  console.log('Building the portal (first start only)…');
  const r = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'development', ...process.env },
});
// The server stops at the first signal and waits out the stop; this process waits for it.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
const parent = process.ppid;
const watch = setInterval(() => {
  if (process.ppid === parent) return;
  clearInterval(watch);
  child.kill('SIGTERM');
}, 500);
watch.unref();
child.on('error', (err) => {
  console.error(err);
  process.exit(1);
});
child.on('exit', (code, signal) => process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0)));
