import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** A built web app as apps/web's build leaves it (only what the page answer needs). */
function webDist(): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-web-'));
  fs.writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><title>Portal</title></head><body><div id="root"></div></body></html>',
  );
  return dist;
}

const directive = (csp: string, name: string) =>
  csp
    .split(';')
    .map((d) => d.trim())
    .find((d) => d.startsWith(`${name} `)) ?? '';

/** The page policy loads nothing from elsewhere and allows no inline style but its own nonce. */
describe('the page policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ WEB_DIST_DIR: webDist() });
  });
  afterAll(() => t.close());

  it('every answer: images from the portal and data: only, styles from the portal only, no HSTS over http', async () => {
    for (const r of [await t.get('/user/me.json'), await t.get('/country-codes')]) {
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'img-src')).toBe("img-src 'self' data:");
      expect(directive(csp, 'style-src')).toBe("style-src 'self'");
      expect(directive(csp, 'script-src')).toBe("script-src 'self'");
      expect(r.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('the page: a fresh style nonce in each answer, the same in its policy and in its meta element', async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const r = await fetch(`${t.url}/reports/daily-summary`, { headers: { accept: 'text/html' } });
      expect(r.status).toBe(200);
      const html = await r.text();
      const meta = /<meta property="csp-nonce" nonce="([^"]+)"/.exec(html)?.[1];
      expect(meta).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(directive(csp, 'style-src')).toBe(`style-src 'self' 'nonce-${meta}'`);
      expect(directive(csp, 'img-src')).toBe("img-src 'self' data:");
      expect(csp).not.toContain('unsafe-inline');
      nonces.push(meta!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it('the password-reset page sends no referrer: its token is in the address', async () => {
    const r = await fetch(`${t.url}/forgot-password/${'a'.repeat(43)}`, { headers: { accept: 'text/html' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('HSTS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://portal.example' });
  });
  afterAll(() => t.close());

  it('is sent on every answer when the portal is served over https', async () => {
    for (const r of [await t.get('/country-codes'), await t.get('/user/me.json')]) {
      expect(r.headers.get('strict-transport-security')).toBe('max-age=31536000');
    }
  });
});

/** The API's documentation page (/api/docs) is sent with the app's policy, not a looser one of its own. */
describe('the API documentation page policy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('the page, its scripts and styles and the document: the same policy as every answer', async () => {
    const app = (await t.get('/country-codes')).headers.get('content-security-policy');
    expect(app).toBeTruthy();
    const page = await fetch(`${t.url}/api/docs`, { redirect: 'follow' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('swagger-ui-bundle.js');
    const assets = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(2);
    const answers = [page];
    for (const asset of assets) answers.push(await fetch(new URL(asset, page.url)));
    answers.push(await fetch(`${t.url}/api/docs/json`));
    for (const r of answers) {
      if (!r.bodyUsed) await r.arrayBuffer();
      expect(r.status, r.url).toBe(200);
      const csp = r.headers.get('content-security-policy') ?? '';
      expect(csp, r.url).toBe(app);
      expect(csp).not.toContain('unsafe-inline');
      expect(csp).not.toContain('https:');
      expect(directive(csp, 'frame-ancestors')).toBe("frame-ancestors 'none'");
    }
  });
});
