import fs from 'node:fs';
import path from 'node:path';

/** A chunk of the web build's manifest (apps/web/dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

const APP = 'src/app/layouts/app-layout.tsx';
const PUBLIC = 'src/app/layouts/public-layout.tsx';
const page = (name: string) => `src/app/routes/${name}.tsx`;

/**
 * The client router's pages (apps/web/src/app/router.tsx) by path: the layout and route modules
 * the router loads for them once the entry has run. Preloaded from the HTML, their chunks arrive
 * with the entry instead of one round trip after it.
 */
const PAGES: { path: RegExp; modules: string[] }[] = [
  { path: /^\/$/, modules: [APP, page('app/dashboard-page')] },
  { path: /^\/reports\/[^/]+$/, modules: [APP, page('app/reports-page')] },
  { path: /^\/my-offers$/, modules: [APP, page('app/my-offers-page')] },
  { path: /^\/offers\/[^/]+\/[^/]+$/, modules: [APP, page('app/offer-page')] },
  { path: /^\/profile\/[^/]+$/, modules: [APP, page('app/profile-page')] },
  { path: /^\/notifications$/, modules: [APP, page('app/notifications-page')] },
  { path: /^\/global-pixel-postback$/, modules: [APP, page('app/global-postbacks-page')] },
  { path: /^\/invoices$/, modules: [APP, page('app/invoices-page')] },
  { path: /^\/invoices\/[^/]+$/, modules: [APP, page('app/invoice-page')] },
  { path: /^\/login$/, modules: [PUBLIC, page('auth/login-page')] },
  { path: /^\/signup(\/[^/]+)?$/, modules: [PUBLIC, page('auth/signup-page')] },
  { path: /^\/forgot-password$/, modules: [PUBLIC, page('auth/forgot-password-page')] },
  { path: /^\/forgot-password\/[^/]+$/, modules: [PUBLIC, page('auth/reset-password-page')] },
  { path: /^\/select-account$/, modules: [PUBLIC, page('auth/select-account-page')] },
];

/**
 * `<link rel="modulepreload">` elements for a page's layout and route chunks and their static
 * imports (not the entry's own, which index.html loads), or '' for a path no page matches. Read
 * from the build's manifest once; without a manifest nothing is preloaded.
 */
export function pagePreloads(webRoot: string): (urlPath: string) => string {
  const file = path.join(webRoot, '.vite/manifest.json');
  if (!fs.existsSync(file)) return () => '';
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const staticFiles = (keys: string[], into = new Set<string>()) => {
    const walk = (key: string) => {
      const chunk = manifest[key];
      if (!chunk || into.has(chunk.file)) return;
      into.add(chunk.file);
      for (const imp of chunk.imports ?? []) walk(imp);
    };
    keys.forEach(walk);
    return into;
  };
  const entryKeys = Object.keys(manifest).filter((k) => manifest[k]?.isEntry);
  const entryFiles = staticFiles(entryKeys);
  const links = PAGES.map((p) =>
    [...staticFiles(p.modules)]
      .filter((f) => f.endsWith('.js') && !entryFiles.has(f))
      .map((f) => `    <link rel="modulepreload" crossorigin href="/${f}" />\n`)
      .join(''),
  );
  return (urlPath) => {
    const i = PAGES.findIndex((p) => p.path.test(urlPath));
    return i === -1 ? '' : (links[i] ?? '');
  };
}
