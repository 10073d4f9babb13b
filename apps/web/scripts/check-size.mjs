#!/usr/bin/env node
// Prints the gzipped size of every built script and fails when a chunk imports another that imports
// it back (a cycle, which broke the app at load once), when the login page's JavaScript (the entry,
// its static imports, and the public layout's and login route's lazy chunks) is over its budget, or
// when the dashboard's or the reports page's JavaScript is over theirs or their first paint takes more
// than a few files (budgets from measurement, bench/README.md, "Web app").
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 140;
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
const isRouteModule = (key) => /src\/app\/(routes\/|layouts\/[\w-]+-layout\.tsx$)/.test(key);
collect(entryKey, entryFiles, false);
const routeKeys = Object.keys(manifest)
  .filter((k) => isRouteModule(k) && k.endsWith('.tsx'))
  .sort();
const routeSize = (key, lazyToo) => {
  const files = new Set();
  collect(key, files, lazyToo);
  return [...files].filter((f) => f.endsWith('.js') && !entryFiles.has(f)).reduce((sum, f) => sum + gz(f), 0);
};
// A screen's page: the entry, the signed-in layout and the route with their static imports (its
// first paint), then with everything they load on demand (the chart, the menus and pickers the
// page draws as stand-ins first, loaded when the browser is idle) except what only the header opens
// on any page (a notification's side panel with DOMPurify, the prompt of a login link).
const layoutKey = Object.keys(manifest).find((k) => /layouts\/app-layout\.tsx$/.test(k));
const HEADER_ONLY = /(notification-panel-body|switch-account-prompt)\.tsx$/;
const pageSize = (key) => {
  const first = new Set();
  for (const k of [entryKey, layoutKey, key]) if (k) collect(k, first, false);
  const all = new Set();
  const walkAll = (k) => {
    const chunk = manifest[k];
    if (!chunk || all.has(chunk.file)) return;
    all.add(chunk.file);
    for (const imp of chunk.imports ?? []) walkAll(imp);
    for (const imp of chunk.dynamicImports ?? []) if (!isRouteModule(imp) && !HEADER_ONLY.test(imp)) walkAll(imp);
  };
  for (const k of [entryKey, layoutKey, key]) if (k) walkAll(k);
  const sum = (set) => [...set].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gz(f), 0);
  return { first: sum(first), firstFiles: [...first].filter((f) => f.endsWith('.js')).length, all: sum(all) };
};
// [first paint, whole page] in kB: measured + ~5% (bench/README.md); the whole page may take at most 250 kB.
const PAGE_BUDGETS_KB = {
  'routes/app/dashboard-page.tsx': [180, 240],
  'routes/app/reports-page.tsx': [180, 250],
};
// Script files of the first paint: each one more is a round trip on a slow link (a new shared
// module can split off into a file of its own; critical-chunks.ts is where it joins first-paint).
const FIRST_PAINT_MAX_FILES = 6;
console.log('\nRoute JavaScript beyond the entry (gzipped): opening it / with what it loads lazily');
for (const key of routeKeys) {
  const name = key.replace(/^src\/app\//, '');
  console.log(`  ${kb(routeSize(key, false)).padStart(9)} / ${kb(routeSize(key, true)).padStart(9)}  ${name}`);
}
console.log('\nPage JavaScript (gzipped): first paint (entry, signed-in layout, route) / with what it loads on demand');
const over = [];
for (const key of routeKeys) {
  const name = key.replace(/^src\/app\//, '');
  const budget = PAGE_BUDGETS_KB[name];
  if (!budget) continue;
  const { first, firstFiles, all } = pageSize(key);
  console.log(
    `  ${kb(first).padStart(9)} in ${firstFiles} files / ${kb(all).padStart(9)}  ${name} (budgets ${budget[0]} / ${budget[1]} kB)`,
  );
  if (first > budget[0] * 1024)
    over.push(`${name}'s first paint is over its ${budget[0]} kB budget by ${kb(first - budget[0] * 1024)}`);
  if (firstFiles > FIRST_PAINT_MAX_FILES)
    over.push(
      `${name}'s first paint takes ${firstFiles} script files, more than ${FIRST_PAINT_MAX_FILES} (critical-chunks.ts)`,
    );
  if (all > budget[1] * 1024) over.push(`${name} is over its ${budget[1]} kB budget by ${kb(all - budget[1] * 1024)}`);
}
if (over.length) {
  for (const o of over) console.error(`check-size: ${o}`);
  process.exit(1);
}

// No chunk may import (statically) a chunk that imports it back: the app would break at load.
const cycles = [];
const state = new Map();
const visit = (file, stack) => {
  state.set(file, 'open');
  stack.push(file);
  const key = Object.keys(manifest).find((k) => manifest[k].file === file);
  for (const imp of manifest[key]?.imports ?? []) {
    const next = manifest[imp]?.file;
    if (!next) continue;
    if (state.get(next) === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next].join(' -> '));
    else if (!state.has(next)) visit(next, stack);
  }
  stack.pop();
  state.set(file, 'done');
};
for (const key of Object.keys(manifest))
  if (manifest[key].file.endsWith('.js') && !state.has(manifest[key].file)) visit(manifest[key].file, []);
if (cycles.length) {
  for (const c of cycles) console.error(`check-size: chunks import each other in a cycle: ${c}`);
  process.exit(1);
}
console.log('\nNo chunk imports a chunk that imports it back.');

if (loginTotal > BUDGET_KB * 1024) {
  console.error(`check-size: login page JavaScript is over budget by ${kb(loginTotal - BUDGET_KB * 1024)}`);
  process.exit(1);
}
