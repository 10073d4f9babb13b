import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A build's manifest as Vite writes it: the entry, the layouts, two pages and the chunks they share. */
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_icons'] },
  _icons: { file: 'assets/icons-1.js' },
  '_first-paint': { file: 'assets/first-paint-1.js', imports: ['index.html', '_icons'] },
  'src/app/layouts/app-layout.tsx': { file: 'assets/app-layout-1.js', imports: ['index.html', '_first-paint'] },
  'src/app/layouts/public-layout.tsx': { file: 'assets/public-layout-1.js', imports: ['index.html'] },
  'src/app/routes/app/reports-page.tsx': {
    file: 'assets/reports-page-1.js',
    imports: ['index.html', '_first-paint'],
    dynamicImports: ['src/chart.tsx'],
  },
  'src/chart.tsx': { file: 'assets/chart-1.js' },
  'src/app/routes/auth/login-page.tsx': { file: 'assets/login-page-1.js', imports: ['index.html'] },
};

describe('the HTML of a page', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ WEB_DIST_DIR: dist });
  });
  afterAll(() => t.close());

  const preloaded = async (url: string) => {
    const res = await fetch(`${t.url}${url}`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]);
  };

  it("preloads the page's layout and route chunks with their static imports, not the entry's nor the lazy ones", async () => {
    expect(await preloaded('/reports/campaign-summary?x=1')).toEqual([
      '/assets/app-layout-1.js',
      '/assets/first-paint-1.js',
      '/assets/reports-page-1.js',
    ]);
    expect(await preloaded('/login')).toEqual(['/assets/public-layout-1.js', '/assets/login-page-1.js']);
  });

  it('preloads nothing for a path no page has, and still answers with the app', async () => {
    expect(await preloaded('/no/such/page')).toEqual([]);
    const res = await fetch(`${t.url}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(await res.text()).toContain('<meta property="csp-nonce"');
  });
});
