import fs from 'node:fs';
import path from 'node:path';

/** The part of the web build's page list (apps/web/dist/.vite/pages.json) read here. */
interface PagesFile {
  pages: { pattern: string; scripts: string[] }[];
}

/**
 * `<link rel="modulepreload">` elements for the scripts of the page a path opens (its layout, its
 * route module and their static imports, beyond the entry's, which index.html loads), so they arrive
 * with the entry instead of one round trip after it; '' for a path no page matches. The build
 * writes the list from the web app's route table (apps/web/build/page-scripts.ts); read once here,
 * and without it nothing is preloaded.
 */
export function pagePreloads(webRoot: string): (urlPath: string) => string {
  const file = path.join(webRoot, '.vite/pages.json');
  if (!fs.existsSync(file)) return () => '';
  const { pages } = JSON.parse(fs.readFileSync(file, 'utf8')) as PagesFile;
  const compiled = pages.map((p) => ({
    pattern: new RegExp(p.pattern, 'i'),
    links: p.scripts.map((f) => `    <link rel="modulepreload" crossorigin href="/${f}" />\n`).join(''),
  }));
  return (urlPath) => compiled.find((p) => p.pattern.test(urlPath))?.links ?? '';
}
