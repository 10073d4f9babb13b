import path from 'node:path';
import type { Rolldown } from 'vite';
import { LAYOUTS, ROUTES, type PageRoute } from '../src/config/paths.ts';
import { layoutModule, pageModule } from './page-scripts.ts';

type Graph = Pick<Rolldown.ChunkingContext, 'getModuleInfo'>;

/** A first-paint root of the route table: a layout's module or a page's, and the layout it belongs to. */
export interface Root {
  layout: string;
  isLayout: boolean;
  /** A layout or page of the operator console (src/config/paths.ts LAYOUTS). */
  console?: boolean;
}

/** The layouts and pages of the route table (src/config/paths.ts), as module ids under `root`. */
export function firstPaintRoots(root: string): Map<string, Root> {
  const roots = new Map<string, Root>();
  for (const route of Object.values(ROUTES) as PageRoute[]) {
    const layout = route.layout ? LAYOUTS[route.layout].module : 'none';
    const isConsole = route.layout ? LAYOUTS[route.layout].console : false;
    const side = isConsole ? { console: true } : {};
    roots.set(path.resolve(root, pageModule(route)), { layout, isLayout: false, ...side });
    const own = layoutModule(route);
    if (own) roots.set(path.resolve(root, own), { layout, isLayout: true, ...side });
  }
  return roots;
}

/**
 * Below this much code (bytes before minifying), what a few pages share joins their layout's file:
 * a file of its own would cost each of them a round trip for little (measured: at 20,000 the
 * reports page's first paint took 7 files; at 80,000 the tabs of three pages join the dashboard's
 * first paint, 8.7 kB more).
 */
export const SMALL_SHARE = 50_000;

/**
 * Which first-paint file each module a layout or page imports goes to: 'app-layout-pages',
 * 'public-layout-pages', 'common', 'shared-N' for what a few pages share, or null for what only one
 * needs (it stays in that one's file); a module not in the map loads only on demand.
 *
 * What a layout or a page needs at first paint is what it imports, directly or through other
 * modules, never through a dynamic import. A module two or more of them need joins its layout's
 * file when the layout is one of them, when most of the layout's pages (more than half) are, or
 * when what exactly these pages share is under SMALL_SHARE of code; else these pages share a
 * file of their own. What pages of two layouts need joins `common`.
 *
 * The operator console's layouts and pages count only for what no publisher layout or page needs:
 * a module the publisher side needs is placed as if the console did not exist (the console's pages
 * load it from the publisher side's files), so the console adds nothing to a publisher page; what
 * both console layouts need joins `console-common`.
 */
export function firstPaintGroups(roots: Map<string, Root>, graph: Graph): Map<string, string | null> {
  const pages = new Map<string, number>();
  for (const r of roots.values()) if (!r.isLayout) pages.set(r.layout, (pages.get(r.layout) ?? 0) + 1);
  const reach = new Map<string, Set<string>>();
  for (const [rootId] of roots) {
    const seen = new Set<string>();
    const stack = [rootId];
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      for (const next of graph.getModuleInfo(id)?.importedIds ?? []) if (!roots.has(next)) stack.push(next);
    }
    seen.delete(rootId);
    for (const id of seen) (reach.get(id) ?? reach.set(id, new Set()).get(id)!).add(rootId);
  }
  // Who counts for a module: the publisher side when it needs it, else the console.
  for (const [id, from] of reach) {
    const publisher = new Set([...from].filter((r) => !roots.get(r)!.console));
    if (publisher.size > 0 && publisher.size < from.size) reach.set(id, publisher);
  }
  // The code each set of sharers shares.
  const keyOf = (from: Set<string>) => [...from].sort().join('|');
  const shared = new Map<string, number>();
  for (const [id, from] of reach) {
    if (from.size < 2) continue;
    const key = keyOf(from);
    shared.set(key, (shared.get(key) ?? 0) + (graph.getModuleInfo(id)?.code?.length ?? 0));
  }
  const groups = new Map<string, string | null>();
  const names = new Map<string, string>();
  for (const [id, from] of reach) {
    if (from.size < 2) continue;
    const byLayout = new Map<string, { layout: boolean; pages: number }>();
    for (const rootId of from) {
      const r = roots.get(rootId)!;
      const e = byLayout.get(r.layout) ?? { layout: false, pages: 0 };
      if (r.isLayout) e.layout = true;
      else e.pages += 1;
      byLayout.set(r.layout, e);
    }
    const needs = [...byLayout].some(
      ([layout, e]) => e.layout || (e.pages >= 2 && e.pages > (pages.get(layout) ?? 0) / 2),
    );
    const key = keyOf(from);
    if (!needs && (shared.get(key) ?? 0) >= SMALL_SHARE) {
      // One file for what these few pages share, whoever else loads it later.
      names.set(key, names.get(key) ?? `shared-${names.size + 1}`);
      groups.set(id, names.get(key)!);
    } else if (byLayout.size === 1) groups.set(id, `${[...byLayout.keys()][0]}-pages`);
    // What the console's layouts share stays out of the publisher side's `common`.
    else groups.set(id, [...from].every((r) => roots.get(r)!.console) ? 'console-common' : 'common');
  }
  // What only one layout or page needs stays with it (the bundler's own placement).
  for (const id of reach.keys()) if (!groups.has(id)) groups.set(id, null);
  return groups;
}

/**
 * The build's chunks, from the route table and the bundler's graph (vite.config.ts):
 *
 * - the entry and what it imports statically: one file;
 * - each layout and each page: a file of its own with what only it needs;
 * - what two or more pages (or a layout and a page) of one layout need at first paint: one file
 *   per layout (`app-layout-pages`, `public-layout-pages`), so a page's first paint is a handful
 *   of files whatever it imports; what pages of both layouts need: `common`;
 * - what loads on demand (menus, pickers, dialogs, charts), no page importing it statically: with
 *   the one thing that loads it, or, when several share it, in one `later` file (the first menu
 *   or picker opened loads what the others need too: fewer, larger files cost less than one per
 *   combination of them, each compressed apart).
 *
 * A module's group follows from who imports it (its importers' users are its users too), so a
 * shared file never imports a page's, and a first-paint file never imports an on-demand one.
 */
export function chunkGroups(root: string): Rolldown.CodeSplittingGroup[] {
  const roots = firstPaintRoots(root);
  // The graph is read once, on the first module asked about.
  let groups: Map<string, string | null> | null = null;
  const groupsOf = (ctx: Graph) => (groups ??= firstPaintGroups(roots, ctx));
  const firstPaint = (id: string, ctx: Graph) => groupsOf(ctx).get(id) ?? null;
  // Not imported statically by any layout or page: on demand.
  const onDemand = (id: string, ctx: Graph) => (groupsOf(ctx).has(id) ? null : 'later');
  return [
    { name: 'app', tags: ['$initial'], priority: 3 },
    // Its modules' imports are placed by the same rule (a module's users are its imports' users too),
    // not pulled into whichever group the bundler makes first.
    { name: firstPaint, debugName: 'first paint', priority: 2, includeDependenciesRecursively: false },
    // What several on-demand parts share (menus, pickers and dialogs share Radix, floating-ui,
    // the calendar): one file. A file per set of pages that may load it was measured too: 2.0 kB
    // more for the reports page, its files compressed apart.
    { name: onDemand, debugName: 'on demand', priority: 1, minShareCount: 2, includeDependenciesRecursively: false },
  ];
}
