#!/usr/bin/env node
// No import cycle in the server, the web app or the shared package, counting type-only imports
// (`import type`), which ESLint's import-x/no-cycle leaves out. Run by `npm run lint`.
const DIRS = ['apps/server/src', 'apps/web/src', 'packages/shared/src'];

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
  console.error(`Import cycles (${cycles.length}):`);
  for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(' → ')}`);
  process.exit(1);
}
console.log(`Import cycles: none in ${Object.keys(graph.obj()).length} files (type-only imports counted).`);
