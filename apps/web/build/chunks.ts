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
 * Which layouts and pages need each module at first paint (what they import, directly or through
 * other modules, never through a dynamic import). A module the publisher side needs counts as the
 * publisher side's only.
 */
export function firstPaintReach(
  roots: Map<string, Root>,
  graph: Graph,
  { publisherFirst = true }: { publisherFirst?: boolean } = {},
): Map<string, Set<string>> {
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
  if (!publisherFirst) return reach;
  // Who counts for a module: the publisher side when it needs it, else the console.
  for (const [id, from] of reach) {
    const publisher = new Set([...from].filter((r) => !roots.get(r)!.console));
    if (publisher.size > 0 && publisher.size < from.size) reach.set(id, publisher);
  }
  return reach;
}

/**
 * Below this much code (bytes before minifying), what a few pages share joins their layout's file:
 * a file of its own would cost each of them a round trip for little (measured: at 20,000 the
 * reports page's first paint took 7 files; at 80,000 the tabs of three pages join the dashboard's
 * first paint, 8.7 kB more).
 */
export const SMALL_SHARE = 50_000;

/**
 * Up to this much code of its own (bytes before minifying), a publisher page whose code console
 * pages share keeps the shared code in its file, which those console pages then load
 * (firstPaintGroups): the log-in page is one.
 */
export const SMALL_PAGE = 20_000;

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
export function firstPaintGroups(
  roots: Map<string, Root>,
  graph: Graph,
  reach: Map<string, Set<string>> = firstPaintReach(roots, graph),
): Map<string, string | null> {
  const pages = new Map<string, number>();
  for (const r of roots.values()) if (!r.isLayout) pages.set(r.layout, (pages.get(r.layout) ?? 0) + 1);
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
  // What only the console needs at first paint but a publisher page may load on demand (the
  // two-factor code step, the profile's two-factor tab: their forms are the console's too) stays out
  // of the console's files, which a publisher page never loads: the bundler gives it its own.
  const publisherMayLoad = new Set<string>();
  const stack = [...roots].filter(([, r]) => !r.console).map(([id]) => id);
  while (stack.length) {
    const id = stack.pop()!;
    if (publisherMayLoad.has(id)) continue;
    publisherMayLoad.add(id);
    const info = graph.getModuleInfo(id);
    for (const next of [...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? [])])
      if (!roots.has(next)) stack.push(next);
  }
  for (const [id, from] of reach)
    if (publisherMayLoad.has(id) && [...from].every((r) => roots.get(r)!.console)) groups.set(id, null);
  // What a small publisher page needs and console pages need too (the log-in form both sides show)
  // stays in the page's own file: the page and all it alone needs form one group, which those
  // console pages load. Left to itself, the bundler would give what they share a file of its own,
  // one more for the publisher page to load. Not so for a larger page, whose file would cost the
  // console pages more than the extra file costs the publisher page, nor for what a console layout
  // needs, which every console page would then load the page's file for.
  const everyone = firstPaintReach(roots, graph, { publisherFirst: false });
  const size = (id: string) => graph.getModuleInfo(id)?.code?.length ?? 0;
  const own = new Map<string, number>();
  const sharedBy = new Map<string, string>();
  for (const [id, from] of reach) {
    const [only] = from;
    const r = from.size === 1 ? roots.get(only!)! : null;
    if (!r || r.console || r.isLayout) continue;
    own.set(only!, (own.get(only!) ?? size(only!)) + size(id));
    const others = [...(everyone.get(id) ?? [])].filter((o) => o !== only);
    if (others.length > 0 && others.every((o) => !roots.get(o)!.isLayout)) sharedBy.set(id, only!);
  }
  const pagesSharing = new Set([...sharedBy.values()].filter((page) => (own.get(page) ?? 0) <= SMALL_PAGE));
  for (const [id, from] of reach) {
    const [only] = from;
    const alone = everyone.get(id)?.size === 1;
    if (from.size === 1 && pagesSharing.has(only!) && (alone || sharedBy.has(id))) groups.set(id, ownFile(only!));
  }
  for (const page of pagesSharing) groups.set(page, ownFile(page));
  // What only one layout or page needs stays with it (the bundler's own placement).
  for (const id of reach.keys()) if (!groups.has(id)) groups.set(id, null);
  return groups;
}

/** A layout's or page's own file, by its module's name (`login-page`). */
const ownFile = (rootId: string) => path.basename(rootId).replace(/\.[jt]sx?$/, '');

/**
 * Which on-demand file a module loaded on demand goes to: `later` when a layout's part (a menu,
 * a picker, a panel) loads it, since any page may open one; else `later-N`, one file per set of
 * the pages' parts that share it (charts, a page's dialogs), unless that file would import `later`. A page opening its chart then loads the chart's libraries, not every
 * menu's and dialog's (measured: the reports page's chart brought 54.6 kB with the menus' file,
 * 19.1 kB without).
 *
 * An on-demand part is a module imported dynamically; a module belongs to the parts that import it
 * statically, directly or through other modules. A part is the layout's when a layout (or what a
 * layout needs at first paint, or another part) imports it; else it is the pages' that import it.
 *
 * What only the operator console's pages' parts share goes to `console-later`, even though it
 * imports `later`: a publisher page that opens a menu never loads the console's code.
 */
/** What only the console's pages' on-demand parts share (their dialogs' common pieces). */
export const CONSOLE_LATER = 'console-later';

export function onDemandGroups(
  roots: Map<string, Root>,
  firstPaint: Map<string, string | null>,
  reachedBy: (id: string) => ReadonlySet<string>,
  graph: Graph,
): (id: string) => string {
  const byLoaders = new Map<string, string>();
  const memo = new Map<string, string>();
  /** The pages whose first-paint code imports this part, or null when a layout's code or another part does. */
  const loaders = (part: string): string[] | null => {
    const found: string[] = [];
    for (const importer of graph.getModuleInfo(part)?.dynamicImporters ?? []) {
      const users = roots.has(importer) ? new Set([importer]) : firstPaint.has(importer) ? reachedBy(importer) : null;
      if (!users) return null;
      for (const u of users) {
        if (roots.get(u)!.isLayout) return null;
        found.push(u);
      }
    }
    return found;
  };
  const place = (id: string): string => {
    const known = memo.get(id);
    if (known) return known;
    // The parts this module belongs to: walk its static importers up to the modules imported dynamically.
    const parts = new Set<string>();
    let layouts = false;
    const seen = new Set<string>();
    const stack = [id];
    while (stack.length && !layouts) {
      const m = stack.pop()!;
      if (seen.has(m) || firstPaint.has(m) || roots.has(m)) continue;
      seen.add(m);
      const info = graph.getModuleInfo(m);
      if (info?.dynamicImporters.length) {
        if (loaders(m) === null) layouts = true;
        else parts.add(m);
      }
      for (const importer of info?.importers ?? []) stack.push(importer);
    }
    let name = 'later';
    if (!layouts && parts.size > 0) {
      const key = [...parts].sort().join('|');
      // What only the console's pages' parts share: one console file, never the publisher side's.
      const consoleOnly = [...parts].every((p) => loaders(p)!.every((u) => roots.get(u)!.console));
      name = consoleOnly ? CONSOLE_LATER : (byLoaders.get(key) ?? `later-${byLoaders.size + 1}`);
      if (!consoleOnly) byLoaders.set(key, name);
    }
    memo.set(id, name);
    return name;
  };
  // A file of its own only where it pays: not when it imports `later` (loading it would load
  // `later` anyway, and apart the two compress worse).
  const importsLater = new Set<string>();
  const onDemand: string[] = [];
  const seen = new Set<string>();
  const stack = [...roots.keys()];
  while (stack.length) {
    const m = stack.pop()!;
    if (seen.has(m)) continue;
    seen.add(m);
    const info = graph.getModuleInfo(m);
    if (!info) continue;
    if (!firstPaint.has(m) && !roots.has(m)) {
      onDemand.push(m);
    }
    stack.push(...info.importedIds, ...info.dynamicallyImportedIds);
  }
  const merged = new Set(['later']);
  for (let changed = true; changed;) {
    changed = false;
    for (const m of onDemand) {
      const name = place(m);
      if (merged.has(name) || importsLater.has(name) || name === CONSOLE_LATER) continue;
      const deps = graph.getModuleInfo(m)?.importedIds ?? [];
      if (deps.some((d) => !firstPaint.has(d) && !roots.has(d) && merged.has(place(d)))) {
        importsLater.add(name);
        merged.add(name);
        changed = true;
      }
    }
  }
  return (id) => (merged.has(place(id)) ? 'later' : place(id));
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
 *   the one thing that loads it, or, when several share it, in one `later` file for what the
 *   layouts' parts share (the first menu or picker opened loads what the others need too: fewer,
 *   larger files cost less than one per combination of them, each compressed apart) and one
 *   `later-N` file per set of pages for what only their own parts share (onDemandGroups), so a
 *   page's chart does not bring every menu's code.
 *
 * A module's group follows from who imports it (its importers' users are its users too), so a
 * shared file never imports a page's, and a first-paint file never imports an on-demand one.
 */
export function chunkGroups(root: string): Rolldown.CodeSplittingGroup[] {
  const roots = firstPaintRoots(root);
  // The graph is read once, on the first module asked about.
  let plan: { groups: Map<string, string | null>; later: (id: string) => string } | null = null;
  const planOf = (ctx: Graph) => {
    if (plan) return plan;
    const reach = firstPaintReach(roots, ctx);
    const groups = firstPaintGroups(roots, ctx, reach);
    const none: ReadonlySet<string> = new Set();
    return (plan = { groups, later: onDemandGroups(roots, groups, (id) => reach.get(id) ?? none, ctx) });
  };
  const firstPaint = (id: string, ctx: Graph) => planOf(ctx).groups.get(id) ?? null;
  // Not imported statically by any layout or page: on demand.
  const onDemand = (id: string, ctx: Graph) => (planOf(ctx).groups.has(id) ? null : planOf(ctx).later(id));
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
