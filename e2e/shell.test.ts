import { SignJWT, decodeJwt } from 'jose';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import {
  apiPost,
  checkScreen,
  DEMO,
  expectNoProblems,
  expectToast,
  goto,
  launch,
  loginViaApi,
  open,
  WIDTHS,
  type Width,
  eventually,
  port,
} from './helpers/browser.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

/**
 * The routes of docs/screens.md in the authenticated layout, with their heading and title (one or two of
 * each parameterised family; the rest differ only by the parameter, checked in 'bad parameters').
 */
const SCREENS = [
  { path: '/', heading: 'Dashboard', title: 'Dashboard' },
  { path: '/my-offers', heading: 'My Offers', title: 'My Offers' },
  {
    path: '/offers/1/details',
    heading: 'Offer Northwind Summer Sale',
    title: 'Offer Northwind Summer Sale',
  },
  { path: '/offers/1/creatives', heading: 'Offer Northwind Summer Sale', title: 'Offer Northwind Summer Sale' },
  {
    path: '/global-pixel-postback',
    heading: 'Global Pixels And Postbacks',
    title: 'Global Pixels And Postbacks',
  },
  { path: '/reports/campaign-summary', heading: 'Reports', title: 'Reports' },
  { path: '/reports/daily-summary', heading: 'Reports', title: 'Reports' },
  { path: '/reports/conversion', heading: 'Reports', title: 'Reports' },
  { path: '/reports/referral', heading: 'Reports', title: 'Reports' },
  { path: '/invoices', heading: 'Invoices', title: 'Invoices' },
  { path: '/notifications', heading: 'Notifications', title: 'Notifications' },
];

describe.concurrent('access rules', () => {
  test('anonymous visitors are sent to /login; public and select-account pages send a session home', async () => {
    const s = await open(browser, 'desktop');
    const { page } = s;
    for (const path of ['/', '/my-offers', '/profile/time-zone', '/reports', '/invoices/3']) {
      await goto(page, path);
      await page.waitForURL(/\/login$/);
    }
    await goto(page, '/select-account');
    await page.waitForURL(/\/login$/);
    await loginViaApi(s, DEMO);
    for (const path of [
      '/login',
      '/signup',
      '/signup/demo2026',
      '/forgot-password',
      '/forgot-password/abc',
      '/select-account',
    ]) {
      await goto(page, path);
      await page.waitForURL((u) => u.pathname === '/');
    }
    await goto(page, '/reports');
    await page.waitForURL(/\/reports\/campaign-summary$/);
    expectNoProblems(s);
    await s.close();
  });

  // Entry by link (docs/screens.md) is a one-time login code now, and ?token= no longer logs in: e2e/login-links.test.ts.
});

describe.concurrent.each(Object.keys(WIDTHS) as Width[])('the authenticated shell at %s width', (width) => {
  // A tour of twelve screens: frame, heading and title. Each screen's own file scans it with axe
  // and takes its screenshots, so the tour does not do either again.
  test('every route shows its frame, heading and title', { timeout: 120_000 }, async () => {
    const s = await open(browser, width);
    const { page } = s;
    const jwt = await loginViaApi(s, DEMO);
    // And the demo publisher's newest invoice: its id depends on which publishers the demo traffic
    // made active each month.
    const r = await apiPost(s, '/invoice-list', { limit: 1 }, jwt);
    expect(r.status()).toBe(200);
    const newest = ((await r.json()) as { data: { id: number }[] }).data[0]!.id;
    const invoice = { path: `/invoices/${newest}`, heading: `Invoice #${newest}`, title: `Invoice #${newest}` };
    for (const sc of [...SCREENS, invoice]) {
      await goto(page, sc.path);
      await page.getByRole('heading', { level: 1, name: sc.heading, exact: true }).waitFor();
      await eventually(() => page.title(), `${sc.title} / Publisher Portal`);
    }
    expect(await page.locator('footer').textContent()).toContain(`© ${new Date().getFullYear()}`);
    expectNoProblems(s);
    await s.close();
  });

  test('not found, bad route parameters, and the 404 of a call', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await goto(page, '/this/does/not/exist');
    await page.getByText("The page you're looking for cannot be found.").waitFor();
    await eventually(() => page.title(), 'Page not found / Publisher Portal');
    await checkScreen(page, 'not-found');
    await loginViaApi(s, DEMO);
    for (const path of ['/profile/bogus', '/reports/bogus', '/offers/1/bogus', '/offers/abc/details', '/invoices/x']) {
      await goto(page, path);
      await page.waitForURL(/\/not-found$/);
    }
    await page.getByRole('link', { name: 'Go back home' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    // Every report and offer tab is a known route.
    for (const path of [
      '/reports/hourly-summary',
      '/reports/landing-page-summary',
      '/reports/sub-affiliate-summary',
      '/reports/click',
      '/offers/3/tracking-link',
      '/offers/3/postbacks-and-pixels',
    ]) {
      await page.evaluate((p) => {
        window.history.pushState({}, '', p);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, path);
      await page
        .getByRole('heading', {
          level: 1,
          name: path.startsWith('/reports') ? 'Reports' : 'Offer Northwind Gift Cards',
          exact: true,
        })
        .waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    await page.route(
      '**/api/v1/user/me.json',
      (r) =>
        r.fulfill({
          status: 404,
          contentType: 'application/json',
          body: '{"error":{"code":"0x4040","message":"Not found."}}',
        }),
      { times: 1 },
    );
    await page.reload();
    await page.waitForURL(/\/not-found$/);
    expectNoProblems(s);
    await s.close();
  });

  test('a 500 from a call shows the 500 page; going home resets it', async () => {
    const s = await open(browser, width);
    const { page } = s;
    await loginViaApi(s, DEMO);
    await page.route(
      '**/api/v1/user/me.json',
      (r) =>
        r.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"0x500","message":"x"}}' }),
      { times: 1 },
    );
    await goto(page, '/my-offers');
    await page.getByRole('heading', { name: 'Something went wrong.' }).waitFor();
    await checkScreen(page, 'server-error');
    await page.getByRole('button', { name: 'Go back home' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    expectNoProblems(s);
    await s.close();
  });
});

test.concurrent('a route that fails to load shows the fallback error page with the message', async () => {
  const s = await open(browser, 'desktop');
  const { page } = s;
  await loginViaApi(s, DEMO);
  await page.route(/\/assets\/profile-page-[^/]+\.js$/, (r) => r.abort('failed'));
  await goto(page, '/profile/time-zone');
  await page.getByRole('heading', { name: 'Unexpected Application Error!' }).waitFor();
  expect(await page.locator('main').textContent()).toMatch(
    /Failed to fetch|dynamically imported module|Importing a module script failed/,
  );
  await checkScreen(page, 'unexpected-error');
  await page.unroute(/\/assets\/profile-page-[^/]+\.js$/);
  // Uncaught errors are expected here: they are what the fallback page catches.
  await s.close();
});

describe.concurrent('navigation', () => {
  test('desktop: header links, keyboard user menu, account manager card, log out', async () => {
    const s = await open(browser, 'desktop');
    const { page } = s;
    await loginViaApi(s, DEMO);
    const main = page.getByRole('navigation', { name: 'Main' });
    await main.getByRole('link', { name: 'My Offers' }).click();
    await page.waitForURL(/\/my-offers$/);
    await eventually(() => main.getByRole('link', { name: 'My Offers' }).getAttribute('aria-current'), 'page');
    await main.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(/\/reports\/campaign-summary$/);
    await main.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL((u) => u.pathname === '/');

    // The user menu works from the keyboard and gives focus back.
    const trigger = page.getByRole('button', { name: 'Account menu for Dana Demo' });
    await trigger.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    for (const item of ['Profile', 'Invoices', 'Pixels and Postbacks', 'Log Out'])
      await menu.getByRole('menuitem', { name: item }).waitFor();
    await checkScreen(page, 'user-menu');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await trigger.evaluate((el) => el === document.activeElement)).toBe(true);
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Pixels and Postbacks' }).click();
    await page.waitForURL(/\/global-pixel-postback$/);
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Invoices' }).click();
    await page.waitForURL(/\/invoices$/);
    await trigger.click();
    await page.getByRole('menuitem', { name: 'Profile' }).click();
    await page.waitForURL(/\/profile\/time-zone$/);

    await page.getByRole('button', { name: 'Your account manager' }).click();
    const card = page.getByRole('dialog');
    await card.getByText('Alex Morgan').waitFor();
    await card.getByRole('link', { name: 'alex.morgan@portal.test' }).waitFor();
    expect(await card.getByRole('link', { name: /416 555 0142/ }).getAttribute('href')).toBe('tel:+14165550142');
    await checkScreen(page, 'account-manager-card');
    await page.keyboard.press('Escape');

    await trigger.click();
    const token = await page.evaluate(() => localStorage.getItem('jwt_token'));
    await page.getByRole('menuitem', { name: 'Log Out' }).click();
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jwt_token'))).toBeNull();
    // The server ended that token too: a copy of it no longer works.
    await eventually(async () => (await apiPost(s, '/user', {}, token!)).status(), 401);
    expectNoProblems(s);
    await s.close();
  });

  test('phone: the side navigation has the same items and closes on choice', async () => {
    const s = await open(browser, 'phone');
    const { page } = s;
    await loginViaApi(s, DEMO);
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('dialog', { name: 'Navigation' });
    await nav.waitFor();
    for (const item of ['Dashboard', 'My Offers', 'Reports', 'Profile', 'Invoices', 'Pixels and Postbacks'])
      await nav.getByRole('link', { name: item }).waitFor();
    await nav.getByRole('button', { name: 'Log Out' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Reports' }).getAttribute('href')).toBe('/reports/campaign-summary');
    await checkScreen(page, 'mobile-nav');
    // Focus stays inside the open panel.
    for (let i = 0; i < 12; i++) await page.keyboard.press('Tab');
    expect(await nav.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await nav.getByRole('link', { name: 'Reports' }).click();
    await page.waitForURL(/\/reports\/campaign-summary$/);
    await nav.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('button', { name: 'Log Out' }).click();
    await page.waitForURL(/\/login$/);
    expectNoProblems(s);
    await s.close();
  });
});

describe.concurrent('session expiry (docs/reliability.md B9) and alerts', () => {
  const signWith = async (secret: string, claims: Record<string, unknown>, exp: number) =>
    new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('publisher-portal')
      .setIssuedAt(exp - 3600)
      .setExpirationTime(exp)
      .sign(new TextEncoder().encode(secret));

  test.concurrent.each(['expired', 'tampered', 'signed with another key'])(
    'a %s token logs the user out with "Please log-in again."',
    async (kind) => {
      const s = await open(browser, 'desktop');
      const { page } = s;
      const real = await loginViaApi(s, DEMO);
      const claims = decodeJwt(real);
      const now = Math.floor(Date.now() / 1000);
      let bad: string;
      if (kind === 'expired')
        bad = await signWith(
          inject('jwtSecret'),
          { sub: claims.sub, pub: claims['pub'], pur: 'access', ver: claims['ver'] },
          now - 60,
        );
      else if (kind === 'tampered') {
        const [h, p, sig] = real.split('.');
        const payload = JSON.parse(Buffer.from(p!, 'base64url').toString()) as Record<string, unknown>;
        payload['pub'] = 999;
        bad = `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${sig}`;
      } else
        bad = await signWith(
          'another-secret-another-secret-another-secret',
          { sub: claims.sub, pub: claims['pub'], pur: 'access', ver: claims['ver'] },
          now + 3600,
        );
      await page.evaluate((t) => localStorage.setItem('jwt_token', t), bad);
      await goto(page, '/my-offers');
      await expectToast(page, 'Please log-in again.', 'error');
      await page.waitForURL(/\/login$/);
      expect(
        await page.evaluate(() => [localStorage.getItem('jwt_token'), localStorage.getItem('publisher_id')]),
      ).toEqual([null, null]);
      if (kind === 'expired') await checkScreen(page, 'logged-out-alert');
      expectNoProblems(s);
      await s.close();
    },
  );

  test('toasts leave after 4 seconds', async () => {
    const s = await open(browser, 'desktop');
    const { page } = s;
    // Timed by the page's own clock (a MutationObserver), so a busy test machine cannot skew it.
    await page.addInitScript(() => {
      const w = window as unknown as { toastTimes: { added?: number; removed?: number } };
      w.toastTimes = {};
      new MutationObserver(() => {
        const present = document.querySelector('[data-alert-type]') !== null;
        if (present && w.toastTimes.added === undefined) w.toastTimes.added = performance.now();
        if (!present && w.toastTimes.added !== undefined && w.toastTimes.removed === undefined)
          w.toastTimes.removed = performance.now();
      }).observe(document, { childList: true, subtree: true });
    });
    await goto(page, '/login');
    await page.evaluate(() => localStorage.setItem('jwt_token', 'x.y.z'));
    await goto(page, '/');
    await expectToast(page, 'Please log-in again.', 'error');
    await page.locator('[data-alert-type]').first().waitFor({ state: 'detached', timeout: 8000 });
    const times = await page.evaluate(
      () => (window as unknown as { toastTimes: { added?: number; removed?: number } }).toastTimes,
    );
    const shownFor = times.removed! - times.added!;
    expect(shownFor).toBeGreaterThan(3500);
    expect(shownFor).toBeLessThan(5000);
    await s.close();
  });
});

test.concurrent(
  'the web page carries a CSP without inline script and runs under it (docs/reliability.md A6)',
  async () => {
    const s = await open(browser, 'desktop');
    const { page } = s;
    const res = await page.goto(`http://localhost:${port()}/login`);
    const csp = res!.headers()['content-security-policy'] ?? '';
    const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res!.headers()['x-content-type-options']).toBe('nosniff');
    const html = await res!.text();
    // Every script is an external file.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    await page.getByRole('heading', { name: 'Log in to your account' }).waitFor();
    await loginViaApi(s, DEMO);
    await goto(page, '/profile/two-factor-auth');
    await page.getByRole('tab', { name: 'Two-Factor Auth', selected: true }).waitFor();
    expectNoProblems(s);
    await s.close();
  },
);
