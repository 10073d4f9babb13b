import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.ts';

/**
 * "First data on screen", measured in the page itself: from navigation start (performance.now()
 * counts from it) to the first animation frame in which either of these is visible in the viewport:
 *
 *   - a `[data-first-data]` element (a marker a screen may put on what it considers its first data), or
 *   - a cell (`td`/`th`) of a `table tbody tr` that has text, is not hidden (`aria-hidden`, the
 *     virtual list's padding rows) and is not part of a loading skeleton (`[data-testid="skeleton"]`).
 *
 * Whichever shows first counts (the marker when both show in the same frame). "Visible" means a
 * box of non-zero size inside the viewport that checkVisibility() (opacity, visibility, display)
 * accepts. The check runs every animation frame (and every 50 ms should frames stop), so the figure
 * is at most a frame late. Desktop viewport (1280 × 860): below 1024 px the app's tables become
 * stacked cards, which this definition does not look for.
 */
const PROBE = `(() => {
  if (window.top !== window) return;
  window.__firstData = null;
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 || r.height <= 0) return false;
    if (r.bottom <= 0 || r.right <= 0 || r.top >= innerHeight || r.left >= innerWidth) return false;
    return typeof el.checkVisibility !== 'function' || el.checkVisibility({ opacityProperty: true, visibilityProperty: true });
  };
  const hidden = (el) => el.closest('[aria-hidden="true"], [data-testid="skeleton"]') !== null;
  const find = () => {
    for (const el of document.querySelectorAll('[data-first-data]')) {
      if (inView(el)) return { via: 'marker', text: (el.textContent || '').trim().slice(0, 60) };
    }
    for (const el of document.querySelectorAll('table tbody tr > td, table tbody tr > th')) {
      const text = (el.textContent || '').trim();
      if (text && !hidden(el) && inView(el)) return { via: 'table cell', text: text.slice(0, 60) };
    }
    return null;
  };
  let timer = 0;
  const check = () => {
    if (window.__firstData) return true;
    const hit = find();
    if (!hit) return false;
    window.__firstData = { t: performance.now(), via: hit.via, text: hit.text };
    clearInterval(timer);
    return true;
  };
  const frame = () => { if (!check()) requestAnimationFrame(frame); };
  requestAnimationFrame(frame);
  timer = setInterval(check, 50);
  setTimeout(() => clearInterval(timer), 120000);
})();`;

export interface FirstDataSample {
  /** ms from navigation start to the first data on screen. */
  firstData: number;
  via: string;
  text: string;
  /** First contentful paint, ms. */
  fcp: number | null;
  /** When the last API answer before the first data arrived, ms (null: no API call before it). */
  lastApi: number | null;
  /** Script URLs the page had loaded by then. */
  scripts: string[];
}

export interface FirstDataResult {
  route: string;
  cold: FirstDataSample[];
  warm: FirstDataSample[];
  /** Why nothing was measured (no data element within the timeout, session lost, …), or null. */
  missing: string | null;
}

export interface FirstDataOptions {
  baseUrl: string;
  routes: string[];
  runs: number;
  timeoutMs: number;
  session: { name: string; value: string }[];
  log: (line: string) => void;
}

const READ = `(() => {
  const fd = window.__firstData;
  const fcp = performance.getEntriesByName('first-contentful-paint')[0];
  const resources = performance.getEntriesByType('resource');
  const before = resources.filter((e) => fd && e.responseEnd <= fd.t);
  const api = before.filter((e) => new URL(e.name).pathname.startsWith('/api/')).map((e) => e.responseEnd);
  return {
    fd,
    fcp: fcp ? fcp.startTime : null,
    lastApi: api.length ? Math.max(...api) : null,
    scripts: before.filter((e) => e.initiatorType === 'script' || /\\.js(\\?|$)/.test(e.name)).map((e) => e.name),
  };
})()`;

interface Probe {
  fd: { t: number; via: string; text: string } | null;
  fcp: number | null;
  lastApi: number | null;
  scripts: string[];
}

async function newContext(browser: Browser, opts: FirstDataOptions): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 860 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'America/Toronto',
    // Logged in as the app keeps it: the token in local storage before the first request.
    storageState: { cookies: [], origins: [{ origin: opts.baseUrl, localStorage: opts.session }] },
  });
  await context.addInitScript(PROBE);
  return context;
}

const HEADING = `(() => {
  const h = document.querySelector('main h1') || document.querySelector('h1');
  return ((h && h.textContent) || document.title || '').trim();
})()`;

/**
 * One navigation: the sample, or why there is none. The probe's result is polled with plain
 * page.evaluate calls: waitForFunction with a string predicate evaluates it in the page, which the
 * app's Content-Security-Policy (no 'unsafe-eval') refuses.
 */
async function measure(page: Page, opts: FirstDataOptions, route: string): Promise<FirstDataSample | string> {
  await page.goto(`${opts.baseUrl}${route}`, { waitUntil: 'commit', timeout: 60_000 });
  const deadline = Date.now() + opts.timeoutMs;
  let probe: Probe | null = null;
  while (Date.now() < deadline) {
    // Between documents (a redirect) the evaluation can fail: try again.
    const p = (await page.evaluate(READ).catch(() => null)) as Probe | null;
    if (p?.fd) {
      probe = p;
      break;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  if (!probe?.fd) {
    const where = new URL(page.url()).pathname;
    if (where !== route) return `no data element: the page went to ${where} (session lost?)`;
    const heading = await page.evaluate(HEADING).catch(() => '');
    return `no data element found within ${(opts.timeoutMs / 1000).toFixed(0)} s (the page shows "${String(heading).slice(0, 60)}")`;
  }
  return {
    firstData: probe.fd.t,
    via: probe.fd.via,
    text: probe.fd.text,
    fcp: probe.fcp,
    lastApi: probe.lastApi,
    scripts: probe.scripts,
  };
}

/**
 * For each route, one page at a time: `runs` cold loads (a new browser context each: empty HTTP
 * cache, session in local storage), then `runs` warm loads (one context whose cache a first,
 * unmeasured load filled). A route with no data element on its first load is not repeated.
 */
export async function measureFirstData(opts: FirstDataOptions): Promise<FirstDataResult[]> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 120_000 });
  const results: FirstDataResult[] = [];
  try {
    for (const route of opts.routes) {
      const result: FirstDataResult = { route, cold: [], warm: [], missing: null };
      results.push(result);
      for (let i = 0; i < opts.runs && !result.missing; i++) {
        const context = await newContext(browser, opts);
        try {
          const s = await measure(await context.newPage(), opts, route);
          if (typeof s === 'string') result.missing = s;
          else result.cold.push(s);
        } finally {
          await context.close();
        }
      }
      if (result.missing) {
        opts.log(`  ${route}: ${result.missing}`);
        continue;
      }
      const context = await newContext(browser, opts);
      try {
        const page = await context.newPage();
        await measure(page, opts, route); // fills the cache
        for (let i = 0; i < opts.runs; i++) {
          const s = await measure(page, opts, route);
          if (typeof s !== 'string') result.warm.push(s);
        }
      } finally {
        await context.close();
      }
      opts.log(`  ${route}: ${result.cold.length} cold and ${result.warm.length} warm loads measured`);
    }
  } finally {
    await browser.close();
  }
  return results;
}
