import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pagesFile, pathPattern, type BundleChunk, type ModuleGraph } from './page-scripts.ts';

const ROOT = '/repo/apps/web';
const chunk = (
  fileName: string,
  facade: string | null,
  imports: string[] = [],
  isEntry = false,
  dynamicImports: string[] = [],
): BundleChunk => ({
  fileName,
  facadeModuleId: facade ? `${ROOT}/${facade}` : null,
  imports,
  dynamicImports,
  isEntry,
  moduleIds: facade ? [`${ROOT}/${facade}`] : [],
});

/** The module graph: the reports page loads the chart on demand, and the chart the icons. */
const graph: ModuleGraph = (id) =>
  id === `${ROOT}/src/app/routes/app/reports-page.tsx`
    ? { importedIds: [], dynamicallyImportedIds: [`${ROOT}/src/chart.tsx`] }
    : { importedIds: [], dynamicallyImportedIds: [] };

/** A bundle as the bundler hands it over: the entry, two layouts, pages, the chunks they share, a lazy chart. */
function bundle(): BundleChunk[] {
  const chunks = [
    chunk('assets/index-1.js', 'index.html', ['assets/icons-1.js'], true),
    chunk('assets/icons-1.js', null),
    chunk('assets/first-paint-1.js', null, ['assets/index-1.js', 'assets/icons-1.js']),
    chunk('assets/app-layout-1.js', 'src/app/layouts/app-layout.tsx', ['assets/index-1.js', 'assets/first-paint-1.js']),
    chunk('assets/public-layout-1.js', 'src/app/layouts/public-layout.tsx', ['assets/index-1.js']),
    chunk(
      'assets/reports-page-1.js',
      'src/app/routes/app/reports-page.tsx',
      ['assets/index-1.js', 'assets/first-paint-1.js'],
      false,
      ['assets/chart-1.js'],
    ),
    chunk('assets/chart-1.js', 'src/chart.tsx'),
    chunk('assets/login-page-1.js', 'src/app/routes/auth/login-page.tsx', ['assets/index-1.js']),
    chunk('assets/console-layout-1.js', 'src/app/layouts/console-layout.tsx', ['assets/index-1.js']),
    chunk('assets/console-public-layout-1.js', 'src/app/layouts/console-public-layout.tsx', ['assets/index-1.js']),
    chunk('assets/console-routes-1.js', 'src/app/console-routes.ts', ['assets/index-1.js']),
  ];
  // Every other page of the route table, as a chunk of its own.
  const others = [
    'auth/signup-page',
    'auth/forgot-password-page',
    'auth/reset-password-page',
    'auth/select-account-page',
    'app/dashboard-page',
    'app/my-offers-page',
    'app/profile-page',
    'app/notifications-page',
    'app/offer-page',
    'app/global-postbacks-page',
    'app/invoices-page',
    'app/invoice-page',
    'errors/not-found-page',
    // Every console page the router can load (console-routes.ts takes the folder's pages).
    ...fs
      .readdirSync(new URL('../src/app/routes/admin/', import.meta.url))
      .filter((f) => f.endsWith('-page.tsx'))
      .map((f) => `admin/${f.replace(/\.tsx$/, '')}`),
  ].map((p) =>
    chunk(`assets/${p.startsWith('admin/') ? p.replace('/', '-') : p.split('/')[1]}-1.js`, `src/app/routes/${p}.tsx`, [
      'assets/index-1.js',
    ]),
  );
  return [...chunks, ...others];
}

const run = () => pagesFile(ROOT, bundle(), graph);

describe("the build's page list", () => {
  it("gives a page its layout's and route's scripts with their static imports, not the entry's nor the lazy ones", () => {
    const file = run();
    expect(file.entry).toEqual(['assets/index-1.js', 'assets/icons-1.js']);
    const reports = file.pages.find((p) => p.path === '/reports/:type')!;
    expect(reports.modules).toEqual(['src/app/layouts/app-layout.tsx', 'src/app/routes/app/reports-page.tsx']);
    expect(reports.scripts).toEqual(['assets/app-layout-1.js', 'assets/first-paint-1.js', 'assets/reports-page-1.js']);
    expect(reports.later).toEqual([{ module: 'src/chart.tsx', scripts: ['assets/chart-1.js'] }]);
    expect(file.pages.find((p) => p.path === '/login')!.scripts).toEqual([
      'assets/public-layout-1.js',
      'assets/login-page-1.js',
    ]);
  });

  it("gives a console page the file the router loads the console's layouts and pages through", () => {
    const file = run();
    expect(file.pages.find((p) => p.path === '/admin/login')!.scripts).toEqual([
      'assets/console-routes-1.js',
      'assets/console-public-layout-1.js',
      'assets/admin-login-page-1.js',
    ]);
    expect(file.pages.find((p) => p.path === '/login')!.scripts).not.toContain('assets/console-routes-1.js');
  });

  it('lists the redirects with their target page, and the catch-all last', () => {
    const file = run();
    expect(file.pages.find((p) => p.path === '/reports')!.scripts).toContain('assets/reports-page-1.js');
    expect(file.pages.at(-1)).toMatchObject({ path: '*', scripts: ['assets/not-found-page-1.js'] });
  });

  it("finds a page whose module is in one of the build's groups by the module, the group's file having no facade", () => {
    const chunks = bundle().map((c) =>
      c.fileName === 'assets/login-page-1.js'
        ? {
            ...c,
            fileName: 'assets/login-page-2.js',
            facadeModuleId: null,
            moduleIds: [...c.moduleIds, `${ROOT}/src/form.tsx`],
          }
        : c,
    );
    expect(pagesFile(ROOT, chunks, graph).pages.find((p) => p.path === '/login')!.scripts).toEqual([
      'assets/public-layout-1.js',
      'assets/login-page-2.js',
    ]);
  });

  it('fails the build when a page of the route table has no chunk', () => {
    const chunks = bundle().filter((c) => c.fileName !== 'assets/login-page-1.js');
    expect(() => pagesFile(ROOT, chunks, graph)).toThrow(
      'route login: no chunk for src/app/routes/auth/login-page.tsx',
    );
  });
});

describe('router paths as patterns', () => {
  const matches = (path: string, url: string) => new RegExp(pathPattern(path), 'i').test(url);
  it('matches what the router matches', () => {
    expect(matches('/', '/')).toBe(true);
    expect(matches('/', '/login')).toBe(false);
    expect(matches('/offers/:id/:type', '/offers/7/details')).toBe(true);
    expect(matches('/offers/:id/:type', '/offers/7')).toBe(false);
    expect(matches('/offers/:id/:type', '/offers/7/details/x')).toBe(false);
    expect(matches('/signup/:referrerId?', '/signup')).toBe(true);
    expect(matches('/signup/:referrerId?', '/signup/abc')).toBe(true);
    expect(matches('/signup/:referrerId?', '/signup/abc/def')).toBe(false);
    expect(matches('/my-offers', '/My-Offers/')).toBe(true);
    expect(matches('/global-pixel-postback', '/global-pixel-postbacks')).toBe(false);
    expect(matches('*', '/anything/at/all')).toBe(true);
  });
});
