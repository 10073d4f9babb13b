#!/usr/bin/env node
// Prints the gzipped size of every built script and of each page (from dist/.vite/pages.json, which
// the build writes from the route table), and fails when a chunk imports another that imports it
// back (a cycle, which broke the app at load once), when the login page's JavaScript (the entry and
// the public layout's and login page's scripts) is over its budget, or when the dashboard's or the
// reports page's JavaScript is over theirs or their first paint takes more than a few files
// (budgets from measurement, bench/README.md, "Web app").
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

// Each page's scripts, as the build lists them from the route table (build/page-scripts.ts).
const pagesPath = path.join(dist, '.vite/pages.json');
if (!fs.existsSync(pagesPath)) {
  console.error('check-size: dist/.vite/pages.json missing (written by build/page-scripts.ts)');
  process.exit(1);
}
const { entry, pages } = JSON.parse(fs.readFileSync(pagesPath, 'utf8'));
const sum = (files) => [...new Set(files)].filter((f) => f.endsWith('.js')).reduce((total, f) => total + gz(f), 0);
const pageOf = (route) =>
  pages.find((p) => p.route === route && !p.path.includes('*')) ?? pages.find((p) => p.route === route);

// The login page: the entry and the login page's first paint.
const login = pageOf('login');
const loginFiles = [...entry, ...login.scripts];
const loginTotal = sum(loginFiles);
console.log(`\nLogin page JavaScript: ${kb(loginTotal)} gzipped (budget ${BUDGET_KB} kB)`);
for (const f of loginFiles) console.log(`  ${kb(gz(f)).padStart(9)}  ${f}`);

// What a page loads on demand, except what only the signed-in header opens on any page (a
// notification's side panel, the prompt of a login link, the account switch): the chart, the pickers and menus the page
// draws as stand-ins first, the modals.
const HEADER_ONLY = /(notification-panel-body|switch-account-prompt|account-switch-dialog)\.tsx$/;
const laterOf = (page) => page.later.filter((l) => !HEADER_ONLY.test(l.module)).flatMap((l) => l.scripts);

// Each page: its first paint beyond the entry, and with what it loads on demand.
console.log('\nPage JavaScript beyond the entry (gzipped): first paint / with what it loads on demand');
const seenRoutes = new Set();
for (const page of pages) {
  if (seenRoutes.has(page.route)) continue;
  seenRoutes.add(page.route);
  const first = sum(page.scripts);
  console.log(
    `  ${kb(first).padStart(9)} / ${kb(sum([...page.scripts, ...laterOf(page)])).padStart(9)}  ${page.route} (${page.path})`,
  );
}

// [first paint, whole page] in kB, entry included: measured + ~5% (bench/README.md); the whole
// reports page with its chart at most 250 kB.
const PAGE_BUDGETS_KB = { home: [180, 240], reports: [180, 250] };
// Script files of the first paint: each one more is a round trip on a slow link.
const FIRST_PAINT_MAX_FILES = 6;
console.log('\nPage JavaScript (gzipped): first paint (entry, layout, page) / with what it loads on demand');
const over = [];
for (const [route, budget] of Object.entries(PAGE_BUDGETS_KB)) {
  const page = pageOf(route);
  const firstFiles = [...entry, ...page.scripts].filter((f) => f.endsWith('.js'));
  const first = sum(firstFiles);
  const all = sum([...firstFiles, ...laterOf(page)]);
  console.log(
    `  ${kb(first).padStart(9)} in ${firstFiles.length} files / ${kb(all).padStart(9)}  ${route} ${page.path} (budgets ${budget[0]} / ${budget[1]} kB)`,
  );
  if (first > budget[0] * 1024)
    over.push(`${route}'s first paint is over its ${budget[0]} kB budget by ${kb(first - budget[0] * 1024)}`);
  if (firstFiles.length > FIRST_PAINT_MAX_FILES)
    over.push(
      `${route}'s first paint takes ${firstFiles.length} script files, more than ${FIRST_PAINT_MAX_FILES} (build/chunks.ts)`,
    );
  if (all > budget[1] * 1024) over.push(`${route} is over its ${budget[1]} kB budget by ${kb(all - budget[1] * 1024)}`);
  // What each thing it loads on demand would add to its first paint: what a stand-in (a menu or
  // picker drawn light first, components/ui/deferred.tsx) saves, or a lazy chart or modal.
  for (const l of page.later)
    console.log(`    + ${kb(sum(l.scripts)).padStart(8)}  on demand: ${l.module.replace(/^src\//, '')}`);
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
