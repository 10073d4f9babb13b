#!/usr/bin/env node
// No import cycle in the server, the web app or the shared package, counting type-only imports
// (`import type`), which ESLint's import-x/no-cycle leaves out; and none between the server's modules
// (`apps/server/src/modules/<name>`): a module reaches another through its service, one way only
// (ARCHITECTURE.md, "Each feature has one name"). Run by `npm run lint`; `--graph` also prints which
// module imports which.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];
const SERVER = 'apps/server/src';
const MODULES = `${SERVER}/modules`;

let failed = false;

/* Files ------------------------------------------------------------------------------------------ */

let madge;
try {
  ({ default: madge } = await import('madge'));
} catch {
  console.error('Import cycles: madge is not installed here; run `npm install` (it is a devDependency).');
  process.exit(1);
}
const graph = await madge(DIRS, { fileExtensions: ['ts', 'tsx'] });
const cycles = graph.circular();
if (cycles.length > 0) {
  failed = true;
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(' → ')}`);
} else {
  console.log(`Import cycles: none in ${Object.keys(graph.obj()).length} files (type-only imports counted).`);
}

/* Modules ----------------------------------------------------------------------------------------- */

/**
 * The server's source files, tests left out (a test may reach into any module), tracked or new but
 * not ignored: what `git ls-files` lists, as the team's pre-commit check reads it, plus files not
 * added yet.
 */
const serverFiles = execFileSync(
  'git',
  ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', `${SERVER}/`],
  { encoding: 'utf8' },
)
  .split('\0')
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\./.test(f) && fs.existsSync(f));
const known = new Set(serverFiles);

/** The module a file belongs to (`apps/server/src/modules/<name>/…`), or null. */
const moduleOf = (file) => (file.startsWith(`${MODULES}/`) ? file.slice(MODULES.length + 1).split('/')[0] : null);

// Every import, re-export and dynamic import with a relative path, type-only ones included.
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** What a relative specifier names, as a repository path (with `.ts` added where it was left out). */
function resolve(from, spec) {
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(from), spec));
  const candidates = [target, target.replace(/\.js$/, '.ts'), `${target}.ts`, `${target}.tsx`, `${target}/index.ts`];
  return candidates.find((c) => known.has(c)) ?? target;
}

/** Each file's relative imports: [target, specifier as written]. */
const importsOf = new Map(
  serverFiles.map((file) => [
    file,
    [...fs.readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => [resolve(file, m[1]), m[1]]),
  ]),
);

/**
 * Module → module → the imports that make the edge. A module file's import of another module's file
 * is an edge; so is one that reaches it through files outside the modules (lib/, seed/, …), whose
 * imports are followed until they reach a module.
 */
const edges = new Map();
const addEdge = (a, b, via) => {
  if (!edges.has(a)) edges.set(a, new Map());
  const to = edges.get(a);
  if (!to.has(b)) to.set(b, []);
  to.get(b).push(via);
};
for (const [file, imports] of importsOf) {
  const from = moduleOf(file);
  if (!from) continue;
  for (const [target, spec] of imports) {
    const to = moduleOf(target);
    if (to) {
      if (to !== from) addEdge(from, to, `${file} imports '${spec}'`);
      continue;
    }
    // Through files outside the modules: breadth first, each file once.
    const seen = new Set([target]);
    const queue = [[target, [target]]];
    while (queue.length > 0) {
      const [at, trail] = queue.shift();
      for (const [next] of importsOf.get(at) ?? []) {
        if (seen.has(next)) continue;
        seen.add(next);
        const reached = moduleOf(next);
        if (reached) {
          if (reached !== from)
            addEdge(from, reached, `${file} imports '${spec}', which reaches ${[...trail.slice(1), next].join(' → ')}`);
        } else queue.push([next, [...trail, next]]);
      }
    }
  }
}

const modules = [...new Set(serverFiles.map(moduleOf).filter((m) => m !== null))].sort();

/** Strongly connected components (Tarjan): a component of more than one module holds a cycle. */
function components(next) {
  let index = 0;
  const at = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const out = [];
  const visit = (v) => {
    at.set(v, index);
    low.set(v, index);
    index += 1;
    stack.push(v);
    onStack.add(v);
    for (const w of next(v)) {
      if (!at.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), at.get(w)));
    }
    if (low.get(v) === at.get(v)) {
      const component = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      out.push(component);
    }
  };
  for (const m of modules) if (!at.has(m)) visit(m);
  return out;
}

/** The shortest cycle through `start` inside its component: [start, …, start]. */
function cycleThrough(start, members, next) {
  const inside = new Set(members);
  const back = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift();
    for (const w of next(v)) {
      if (!inside.has(w)) continue;
      if (w === start) {
        const trail = [v];
        for (let p = back.get(v); p !== null; p = back.get(p)) trail.unshift(p);
        return [...trail, start];
      }
      if (!back.has(w)) {
        back.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/** The shortest cycle of a component (the one a new import most likely closed). */
const shortestCycle = (members, next) =>
  members
    .map((m) => cycleThrough(m, members, next))
    .sort((a, b) => a.length - b.length || a.join().localeCompare(b.join()))[0];

/**
 * Every pair of modules that import each other (what the team's pre-commit check looks for), then,
 * leaving those pairs' imports aside, the shortest cycle of each group of modules caught in a longer
 * loop (a → b → c → a).
 */
const hasEdge = (a, b) => edges.get(a)?.has(b) ?? false;
const pairs = modules.flatMap((a) =>
  modules.filter((b) => a < b && hasEdge(a, b) && hasEdge(b, a)).map((b) => [a, b, a]),
);
const inPair = (a, b) => pairs.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
/** The imports of a module, those of its pairs left out (reported already). */
const nextOutsidePairs = (v) => [...(edges.get(v) ?? new Map()).keys()].filter((w) => !inPair(v, w));
const moduleCycles = [
  ...pairs,
  ...components(nextOutsidePairs)
    .filter((c) => c.length > 1)
    .map((c) => shortestCycle(c, nextOutsidePairs)),
];
if (moduleCycles.length > 0) {
  failed = true;
  console.error(
    `Module cycles (${moduleCycles.length}): a module reaches another through its service, one way only ` +
      '(move the shared piece to the module that owns it or to lib/, or hand it in at composition):',
  );
  for (const cycle of moduleCycles) {
    console.error(`  ${cycle.join(' → ')}`);
    for (let i = 0; i + 1 < cycle.length; i++) {
      // Direct imports first: the one to look at before those through lib/ or plugins/.
      const vias = [...edges.get(cycle[i]).get(cycle[i + 1])].sort(
        (x, y) => Number(x.includes(', which reaches ')) - Number(y.includes(', which reaches ')),
      );
      console.error(
        `    ${cycle[i]} → ${cycle[i + 1]}: ${vias[0]}${vias.length > 1 ? ` (and ${vias.length - 1} more)` : ''}`,
      );
    }
  }
} else {
  const count = [...edges.values()].reduce((n, to) => n + to.size, 0);
  console.log(`Module cycles: none among ${modules.length} server modules (${count} module-to-module dependencies).`);
}

if (process.argv.includes('--graph')) {
  for (const m of modules) {
    const to = [...(edges.get(m) ?? new Map()).keys()].sort();
    console.log(`  ${m}${to.length > 0 ? ` → ${to.join(', ')}` : ''}`);
  }
}

if (failed) process.exit(1);
