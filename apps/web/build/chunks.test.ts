import { describe, expect, it } from 'vitest';
import {
  CONSOLE_LATER,
  firstPaintGroups,
  firstPaintReach,
  firstPaintRoots,
  onDemandGroups,
  SMALL_PAGE,
  SMALL_SHARE,
  type Root,
} from './chunks.ts';

const ROOT = '/repo/apps/web';
const src = (p: string) => `${ROOT}/src/${p}`;

/** A module graph: who imports whom, statically and dynamically, and each module's code size. */
function graphOf(modules: Record<string, { imports?: string[]; lazy?: string[]; size?: number }>) {
  return {
    getModuleInfo: (id: string) => {
      const m = modules[id];
      if (!m) return null;
      return {
        importedIds: m.imports ?? [],
        dynamicallyImportedIds: m.lazy ?? [],
        code: 'x'.repeat(m.size ?? 100),
      } as unknown as ReturnType<Parameters<typeof firstPaintGroups>[1]['getModuleInfo']>;
    },
  };
}

/** Two layouts: `app` with four pages, `public` with two. */
const roots = new Map<string, Root>([
  [src('app/layouts/app-layout.tsx'), { layout: 'app-layout', isLayout: true }],
  [src('a.tsx'), { layout: 'app-layout', isLayout: false }],
  [src('b.tsx'), { layout: 'app-layout', isLayout: false }],
  [src('c.tsx'), { layout: 'app-layout', isLayout: false }],
  [src('d.tsx'), { layout: 'app-layout', isLayout: false }],
  [src('app/layouts/public-layout.tsx'), { layout: 'public-layout', isLayout: true }],
  [src('login.tsx'), { layout: 'public-layout', isLayout: false }],
  [src('signup.tsx'), { layout: 'public-layout', isLayout: false }],
]);

describe('first-paint files from the route table and the module graph', () => {
  const big = SMALL_SHARE;
  const groups = firstPaintGroups(
    roots,
    graphOf({
      [src('app/layouts/app-layout.tsx')]: { imports: [src('header.tsx')], lazy: [src('menu.tsx')] },
      [src('header.tsx')]: { imports: [src('icons.ts')] },
      [src('a.tsx')]: { imports: [src('list.tsx'), src('tabs.tsx'), src('pair.tsx'), src('only-a.tsx')] },
      [src('b.tsx')]: { imports: [src('list.tsx'), src('tabs.tsx'), src('pair.tsx')], lazy: [src('chart.tsx')] },
      [src('c.tsx')]: { imports: [src('list.tsx'), src('tabs.tsx')] },
      [src('d.tsx')]: { imports: [src('field.tsx')] },
      [src('login.tsx')]: { imports: [src('field.tsx'), src('auth.ts')] },
      [src('signup.tsx')]: { imports: [src('auth.ts')] },
      [src('list.tsx')]: { imports: [src('icons.ts')] },
      [src('tabs.tsx')]: { imports: [src('radix-tabs.js')], size: big / 2 },
      [src('radix-tabs.js')]: { size: big / 2 },
      [src('pair.tsx')]: { size: 200 },
      [src('menu.tsx')]: { imports: [src('popper.js')] },
      [src('chart.tsx')]: { imports: [src('popper.js')] },
    }),
  );

  it('puts what the layout and a page import, or most of its pages, in the layout file', () => {
    // Only the layout's: it stays in the layout's own file.
    expect(groups.get(src('header.tsx'))).toBeNull();
    expect(groups.get(src('icons.ts'))).toBe('app-layout-pages');
    expect(groups.get(src('list.tsx'))).toBe('app-layout-pages');
    expect(groups.get(src('auth.ts'))).toBe('public-layout-pages');
  });

  it('puts what pages of both layouts need in common', () => {
    expect(groups.get(src('field.tsx'))).toBe('common');
  });

  it('joins a small share of a few pages to the layout file, and gives a large one a file of its own', () => {
    expect(groups.get(src('pair.tsx'))).toBe('app-layout-pages');
    // Three of four pages is most of them: the layout's.
    expect(groups.get(src('tabs.tsx'))).toBe('app-layout-pages');
  });

  it("leaves what one page needs with it, and what loads on demand to the bundler's on-demand files", () => {
    expect(groups.has(src('only-a.tsx'))).toBe(true);
    expect(groups.get(src('only-a.tsx'))).toBeNull();
    expect(groups.has(src('menu.tsx'))).toBe(false);
    expect(groups.has(src('popper.js'))).toBe(false);
    expect(groups.has(src('chart.tsx'))).toBe(false);
  });

  it('gives a large share of a minority of pages one file of its own', () => {
    const few = firstPaintGroups(
      roots,
      graphOf({
        [src('a.tsx')]: { imports: [src('editor.tsx')] },
        [src('b.tsx')]: { imports: [src('editor.tsx')] },
        [src('editor.tsx')]: { imports: [src('editor-lib.js')], size: big },
        [src('editor-lib.js')]: { size: big },
      }),
    );
    expect(few.get(src('editor.tsx'))).toBe('shared-1');
    expect(few.get(src('editor-lib.js'))).toBe('shared-1');
  });
});

describe("the operator console's layouts and pages", () => {
  const withConsole = new Map<string, Root>([
    ...roots,
    [src('app/layouts/console-layout.tsx'), { layout: 'console-layout', isLayout: true, console: true }],
    [src('overview.tsx'), { layout: 'console-layout', isLayout: false, console: true }],
    [src('operators.tsx'), { layout: 'console-layout', isLayout: false, console: true }],
    [src('app/layouts/console-public-layout.tsx'), { layout: 'console-public-layout', isLayout: true, console: true }],
    [src('console-login.tsx'), { layout: 'console-public-layout', isLayout: false, console: true }],
  ]);
  const groups = firstPaintGroups(
    withConsole,
    graphOf({
      [src('a.tsx')]: { imports: [src('list.tsx')] },
      [src('b.tsx')]: { imports: [src('list.tsx')] },
      [src('d.tsx')]: { imports: [src('field.tsx')] },
      [src('login.tsx')]: { imports: [src('field.tsx')] },
      [src('app/layouts/console-layout.tsx')]: { imports: [src('console-api.ts')] },
      [src('overview.tsx')]: { imports: [src('list.tsx'), src('field.tsx'), src('console-table.tsx')] },
      [src('operators.tsx')]: { imports: [src('console-table.tsx')] },
      [src('console-login.tsx')]: { imports: [src('field.tsx'), src('console-api.ts')] },
    }),
  );

  it('leave what the publisher side needs where it was', () => {
    expect(groups.get(src('list.tsx'))).toBe('app-layout-pages');
    expect(groups.get(src('field.tsx'))).toBe('common');
  });

  it('share their own code apart from the publisher pages', () => {
    expect(groups.get(src('console-table.tsx'))).toBe('console-layout-pages');
    expect(groups.get(src('console-api.ts'))).toBe('console-common');
  });

  it("keep out of the console's files what a publisher page may load on demand", () => {
    const onDemand = firstPaintGroups(
      withConsole,
      graphOf({
        [src('app/layouts/console-layout.tsx')]: { imports: [src('icon.ts'), src('console-api.ts')] },
        [src('console-login.tsx')]: { imports: [src('code-form.tsx'), src('console-api.ts')] },
        [src('code-form.tsx')]: { imports: [src('icon.ts')] },
        [src('login.tsx')]: { lazy: [src('code-form.tsx')] },
      }),
    );
    expect(onDemand.get(src('console-api.ts'))).toBe('console-common');
    expect(onDemand.get(src('icon.ts'))).toBeNull();
    expect(onDemand.get(src('code-form.tsx'))).toBeNull();
  });

  describe('sharing what one publisher page needs', () => {
    const shared = firstPaintGroups(
      withConsole,
      graphOf({
        [src('login.tsx')]: { imports: [src('login-form.tsx'), src('only-login.ts')] },
        [src('console-login.tsx')]: { imports: [src('login-form.tsx')] },
        [src('login-form.tsx')]: { imports: [src('icon.ts')] },
        [src('app/layouts/console-layout.tsx')]: { imports: [src('icon.ts')] },
        [src('a.tsx')]: { imports: [src('editor.tsx')], size: SMALL_PAGE + 1 },
        [src('operators.tsx')]: { imports: [src('editor.tsx')] },
      }),
    );

    it("keep it in a small page's own file, with the page and what only it needs: no file more for the page", () => {
      expect(shared.get(src('login.tsx'))).toBe('login');
      expect(shared.get(src('login-form.tsx'))).toBe('login');
      expect(shared.get(src('only-login.ts'))).toBe('login');
    });

    it("leave to the bundler what a console layout needs too, and a larger page's code", () => {
      expect(shared.get(src('icon.ts'))).toBeNull();
      expect(shared.get(src('editor.tsx'))).toBeNull();
      expect(shared.has(src('a.tsx'))).toBe(false);
    });
  });
});

describe('the roots', () => {
  it("are the route table's pages and layouts, each with its layout", () => {
    const r = firstPaintRoots(ROOT);
    expect(r.get(src('app/routes/app/dashboard-page.tsx'))).toEqual({ layout: 'app-layout', isLayout: false });
    expect(r.get(src('app/layouts/app-layout.tsx'))).toEqual({ layout: 'app-layout', isLayout: true });
    expect(r.get(src('app/routes/auth/select-account-page.tsx'))).toEqual({ layout: 'public-layout', isLayout: false });
    expect(r.get(src('app/routes/errors/not-found-page.tsx'))).toEqual({ layout: 'none', isLayout: false });
  });
});

/** A module graph with each module's importers, as the bundler gives them. */
function graphWithImporters(modules: Record<string, { imports?: string[]; lazy?: string[] }>) {
  const importers = new Map<string, string[]>();
  const dynamicImporters = new Map<string, string[]>();
  for (const [id, m] of Object.entries(modules)) {
    for (const i of m.imports ?? []) importers.set(i, [...(importers.get(i) ?? []), id]);
    for (const i of m.lazy ?? []) dynamicImporters.set(i, [...(dynamicImporters.get(i) ?? []), id]);
  }
  return {
    getModuleInfo: (id: string) =>
      ({
        id,
        importedIds: modules[id]?.imports ?? [],
        dynamicallyImportedIds: modules[id]?.lazy ?? [],
        importers: importers.get(id) ?? [],
        dynamicImporters: dynamicImporters.get(id) ?? [],
        code: 'x'.repeat(100),
      }) as unknown as ReturnType<Parameters<typeof firstPaintGroups>[1]['getModuleInfo']>,
  };
}

describe('on-demand files', () => {
  const graph = graphWithImporters({
    [src('app/layouts/app-layout.tsx')]: { lazy: [src('menu.tsx')] },
    [src('a.tsx')]: { lazy: [src('chart.tsx'), src('dialog.tsx')] },
    [src('b.tsx')]: { lazy: [src('pie.tsx')] },
    [src('menu.tsx')]: { imports: [src('popper.js')] },
    [src('chart.tsx')]: { imports: [src('scale.js')] },
    [src('pie.tsx')]: { imports: [src('scale.js')] },
    [src('dialog.tsx')]: { imports: [src('form.js'), src('tooltip.js')] },
    [src('c.tsx')]: { lazy: [src('other-dialog.tsx')] },
    [src('other-dialog.tsx')]: { imports: [src('form.js'), src('tooltip.js')] },
    [src('tooltip.js')]: { imports: [src('popper.js')] },
  });
  const reach = firstPaintReach(roots, graph);
  const firstPaint = firstPaintGroups(roots, graph, reach);
  const place = onDemandGroups(roots, firstPaint, (id) => reach.get(id) ?? new Set(), graph);

  it("puts what a layout's part needs in `later`", () => {
    expect(place(src('popper.js'))).toBe('later');
  });

  it("gives what only pages' parts share a file of its own: a chart does not bring the menus' code", () => {
    expect(place(src('scale.js'))).toMatch(/^later-\d+$/);
  });

  it('keeps in `later` what would import `later` anyway', () => {
    // The dialogs' tooltip needs the menus' popper: a file of its own would load `later` too.
    expect(place(src('tooltip.js'))).toBe('later');
    expect(place(src('form.js'))).toBe('later');
  });
});

describe("the console's on-demand files", () => {
  const withConsole = new Map<string, Root>([
    ...roots,
    [src('app/layouts/console-layout.tsx'), { layout: 'console-layout', isLayout: true, console: true }],
    [src('conversions.tsx'), { layout: 'console-layout', isLayout: false, console: true }],
    [src('invoices.tsx'), { layout: 'console-layout', isLayout: false, console: true }],
  ]);
  const graph = graphWithImporters({
    [src('app/layouts/app-layout.tsx')]: { lazy: [src('menu.tsx')] },
    [src('a.tsx')]: { lazy: [src('dialog.tsx')] },
    [src('menu.tsx')]: { imports: [src('modal.tsx')] },
    [src('dialog.tsx')]: { imports: [src('modal.tsx')] },
    [src('conversions.tsx')]: { lazy: [src('reverse-dialog.tsx')] },
    [src('invoices.tsx')]: { lazy: [src('void-dialog.tsx')] },
    [src('reverse-dialog.tsx')]: { imports: [src('reason-dialog.tsx')] },
    [src('void-dialog.tsx')]: { imports: [src('reason-dialog.tsx')] },
    [src('reason-dialog.tsx')]: { imports: [src('modal.tsx'), src('console-problems.ts')] },
  });
  const reach = firstPaintReach(withConsole, graph);
  const firstPaint = firstPaintGroups(withConsole, graph, reach);
  const place = onDemandGroups(withConsole, firstPaint, (id) => reach.get(id) ?? new Set(), graph);

  it('keeps what only console dialogs share out of `later`, though it imports `later`', () => {
    expect(place(src('modal.tsx'))).toBe('later');
    expect(place(src('reason-dialog.tsx'))).toBe(CONSOLE_LATER);
    expect(place(src('console-problems.ts'))).toBe(CONSOLE_LATER);
  });
});
