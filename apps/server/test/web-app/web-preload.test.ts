import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/**
 * A build's page list as the web build writes it (apps/web/build/page-scripts.ts): each page's
 * pattern and the scripts of its first paint, the catch-all left out here.
 */
const PAGES = {
  entry: ['assets/index-1.js', 'assets/icons-1.js'],
  pages: [
    {
      route: 'reports',
      path: '/reports/:type',
      pattern: '^/reports/[^/]+/?$',
      modules: ['src/app/layouts/app-layout.tsx', 'src/app/routes/app/reports-page.tsx'],
      scripts: ['assets/app-layout-1.js', 'assets/first-paint-1.js', 'assets/reports-page-1.js'],
    },
    {
      route: 'login',
      path: '/login',
      pattern: '^/login/?$',
      modules: ['src/app/layouts/public-layout.tsx', 'src/app/routes/auth/login-page.tsx'],
      scripts: ['assets/public-layout-1.js', 'assets/login-page-1.js'],
    },
  ],
};

describe('the HTML of a page', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, '.vite/pages.json'), JSON.stringify(PAGES));
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

  it('preloads the scripts of the page the path opens, whatever the query or the case', async () => {
    expect(await preloaded('/reports/campaign-summary?x=1')).toEqual([
      '/assets/app-layout-1.js',
      '/assets/first-paint-1.js',
      '/assets/reports-page-1.js',
    ]);
    expect(await preloaded('/login')).toEqual(['/assets/public-layout-1.js', '/assets/login-page-1.js']);
    expect(await preloaded('/Login/')).toEqual(['/assets/public-layout-1.js', '/assets/login-page-1.js']);
  });

  it('preloads nothing for a path no page has, and still answers with the app', async () => {
    expect(await preloaded('/no/such/page')).toEqual([]);
    const res = await fetch(`${t.url}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(await res.text()).toContain('<meta property="csp-nonce"');
  });
});
