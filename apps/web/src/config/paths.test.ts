import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fillPath, getHref, LAYOUTS, paths, REDIRECTS, reportOfSlug, ROUTES, type PageRoute } from './paths.ts';

const app = path.resolve(import.meta.dirname, '../app');

describe('the route table', () => {
  it('names page and layout modules that exist, and every page module is in it', () => {
    for (const route of Object.values(ROUTES)) {
      expect(fs.existsSync(path.join(app, 'routes', `${route.page}.tsx`)), route.page).toBe(true);
    }
    for (const layout of Object.values(LAYOUTS)) {
      expect(fs.existsSync(path.join(app, 'layouts', `${layout.module}.tsx`)), layout.module).toBe(true);
    }
    const pageModules = fs
      .readdirSync(path.join(app, 'routes'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('-page.tsx') && !f.endsWith('-error-page.tsx'))
      .map((f) =>
        f
          .replace(/\.tsx$/, '')
          .split(path.sep)
          .join('/'),
      )
      .sort();
    expect(pageModules).toEqual([...new Set(Object.values(ROUTES).map((r) => r.page))].sort());
  });

  it("puts the console's pages under routes/admin/ and its layouts in layouts/console-*, where the router loads them from", () => {
    for (const route of Object.values(ROUTES) as PageRoute[]) {
      const inConsole = route.layout !== null && LAYOUTS[route.layout].console;
      expect(route.page.startsWith('admin/'), route.page).toBe(inConsole);
    }
    for (const layout of Object.values(LAYOUTS)) {
      expect(/^console-.*layout$/.test(layout.module), layout.module).toBe(layout.console);
    }
  });

  it('redirects to routes with defaults for what the address leaves out', () => {
    for (const r of REDIRECTS) expect(ROUTES[r.to].defaults, r.path).toBeDefined();
  });
});

describe('links', () => {
  it('fill the route paths', () => {
    expect(paths.home).toBe('/');
    expect(paths.signup).toBe('/signup');
    expect(paths.signupWithReferrer('ab c')).toBe('/signup/ab%20c');
    expect(paths.resetPassword('a/b')).toBe('/forgot-password/a%2Fb');
    expect(paths.profile()).toBe('/profile/time-zone');
    expect(paths.profile('api-keys')).toBe('/profile/api-keys');
    expect(paths.offer(7)).toBe('/offers/7/details');
    expect(paths.offer('7', 'tracking-link')).toBe('/offers/7/tracking-link');
    expect(paths.reports()).toBe('/reports/campaign-summary');
    expect(paths.reports('sub-id')).toBe('/reports/sub-affiliate-summary');
    expect(paths.invoice(12)).toBe('/invoices/12');
    expect(paths.globalPostbacks).toBe('/global-pixel-postback');
  });

  it("name a report by its address's slug and its address by the report's type", () => {
    expect(reportOfSlug('sub-affiliate-summary')).toBe('sub-id');
    expect(reportOfSlug('landing-page-summary')).toBe('landing-page');
    expect(reportOfSlug('click')).toBe('click');
    expect(reportOfSlug('sub-id')).toBeUndefined();
  });

  it("make the console's addresses from the same table, defaults filling what a link leaves out", () => {
    expect(getHref('adminOverview')).toBe('/admin');
    expect(getHref('adminOffer', { id: 7 })).toBe('/admin/offers/7');
    expect(getHref('adminInvoice', { id: '12' })).toBe('/admin/invoices/12');
    expect(getHref('profile')).toBe('/profile/time-zone');
    expect(getHref('offer', { id: 3, type: undefined })).toBe('/offers/3/details');
    expect(() => getHref('adminPublisher')).toThrow('/admin/publishers/:id: no value for :id');
  });

  it('are written nowhere but in the route table: no page or feature spells a console address', () => {
    const src = path.resolve(import.meta.dirname, '..');
    const written = fs
      .readdirSync(src, { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && f !== path.join('config', 'paths.ts'))
      .filter((f) => /['"`]\/admin\b/.test(fs.readFileSync(path.join(src, f), 'utf8')));
    expect(written).toEqual([]);
  });

  it('refuse a missing required parameter', () => {
    expect(() => fillPath('/offers/:id/:type', { id: 1 })).toThrow('/offers/:id/:type: no value for :type');
  });
});
