import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, generateReport, type Config, type Flags, type Result } from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.ts';
import { median } from './stats.ts';

export type FormFactor = 'mobile' | 'desktop';

/** Lighthouse's default mobile emulation (Moto G Power, slow 4G, 4x CPU) and its desktop preset. */
const CONFIGS: Record<FormFactor, Config | undefined> = { mobile: undefined, desktop: desktopConfig };

/**
 * Lighthouse clears the origin's storage before each navigation. Version 12 clears these types by
 * default (not local storage, not cookies); they are named here so a later default that adds
 * local_storage cannot log the user out unnoticed. The HTTP cache is still cleared: every run is a
 * cold load. Each run is also checked afterwards: still on the requested path, token still stored.
 */
const CLEAR_STORAGE_TYPES: NonNullable<Flags['clearStorageTypes']> = [
  'file_systems',
  'shader_cache',
  'service_workers',
  'cache_storage',
];

export const METRICS = [
  { id: 'first-contentful-paint', label: 'FCP', unit: 'ms' },
  { id: 'largest-contentful-paint', label: 'LCP', unit: 'ms' },
  { id: 'total-blocking-time', label: 'TBT', unit: 'ms' },
  { id: 'cumulative-layout-shift', label: 'CLS', unit: '' },
  { id: 'speed-index', label: 'SI', unit: 'ms' },
] as const;

export interface LighthouseRun {
  performance: number | null;
  accessibility: number | null;
  metrics: Record<string, number | null>;
  finalUrl: string;
  /** Why the run does not count (logged out, runtime error), or null. */
  invalid: string | null;
  warnings: string[];
  lhr: Result | null;
}

export interface AuditCost {
  category: 'performance' | 'accessibility';
  id: string;
  title: string;
  /** Score points (0-100) this audit took off the category, mean over the runs. */
  points: number;
  /** Runs in which the audit failed. */
  runs: number;
  displayValue: string;
  examples: string[];
}

export interface LighthouseSummary {
  route: string;
  formFactor: FormFactor;
  runs: LighthouseRun[];
  valid: number;
  performance: number | null;
  accessibility: number | null;
  metrics: Record<string, number | null>;
  costs: AuditCost[];
  /** Opportunities and diagnostics flagged (they explain the metric scores; they carry no weight of their own). */
  flagged: AuditCost[];
}

const score = (s: number | null | undefined) => (s === null || s === undefined ? null : Math.round(s * 100));

type Details = { type?: string; items?: Record<string, unknown>[] };

/** A few lines from an audit's details: the elements or files it names, what they could save. */
function examplesOf(audit: Result['audits'][string]): string[] {
  return linesOf(audit.details as Details | undefined).slice(0, 3);
}

function linesOf(details: Details | undefined): string[] {
  if (!details || !Array.isArray(details.items)) return [];
  // A list of tables (the LCP element, then its phases).
  if (details.type === 'list') return details.items.flatMap((d) => linesOf(d as Details).slice(0, 2));
  const out: string[] = [];
  for (const item of details.items.slice(0, 4)) {
    const node = item['node'] as { snippet?: string; nodeLabel?: string; explanation?: string } | undefined;
    const url = typeof item['url'] === 'string' ? item['url'] : undefined;
    if (node?.snippet) {
      const label = node.nodeLabel ? ` "${node.nodeLabel.replace(/\s+/g, ' ').trim().slice(0, 60)}"` : '';
      const explanation = node.explanation?.split('\n').slice(0, 2).join(' ').slice(0, 160);
      out.push(`${node.snippet.slice(0, 120)}${label}${explanation ? ` (${explanation})` : ''}`);
    } else if (url) {
      const wasted =
        typeof item['wastedBytes'] === 'number'
          ? `, ${(item['wastedBytes'] / 1024).toFixed(1)} KiB to save`
          : typeof item['wastedMs'] === 'number'
            ? `, ${Math.round(item['wastedMs'])} ms to save`
            : '';
      out.push(`${url.replace(/^https?:\/\/[^/]+/, '')}${wasted}`);
    } else if (typeof item['phase'] === 'string' && typeof item['timing'] === 'number') {
      out.push(`${item['phase']}: ${Math.round(item['timing'])} ms (${String(item['percent'] ?? '')})`);
    }
  }
  // LCP phases: one line says more than three.
  if (out.length > 1 && out.every((l) => /^[A-Z][\w ]+: \d+ ms/.test(l))) return [out.join(', ')];
  return out;
}

/** What each audit took off a category's score in one run, by the category's weights. */
function costsOf(lhr: Result, category: 'performance' | 'accessibility') {
  const cat = lhr.categories[category];
  const out = new Map<string, { points: number; audit: Result['audits'][string] }>();
  if (!cat) return out;
  const total = cat.auditRefs.reduce((sum, r) => sum + (r.weight > 0 && scored(lhr, r.id) ? r.weight : 0), 0);
  for (const ref of cat.auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || ref.weight <= 0 || !scored(lhr, ref.id) || audit.score === null || audit.score >= 1) continue;
    out.set(ref.id, { points: ((ref.weight * (1 - audit.score)) / total) * 100, audit });
  }
  return out;
}

const scored = (lhr: Result, id: string) => {
  const mode = lhr.audits[id]?.scoreDisplayMode;
  return mode === 'binary' || mode === 'numeric' || mode === 'metricSavings';
};

function flaggedOf(lhr: Result) {
  const out = new Map<string, Result['audits'][string]>();
  for (const ref of lhr.categories['performance']?.auditRefs ?? []) {
    const audit = lhr.audits[ref.id];
    // What the report shows: not the metrics (weighed above), not the hidden audits.
    if (!audit || ref.weight > 0 || ref.group === 'metrics' || ref.group === 'hidden' || audit.score === null) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'notApplicable') continue;
    // An opportunity whose estimated savings are nil in this run ("Est savings of 0 ms").
    const savings = Object.values(audit.metricSavings ?? {});
    if (audit.scoreDisplayMode === 'metricSavings' && savings.length && savings.every((v) => !v)) continue;
    if (audit.score < 0.9) out.set(ref.id, audit);
  }
  return out;
}

function summarise(route: string, formFactor: FormFactor, runs: LighthouseRun[]): LighthouseSummary {
  const valid = runs.filter((r) => !r.invalid && r.lhr);
  const med = (xs: (number | null)[]) => median(xs.filter((x): x is number => x !== null));
  const metrics: Record<string, number | null> = {};
  for (const m of METRICS) metrics[m.id] = med(valid.map((r) => r.metrics[m.id] ?? null));
  const costs = new Map<string, AuditCost>();
  const flagged = new Map<string, AuditCost>();
  for (const run of valid) {
    for (const category of ['performance', 'accessibility'] as const) {
      for (const [id, { points, audit }] of costsOf(run.lhr!, category)) {
        const c = costs.get(id) ?? {
          category,
          id,
          title: audit.title,
          points: 0,
          runs: 0,
          displayValue: '',
          examples: [],
        };
        c.points += points / valid.length;
        c.runs += 1;
        c.displayValue = audit.displayValue ?? c.displayValue;
        if (c.examples.length === 0) c.examples = examplesOf(audit);
        costs.set(id, c);
      }
    }
    for (const [id, audit] of flaggedOf(run.lhr!)) {
      const c = flagged.get(id) ?? {
        category: 'performance' as const,
        id,
        title: audit.title,
        points: 0,
        runs: 0,
        displayValue: '',
        examples: [],
      };
      c.runs += 1;
      c.displayValue = audit.displayValue ?? c.displayValue;
      if (c.examples.length === 0) c.examples = examplesOf(audit);
      flagged.set(id, c);
    }
  }
  return {
    route,
    formFactor,
    runs,
    valid: valid.length,
    performance: med(valid.map((r) => r.performance)),
    accessibility: med(valid.map((r) => r.accessibility)),
    metrics,
    costs: [...costs.values()].sort((a, b) => b.points - a.points),
    flagged: [...flagged.values()].sort((a, b) => b.runs - a.runs),
  };
}

export interface LighthouseOptions {
  baseUrl: string;
  routes: string[];
  formFactors: FormFactor[];
  runs: number;
  /** localStorage entries that make the user logged in. */
  session: { name: string; value: string }[];
  /** Where the HTML report of each page and form factor's median run goes (null: none). */
  reportDir: string | null;
  log: (line: string) => void;
}

/**
 * Lighthouse's Node API against each route and form factor, `runs` times, round robin (so a busy
 * minute on a shared machine spreads over all of them instead of sinking one), one page at a time,
 * in one Chromium started by chrome-launcher from /usr/bin/chromium (nothing is downloaded).
 * The session: puppeteer-core (Lighthouse's own dependency), connected to the same Chromium, opens
 * the app once and writes the token into local storage; Lighthouse then runs in fresh tabs of that
 * browser, whose storage reset leaves local storage alone (CLEAR_STORAGE_TYPES).
 */
export async function runLighthouse(opts: LighthouseOptions): Promise<LighthouseSummary[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
    maxConnectionRetries: 200, // a slow first start on a busy machine
  });
  // Started detached: killed here (synchronously) should this process end before the finally below.
  const killChrome = () => chrome.kill();
  process.once('exit', killChrome);
  let browser: Browser | null = null;
  try {
    browser = await puppeteer.connect({
      browserURL: `http://127.0.0.1:${chrome.port}`,
      defaultViewport: null,
      protocolTimeout: 180_000,
    });
    await primeSession(browser, opts.baseUrl, opts.session);

    const runs = new Map<string, LighthouseRun[]>();
    const key = (route: string, ff: FormFactor) => `${route} ${ff}`;
    for (let i = 1; i <= opts.runs; i++) {
      for (const route of opts.routes) {
        for (const ff of opts.formFactors) {
          let run = await runOnce(browser, opts.baseUrl, route, ff);
          if (run.invalid) {
            // Once more (a trace Lighthouse could not read happens on a busy machine), with the session
            // written back in case it was lost.
            opts.log(`  run ${i}/${opts.runs} ${route.padEnd(26)} ${ff.padEnd(7)} again: ${run.invalid}`);
            await primeSession(browser, opts.baseUrl, opts.session);
            run = await runOnce(browser, opts.baseUrl, route, ff);
          }
          const list = runs.get(key(route, ff)) ?? [];
          list.push(run);
          runs.set(key(route, ff), list);
          opts.log(
            `  run ${i}/${opts.runs} ${route.padEnd(26)} ${ff.padEnd(7)} ` +
              (run.invalid
                ? `NOT COUNTED: ${run.invalid}`
                : `performance ${run.performance ?? '-'}  accessibility ${run.accessibility ?? '-'}`),
          );
          if (run.invalid) await primeSession(browser, opts.baseUrl, opts.session);
        }
      }
    }

    const summaries: LighthouseSummary[] = [];
    for (const route of opts.routes) {
      for (const ff of opts.formFactors) {
        const list = runs.get(key(route, ff)) ?? [];
        const s = summarise(route, ff, list);
        summaries.push(s);
        if (opts.reportDir) saveMedianReport(opts.reportDir, s);
      }
    }
    return summaries;
  } finally {
    await browser?.disconnect().catch(() => undefined);
    process.removeListener('exit', killChrome);
    chrome.kill();
  }
}

async function primeSession(browser: Browser, baseUrl: string, session: { name: string; value: string }[]) {
  const page = await browser.newPage();
  try {
    // Any page of the origin will do: local storage is per origin.
    await page.goto(`${baseUrl}/login`, { waitUntil: 'load', timeout: 120_000 });
    await page.evaluate((entries) => {
      for (const e of entries) localStorage.setItem(e.name, e.value);
    }, session);
  } finally {
    await page.close();
  }
}

async function runOnce(browser: Browser, baseUrl: string, route: string, ff: FormFactor): Promise<LighthouseRun> {
  const page = await browser.newPage();
  const empty: LighthouseRun = {
    performance: null,
    accessibility: null,
    metrics: {},
    finalUrl: '',
    invalid: null,
    warnings: [],
    lhr: null,
  };
  try {
    const flags: Flags = {
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
      clearStorageTypes: CLEAR_STORAGE_TYPES,
      // Generous waits: a shared two-core machine.
      maxWaitForFcp: 60_000,
      maxWaitForLoad: 90_000,
    };
    const result = await lighthouse(`${baseUrl}${route}`, flags, CONFIGS[ff], page);
    if (!result) return { ...empty, invalid: 'Lighthouse returned no result' };
    const lhr = result.lhr;
    const finalUrl = lhr.finalDisplayedUrl;
    const metrics: Record<string, number | null> = {};
    for (const m of METRICS) metrics[m.id] = lhr.audits[m.id]?.numericValue ?? null;
    let invalid: string | null = null;
    if (lhr.runtimeError) invalid = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
    else if (new URL(finalUrl).pathname !== route) invalid = `ended on ${new URL(finalUrl).pathname} (session lost?)`;
    else {
      const stored = await page.evaluate(() => localStorage.getItem('jwt_token')).catch(() => null);
      if (!stored) invalid = 'the session token was gone from local storage after the run';
    }
    return {
      performance: score(lhr.categories['performance']?.score),
      accessibility: score(lhr.categories['accessibility']?.score),
      metrics,
      finalUrl,
      invalid,
      warnings: lhr.runWarnings.map(String),
      lhr,
    };
  } catch (err) {
    return { ...empty, invalid: `Lighthouse failed: ${err instanceof Error ? err.message : String(err)}` };
  } finally {
    await page.close().catch(() => undefined);
  }
}

/** The HTML report of the run whose performance score is the median one, for a closer look. */
function saveMedianReport(dir: string, s: LighthouseSummary) {
  const valid = s.runs.filter((r) => !r.invalid && r.lhr);
  if (valid.length === 0) return;
  const sorted = [...valid].sort((a, b) => (a.performance ?? 0) - (b.performance ?? 0));
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
  fs.mkdirSync(dir, { recursive: true });
  const name = `lighthouse-${s.route.replace(/^\//, '').replace(/\//g, '-') || 'dashboard'}-${s.formFactor}.html`;
  fs.writeFileSync(path.join(dir, name), generateReport(mid.lhr!, 'html'));
}
