// Bundles the server (and the shared package's TypeScript) to dist/ for plain `node`.
import { build } from 'esbuild';
import fs from 'node:fs';

const pkg = JSON.parse(fs.readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
await build({
  entryPoints: {
    server: 'src/server.ts',
    admin: 'src/cli/admin.ts',
    migrate: 'src/cli/migrate.ts',
    seed: 'src/cli/seed.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external: Object.keys(pkg.dependencies ?? {}),
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  // Node 20.10+ reads JSON through import attributes; esbuild would drop them for a plain node20 target.
  supported: { 'import-attributes': true },
  logLevel: 'info',
});
