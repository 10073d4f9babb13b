#!/usr/bin/env node
// Prints the gzipped size of every built script and fails when the login page's JavaScript (the
// entry, its static imports, and the public layout's and login route's lazy chunks) is over the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 150;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestPath)) {
  console.error('check-size: dist/.vite/manifest.json missing (build with manifest: true)');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;

// Every script, largest first.
const scripts = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ file: `assets/${f}`, size: gz(`assets/${f}`) }))
  .sort((a, b) => b.size - a.size);
console.log('\nScripts (gzipped):');
for (const s of scripts) console.log(`  ${kb(s.size).padStart(9)}  ${s.file}`);

// The login page: the entry's static import graph plus the login route module and its imports.
const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const loginKeys = Object.keys(manifest).filter((k) =>
  /(routes\/auth\/login-page|layouts\/public-layout)\.tsx$/.test(k),
);
const seen = new Set();
const walk = (key) => {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return;
  seen.add(chunk.file);
  for (const imp of chunk.imports ?? []) walk(imp);
};
walk(entryKey);
if (loginKeys.length === 2) loginKeys.forEach(walk);
else console.warn('check-size: login route or public layout chunk not found in the manifest');
const loginTotal = [...seen].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
console.log(`\nLogin page JavaScript: ${kb(loginTotal)} gzipped (budget ${BUDGET_KB} kB)`);
for (const f of [...seen].filter((f) => f.endsWith('.js'))) console.log(`  ${kb(gz(f)).padStart(9)}  ${f}`);
// Each route: the JavaScript it loads beyond the entry's (its lazy chunk and the chunks it imports),
// and with the chunks it loads lazily itself (charts, modals) — what opening it and using it costs
// once the app has started. Other routes and layouts are never counted in a route.
const entryFiles = new Set();
const collect = (key, into, lazyToo) => {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return;
  into.add(chunk.file);
  for (const imp of chunk.imports ?? []) collect(imp, into, lazyToo);
  if (lazyToo) for (const imp of chunk.dynamicImports ?? []) if (!isRouteModule(imp)) collect(imp, into, lazyToo);
};
const isRouteModule = (key) => /src\/app\/(routes|layouts)\//.test(key);
collect(entryKey, entryFiles, false);
const routeKeys = Object.keys(manifest)
  .filter((k) => isRouteModule(k) && k.endsWith('.tsx'))
  .sort();
const routeSize = (key, lazyToo) => {
  const files = new Set();
  collect(key, files, lazyToo);
  return [...files].filter((f) => f.endsWith('.js') && !entryFiles.has(f)).reduce((sum, f) => sum + gz(f), 0);
};
// A screen's whole page, as a first visit downloads it: the entry, the signed-in layout and the
// route with its lazy chunks (the chart). The budgets are proposed from measurement (README).
const layoutKey = Object.keys(manifest).find((k) => /layouts\/app-layout\.tsx$/.test(k));
const pageSize = (key) => {
  const files = new Set();
  collect(entryKey, files, false);
  if (layoutKey) collect(layoutKey, files, false);
  collect(key, files, true);
  const js = [...files].filter((f) => f.endsWith('.js'));
  return { size: js.reduce((sum, f) => sum + gz(f), 0), files: js.length };
};
const PAGE_BUDGETS_KB = { 'routes/app/dashboard-page.tsx': 235, 'routes/app/reports-page.tsx': 270 };
console.log('\nRoute JavaScript beyond the entry (gzipped): opening it / with what it loads lazily');
for (const key of routeKeys) {
  const name = key.replace(/^src\/app\//, '');
  console.log(`  ${kb(routeSize(key, false)).padStart(9)} / ${kb(routeSize(key, true)).padStart(9)}  ${name}`);
}
console.log('\nWhole page JavaScript (gzipped): entry, signed-in layout, route and its lazy chunks');
const over = [];
for (const key of routeKeys) {
  const name = key.replace(/^src\/app\//, '');
  const budget = PAGE_BUDGETS_KB[name];
  if (!budget) continue;
  const { size, files } = pageSize(key);
  console.log(`  ${kb(size).padStart(9)}  ${name}  in ${files} files (budget ${budget} kB)`);
  if (size > budget * 1024) over.push(`${name} is over its ${budget} kB budget by ${kb(size - budget * 1024)}`);
}
if (over.length) {
  for (const o of over) console.error(`check-size: ${o}`);
  process.exit(1);
}

if (loginTotal > BUDGET_KB * 1024) {
  console.error(`check-size: login page JavaScript is over budget by ${kb(loginTotal - BUDGET_KB * 1024)}`);
  process.exit(1);
}
