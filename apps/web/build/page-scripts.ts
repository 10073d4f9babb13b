import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { LAYOUTS, REDIRECTS, ROUTES, type PageRoute, type RouteName } from '../src/config/paths.ts';

/** What the build writes to `dist/.vite/pages.json`: each page's scripts, for preloading and size checks. */
export interface PagesFile {
  /** The entry's scripts (index.html loads them). */
  entry: string[];
  /** In the order a request's path is tried; the catch-all last. */
  pages: {
    route: RouteName;
    /** The route's path as the router writes it, and as a regular expression (case-insensitive). */
    path: string;
    pattern: string;
    /** Build-relative ids of its layout's module and its page's module. */
    modules: string[];
    /**
     * The scripts its layout and page import statically, beyond the entry's (and for the console's,
     * the file the router loads them through): what its first paint loads.
     */
    scripts: string[];
    /**
     * What it may load on demand: each module its layout and page import dynamically (directly or
     * through modules they reach; other pages not included), with the scripts loading it adds.
     */
    later: { module: string; scripts: string[] }[];
  }[];
}

/** A router path (`/offers/:id/:type`, `/signup/:referrerId?`, `*`) as a regular expression. */
export function pathPattern(routePath: string): string {
  if (routePath === '*') return '^/.*$';
  const body = routePath
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:\w+(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      return param[1] ? '(?:/[^/]+)?' : '/[^/]+';
    })
    .join('');
  return `^${body}/?$`;
}

export const pageModule = (route: PageRoute) => `src/app/routes/${route.page}.tsx`;
export const layoutModule = (route: PageRoute) =>
  route.layout ? `src/app/layouts/${LAYOUTS[route.layout].module}.tsx` : null;
/** The file the router loads the operator console's layouts and pages through (app/router.tsx). */
export const CONSOLE_ROUTES_MODULE = 'src/app/console-routes.ts';

/** The part of a bundle's chunk read here. */
export type BundleChunk = Pick<
  Rolldown.OutputChunk,
  'fileName' | 'facadeModuleId' | 'imports' | 'dynamicImports' | 'isEntry' | 'moduleIds'
>;

/** The module graph as the bundler has it. */
export type ModuleGraph = (id: string) => Pick<Rolldown.ModuleInfo, 'importedIds' | 'dynamicallyImportedIds'> | null;

/**
 * The page list from the route table (src/config/paths.ts) and the bundle's own import graph: for
 * every page and redirect, the scripts its first paint loads. `root` is the directory module ids
 * are made relative to (the web app's).
 */
export function pagesFile(root: string, chunks: BundleChunk[], graph: ModuleGraph): PagesFile {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOf = new Map(chunks.flatMap((c) => c.moduleIds.map((id) => [id, c.fileName] as const)));
  const rel = (id: string) => path.relative(root, id).split(path.sep).join('/');
  const routeModules = new Set(
    (Object.values(ROUTES) as PageRoute[]).flatMap((r) => [layoutModule(r), pageModule(r)]).filter((m) => m !== null),
  );
  const byModule = new Map(
    chunks.flatMap((c) =>
      c.facadeModuleId ? [[path.relative(root, c.facadeModuleId).split(path.sep).join('/'), c] as const] : [],
    ),
  );
  const closure = (files: string[], into = new Set<string>()) => {
    for (const file of files) {
      if (into.has(file)) continue;
      into.add(file);
      closure(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const entry = closure(chunks.filter((c) => c.isEntry).map((c) => c.fileName));
  const page = (name: RouteName, routePath: string): PagesFile['pages'][number] => {
    const route: PageRoute = ROUTES[name];
    const modules = [layoutModule(route), pageModule(route)].filter((m): m is string => m !== null);
    const loader = route.layout && LAYOUTS[route.layout].console ? [CONSOLE_ROUTES_MODULE] : [];
    const files = [...loader, ...modules].map((m) => {
      // A page whose file is a group of the build's (build/chunks.ts) is that file's module, not its facade.
      const file = byModule.get(m)?.fileName ?? chunkOf.get(path.resolve(root, m));
      if (!file) throw new Error(`route ${name}: no chunk for ${m}`);
      return file;
    });
    const first = closure(files);
    const scripts = [...first].filter((f) => f.endsWith('.js') && !entry.has(f));
    // Every module the layout and page reach, through any import, without entering another page.
    const later: PagesFile['pages'][number]['later'] = [];
    const seen = new Set<string>();
    const stack = modules.map((m) => path.resolve(root, m));
    while (stack.length) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      const info = graph(id);
      if (!info) continue;
      stack.push(...info.importedIds);
      for (const target of info.dynamicallyImportedIds) {
        if (routeModules.has(rel(target)) || seen.has(target)) continue;
        const file = chunkOf.get(target);
        const needs = file
          ? [...closure([file])].filter((f) => f.endsWith('.js') && !entry.has(f) && !first.has(f))
          : [];
        later.push({ module: rel(target), scripts: needs });
        stack.push(target);
      }
    }
    return { route: name, path: routePath, pattern: pathPattern(routePath), modules, scripts, later };
  };
  const names = Object.keys(ROUTES) as RouteName[];
  const isCatchAll = (name: RouteName) => ROUTES[name].path === '*';
  return {
    entry: [...entry].filter((f) => f.endsWith('.js')),
    pages: [
      ...names.filter((n) => !isCatchAll(n)).map((n) => page(n, ROUTES[n].path)),
      ...REDIRECTS.map((r) => page(r.to, r.path)),
      ...names.filter(isCatchAll).map((n) => page(n, ROUTES[n].path)),
    ],
  };
}

/**
 * Writes the page list to `.vite/pages.json`, beside the manifest: the server preloads a page's
 * scripts from it (apps/server/src/plugins/web-preload.ts), the size check reads it
 * (scripts/check-size.mjs).
 */
export function pageScripts(): Plugin {
  let root = '';
  return {
    name: 'portal:page-scripts',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((o) => (o.type === 'chunk' ? [o] : []));
      const file = pagesFile(root, chunks, (id) => this.getModuleInfo(id));
      this.emitFile({ type: 'asset', fileName: '.vite/pages.json', source: `${JSON.stringify(file, null, 2)}\n` });
    },
  };
}
