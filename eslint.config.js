import fs from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';

/**
 * Where an import may point (ARCHITECTURE.md, "Each feature has one name"). In the web app, shared
 * pieces (`components/`, `lib/`, `config/`) import no feature and no page, and a feature imports no
 * other feature: pages under `app/` compose them, and a piece two features need moves down to
 * `components/` or `lib/`. On the server, a module reaches another module through its service, never
 * its repository (the SQL stays with the feature that owns the tables).
 */
const WEB = 'apps/web/src';
const SERVER = 'apps/server/src';
const dirs = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const webZones = [
  ...['components', 'lib', 'config'].map((shared) => ({
    target: `${WEB}/${shared}`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: `${shared}/ is shared by every feature: it imports no feature and no page (move the piece down, or up to app/).`,
  })),
  ...dirs(`${WEB}/features`).map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features`,
    except: [`./${feature}`],
    message: 'A feature imports no other feature: a page composes them, a shared piece moves to components/ or lib/.',
  })),
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'A feature imports no page or layout.' },
];

const serverModules = dirs(`${SERVER}/modules`);
/** One zone per module: its repositories, importable only from inside the module. */
const repositoryZone = (module) => ({
  target: [`${SERVER}/modules/!(${module})/**`, `${SERVER}/!(modules)/**`, `${SERVER}/*.ts`],
  from: `${SERVER}/modules/${module}/*.repository.ts`,
  message: `Another module's repository: call the ${module} service instead.`,
});

/**
 * Imports across the server's module boundary allowed for one file each (`{ file, repositoryOf,
 * reason }`): none. A module that needs another's data asks its service.
 */
const SERVER_BOUNDARY_EXCEPTIONS = [];

const layerZones = [
  { target: 'packages/shared', from: 'apps', message: 'The shared package imports neither app.' },
  { target: WEB, from: SERVER, message: 'The web app reaches the server over HTTP only.' },
  { target: SERVER, from: WEB, message: 'The server imports nothing of the web app.' },
];

const zones = (exceptRepositoryOf = []) => [
  ...layerZones,
  ...webZones,
  ...serverModules.filter((m) => !exceptRepositoryOf.includes(m)).map(repositoryZone),
];

export default tseslint.config(
  { ignores: ['vitest.config.ts', '**/dist/**', '**/node_modules/**', 'data/**', '**/*.mjs', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Read TypeScript modules when following imports; resolve them as Node and the bundler do
      // (the shared package through its `exports`).
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver()],
    },
    rules: {
      // A cycle of value imports makes load order decide which side sees the other undefined
      // (type-only imports are erased and do not count).
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: zones() }],
    },
  },
  {
    // Icons by their own path: an icon imported from the package's index joins the file every page
    // loads (the index reaches every layout), one by its path joins only the pages that draw it.
    files: [`${WEB}/**/*.{ts,tsx}`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'lucide-react',
              message: "Import each icon by its path: import X from 'lucide-react/icons/x'.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  ...SERVER_BOUNDARY_EXCEPTIONS.map(({ file, repositoryOf }) => ({
    files: [file],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: zones([repositoryOf]) }],
    },
  })),
  {
    files: ['**/test/**', 'e2e/**', '**/*.test.ts', '**/*.test.tsx', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
