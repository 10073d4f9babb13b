import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

/**
 * The web build's JavaScript by route, gzipped at level 9 as apps/web/scripts/check-size.mjs
 * measures it, from the build's .vite/manifest.json.
 */
interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface RouteWeight {
  /** Manifest key, e.g. src/app/routes/app/dashboard-page.tsx. */
  key: string;
  /** Its chunk and the chunks only it (and its neighbours) import: what the build output lists. */
  beyondEntry: number;
}

export interface OpenWeight {
  route: string;
  /** Entry, app layout and route module with all their static imports: what opening the route cold loads. */
  total: number;
  files: number;
  /** Modules imported on demand (a chart, a panel) by the entry, the layout or the route, not in total. */
  lazy: LazyModule[];
  /** Bytes of what the route module itself imports on demand (its chart, say). */
  lazyOfRoute: number;
  /** Bytes of everything any of them imports on demand. */
  lazyAll: number;
  /**
   * Bytes of what they import on demand except what only the header opens on any page (a
   * notification's side panel, a login link's prompt): the chart, the pickers and menus drawn as
   * stand-ins first. With `total`, the page's JavaScript as apps/web/scripts/check-size.mjs budgets it.
   */
  lazyOfPage: number;
}

/** The route table's page and layout modules (apps/web/src/config/paths.ts). */
const ROUTE_MODULE = /src\/app\/(routes\/.+|layouts\/[\w-]+-layout)\.tsx$/;

/** On-demand modules of the header, not of the page under it (as check-size.mjs has them). */
const HEADER_ONLY = /(notification-panel-body|switch-account-prompt)\.tsx$/;

export interface LazyModule {
  module: string;
  /** The manifest key (entry, layout or route module) whose imports reach it first. */
  from: string;
  /** Its chunks not already loaded with the route. */
  files: string[];
  bytes: number;
}

export class BuildManifest {
  private readonly manifest: Record<string, Chunk>;
  private readonly sizes = new Map<string, number>();
  readonly entryKey: string;

  constructor(readonly dist: string) {
    const file = path.join(dist, '.vite/manifest.json');
    this.manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Chunk>;
    const entry = Object.keys(this.manifest).find((k) => this.manifest[k]!.isEntry);
    if (!entry) throw new Error(`no entry chunk in ${file}`);
    this.entryKey = entry;
  }

  /** Gzipped bytes of a built file (relative to dist). */
  gz(file: string): number {
    let n = this.sizes.get(file);
    if (n === undefined) {
      const p = path.join(this.dist, file);
      n = fs.existsSync(p) ? zlib.gzipSync(fs.readFileSync(p), { level: 9 }).length : 0;
      this.sizes.set(file, n);
    }
    return n;
  }

  private collect(key: string, into: Set<string>) {
    const chunk = this.manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imp of chunk.imports ?? []) this.collect(imp, into);
  }

  private sum(files: Iterable<string>) {
    let total = 0;
    for (const f of files) if (f.endsWith('.js')) total += this.gz(f);
    return total;
  }

  /** Every route and layout module, as check-size.mjs lists them. */
  routes(): RouteWeight[] {
    const entryFiles = new Set<string>();
    this.collect(this.entryKey, entryFiles);
    return Object.keys(this.manifest)
      .filter((k) => ROUTE_MODULE.test(k))
      .sort()
      .map((key) => {
        const files = new Set<string>();
        this.collect(key, files);
        return { key, beyondEntry: this.sum([...files].filter((f) => !entryFiles.has(f))) };
      });
  }

  /** Files reachable on demand from the chain (not through the header-only modules), beyond `loaded`. */
  private lazyFiles(chain: string[], loaded: Set<string>): Set<string> {
    const out = new Set<string>();
    const seen = new Set<string>();
    const walk = (key: string, lazy: boolean) => {
      const chunk = this.manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      if (lazy && !loaded.has(chunk.file)) out.add(chunk.file);
      for (const imp of chunk.imports ?? []) walk(imp, lazy);
      if (key === this.entryKey) return;
      for (const dyn of chunk.dynamicImports ?? [])
        if (!ROUTE_MODULE.test(dyn) && !HEADER_ONLY.test(dyn)) walk(dyn, true);
    };
    for (const k of chain) walk(k, false);
    return out;
  }

  /** What opening a route of the logged-in app loads: the entry, the app layout and the route's module. */
  open(route: string, moduleKey: string): OpenWeight | null {
    if (!this.manifest[moduleKey]) return null;
    const chain = [this.entryKey, 'src/app/layouts/app-layout.tsx', moduleKey];
    const files = new Set<string>();
    for (const k of chain) this.collect(k, files);
    // Each module imported on demand, attributed to the first of entry, layout, route that reaches it.
    const lazy: LazyModule[] = [];
    const seen = new Set<string>();
    const visit = (key: string, from: string) => {
      const chunk = this.manifest[key];
      if (!chunk || seen.has(key)) return;
      seen.add(key);
      for (const imp of chunk.imports ?? []) visit(imp, from);
      // The entry's dynamic imports are the route modules themselves, not anyone's lazy parts.
      if (key === this.entryKey) return;
      for (const dyn of chunk.dynamicImports ?? []) {
        if (seen.has(dyn)) continue;
        const sub = new Set<string>();
        this.collect(dyn, sub);
        const own = [...sub].filter((f) => !files.has(f));
        lazy.push({ module: dyn, from, files: own, bytes: this.sum(own) });
        visit(dyn, from);
      }
    };
    for (const k of chain) visit(k, k);
    const union = (list: LazyModule[]) => this.sum(new Set(list.flatMap((l) => l.files)));
    const js = [...files].filter((f) => f.endsWith('.js'));
    return {
      route,
      total: this.sum(js),
      files: js.length,
      lazy,
      lazyOfRoute: union(lazy.filter((l) => l.from === moduleKey)),
      lazyAll: union(lazy),
      lazyOfPage: this.sum(this.lazyFiles(chain, files)),
    };
  }
}

export const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;
