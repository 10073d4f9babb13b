/**
 * Web app benchmark (`npm run bench -- web`): against the production build
 * served as `npm start` serves it, with the demo network, logged in as the demo publisher,
 *
 *   - Lighthouse (npm `lighthouse`, Node API, Debian's Chromium): performance and accessibility of
 *     the dashboard and the campaign summary report, mobile (Lighthouse's default emulation) and
 *     desktop (its desktop preset), medians of several runs, with the main metrics and the audits
 *     that cost points;
 *   - the dashboard's (and the report's) first data on screen, p50/p95 over repeated loads
 *     (definition in web/first-data.ts);
 *   - scrolling My Offers with 10,000 loaded rows: each scroll step's time to its second frame,
 *     p50/p95 (definition in web/long-list.ts), and the most rows the page held at once;
 *   - each route's gzipped JavaScript from the build's manifest.
 *
 *   BENCH_LIGHTHOUSE_RUNS        Lighthouse runs per page and form factor (default 3)
 *   BENCH_FIRST_DATA_RUNS        loads per page for first data, cold and warm each (default 10)
 *   BENCH_FIRST_DATA_TIMEOUT_S   how long a load may take to show data (default 10)
 *   BENCH_LONG_LIST_RUNS         scrolls of the 10,000-row list (default 3)
 *   BENCH_SKIP_LIGHTHOUSE=1      first data, the long list and sizes only
 *   BENCH_SKIP_BUILD=1           measure the existing build even if sources are newer
 *
 * The median run's HTML report of each page and form factor is written to bench/results/web/.
 * Exits 1 when something could not be measured or the build failed; missed targets are reported,
 * not failed.
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { BuildManifest, kB, type OpenWeight } from './web/bundle.ts';
import { CHROMIUM } from './web/chromium.ts';
import { measureFirstData, type FirstDataResult, type FirstDataSample } from './web/first-data.ts';
import { measureLongList, type LongListResult } from './web/long-list.ts';
import type { Result } from 'lighthouse';
import { METRICS, runLighthouse, type FormFactor, type LighthouseSummary } from './web/lighthouse.ts';
import { buildStale, login, root, sessionEntries, startServer, type Server } from './web/server.ts';
import { median, percentile } from './web/stats.ts';

const LH_RUNS = Number(process.env['BENCH_LIGHTHOUSE_RUNS'] ?? 3);
const FD_RUNS = Number(process.env['BENCH_FIRST_DATA_RUNS'] ?? 10);
const FD_TIMEOUT_S = Number(process.env['BENCH_FIRST_DATA_TIMEOUT_S'] ?? 10);
const LONG_LIST_RUNS = Number(process.env['BENCH_LONG_LIST_RUNS'] ?? 3);
const SKIP_LIGHTHOUSE = Boolean(process.env['BENCH_SKIP_LIGHTHOUSE']);
const REPORT_DIR = path.join(root, 'bench/results/web');

/** The pages measured, with their route module in the build's manifest. */
const PAGES = [
  { route: '/', name: 'dashboard', module: 'src/app/routes/app/dashboard-page.tsx' },
  { route: '/reports/campaign-summary', name: 'campaign summary', module: 'src/app/routes/app/reports-page.tsx' },
];
const FORM_FACTORS: FormFactor[] = ['mobile', 'desktop'];
/** routeJsKb: "at most 250 kB gzipped with the chart" (the build's budgets: apps/web/scripts/check-size.mjs). */
const TARGET = { performance: 95, accessibility: 95, firstDataMs: 1000, routeJsKb: 250, scrollStepMs: 100 };

const log = (line = '') => console.log(line);
const secs = (ms: number | null) =>
  ms === null ? '-' : ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(2)} s`;
const ms = (x: number | null) => (x === null ? '-' : `${Math.round(x)} ms`);

function chromiumVersion(): string {
  const r = spawnSync(CHROMIUM, ['--version'], { encoding: 'utf8' });
  return (r.stdout ?? '').trim() || 'unknown Chromium';
}

function printSizes(server: Server): OpenWeight[] {
  const manifest = new BuildManifest(server.webDist);
  log('\nJavaScript by route (gzipped, level 9, from the build manifest as apps/web/scripts/check-size.mjs lists it)');
  log('  beyond the entry (what the build output lists):');
  for (const r of manifest.routes()) log(`  ${kB(r.beyondEntry).padStart(9)}  ${r.key.replace(/^src\/app\//, '')}`);
  const opened: OpenWeight[] = [];
  log('  opening a page cold (entry + app layout + route module, all static imports):');
  for (const p of PAGES) {
    const w = manifest.open(p.route, p.module);
    if (!w) {
      log(`  ${p.route}: ${p.module} not in the manifest`);
      continue;
    }
    opened.push(w);
    log(`  ${kB(w.total).padStart(9)}  ${p.route} (${w.files} files)`);
    for (const l of w.lazy) {
      const where = l.from === p.module ? 'the page' : l.from.replace(/^src\/app\//, '');
      log(`  ${`+ ${kB(l.bytes)}`.padStart(11)}  on demand: ${l.module.replace(/^src\//, '')} (imported by ${where})`);
    }
  }
  return opened;
}

/** The scripts a Lighthouse run loaded (its network-requests audit): count, bytes sent, and gzipped as built. */
function scriptsLoaded(lhr: Result, manifest: BuildManifest | null) {
  const details = lhr.audits['network-requests']?.details as
    { items?: { url: string; resourceType?: string; transferSize?: number }[] } | undefined;
  const scripts = (details?.items ?? []).filter((i) => i.resourceType === 'Script');
  const sent = scripts.reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
  const gz = manifest
    ? scripts.reduce((sum, i) => sum + manifest.gz(new URL(i.url).pathname.replace(/^\//, '')), 0)
    : null;
  return { files: scripts.length, sent, gz };
}

function printLighthouse(summaries: LighthouseSummary[], manifest: BuildManifest | null) {
  log(
    `\nLighthouse ${summaries[0]?.runs.find((r) => r.lhr)?.lhr?.lighthouseVersion ?? ''}: medians per page and form factor`,
  );
  const head =
    '  page                        form     runs  perf  a11y' + METRICS.map((m) => m.label.padStart(9)).join('');
  log(head);
  log(`  ${'-'.repeat(head.length - 2)}`);
  for (const s of summaries) {
    const metric = (id: string, unit: string) => {
      const v = s.metrics[id] ?? null;
      return (v === null ? '-' : unit === 'ms' ? secs(v) : v.toFixed(3)).padStart(9);
    };
    log(
      `  ${s.route.padEnd(27)} ${s.formFactor.padEnd(8)} ${`${s.valid}/${s.runs.length}`.padStart(4)}  ` +
        `${String(s.performance ?? '-').padStart(4)}  ${String(s.accessibility ?? '-').padStart(4)}` +
        METRICS.map((m) => metric(m.id, m.unit)).join(''),
    );
  }
  const bench = median(
    summaries.flatMap((s) => s.runs.map((r) => r.lhr?.environment.benchmarkIndex ?? NaN)).filter(Number.isFinite),
  );
  log(
    `  (scores 0-100; FCP first contentful paint, LCP largest contentful paint, TBT total blocking time, CLS cumulative` +
      ` layout shift, SI speed index; mobile: simulated slow 4G and 4x CPU; Lighthouse CPU benchmark index ${bench?.toFixed(0) ?? '-'})`,
  );

  log(
    '  JavaScript the pages loaded in their desktop runs (Lighthouse network log, whole load incl. on-demand chunks):',
  );
  for (const s of summaries.filter((x) => x.formFactor === 'desktop')) {
    const lhr = s.runs.find((r) => !r.invalid && r.lhr)?.lhr;
    if (!lhr) continue;
    const js = scriptsLoaded(lhr, manifest);
    log(
      `    ${s.route.padEnd(27)} ${js.files} files, ${kB(js.sent)} sent over the wire` +
        (js.gz !== null ? `, ${kB(js.gz)} gzipped` : ''),
    );
  }

  log('\nWhat costs points (mean points off the score over the counted runs)');
  for (const s of summaries) {
    const costs = s.costs.filter((c) => c.points >= 0.5);
    log(`  ${s.route} ${s.formFactor}: ${costs.length ? '' : 'nothing'}`);
    for (const c of costs) {
      log(
        `    -${c.points.toFixed(1).padStart(4)} ${c.category.padEnd(13)} ${c.id}: ${c.title}` +
          `${c.displayValue ? ` (${c.displayValue})` : ''}${c.runs < s.valid ? ` [${c.runs}/${s.valid} runs]` : ''}`,
      );
      for (const e of c.examples.slice(0, 2)) log(`           ${e}`);
    }
    const flagged = s.flagged.slice(0, 8);
    if (flagged.length) log(`    flagged (no weight of their own; they explain the metrics):`);
    for (const f of flagged) {
      log(`       ${f.id}: ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''} [${f.runs}/${s.valid} runs]`);
      for (const e of f.examples.slice(0, 2)) log(`           ${e}`);
    }
  }
  const warnings = new Map<string, number>();
  for (const s of summaries)
    for (const r of s.runs) for (const w of r.warnings) warnings.set(w, (warnings.get(w) ?? 0) + 1);
  if (warnings.size) {
    log('  Lighthouse warnings:');
    for (const [w, n] of warnings) log(`    ${n} x ${w.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  log(`  the median run's HTML report of each: ${path.relative(root, REPORT_DIR)}/`);
}

function printFirstData(results: FirstDataResult[], manifest: BuildManifest | null) {
  log(
    `\nFirst data on screen (desktop 1280 x 860; from navigation start to the first frame showing a visible` +
      ` [data-first-data] element or a table body cell with text, skeletons excluded)`,
  );
  log(
    `  ${'page'.padEnd(31)} ${'loads'.padStart(5)}  ` +
      ['p50', 'p95', 'min', 'max'].map((h) => h.padStart(7)).join('  ') +
      `  ${'FCP p50'.padStart(9)}  ${'last API p50'.padStart(12)}  JS before data`,
  );
  for (const r of results) {
    if (r.missing) {
      log(`  ${r.route.padEnd(31)} ${r.missing}`);
      continue;
    }
    for (const [label, samples] of [
      ['cold', r.cold],
      ['warm', r.warm],
    ] as const) {
      if (samples.length === 0) continue;
      const fd = samples.map((s) => s.firstData);
      const js = jsBefore(samples, manifest);
      log(
        `  ${`${r.route} ${label}`.padEnd(31)} ${String(samples.length).padStart(5)}  ` +
          [percentile(fd, 50), percentile(fd, 95), Math.min(...fd), Math.max(...fd)]
            .map((x) => ms(x).padStart(7))
            .join('  ') +
          `  ${ms(median(samples.flatMap((s) => (s.fcp === null ? [] : [s.fcp])))).padStart(9)}` +
          `  ${ms(median(samples.flatMap((s) => (s.lastApi === null ? [] : [s.lastApi])))).padStart(12)}` +
          `  ${js}`,
      );
    }
    const first = r.cold[0];
    if (first) log(`    first data: ${first.via} "${first.text}"`);
  }
  log(
    '  (cold: a new browser context each load, empty HTTP cache; warm: one context, cache filled by a load before;' +
      ' last API: when the last /api answer before the first data arrived)',
  );
}

/** Gzipped size of the scripts the page had loaded before its first data (from the cold loads). */
function jsBefore(samples: FirstDataSample[], manifest: BuildManifest | null): string {
  if (!manifest) return '-';
  const sizes = samples.map((s) =>
    s.scripts.reduce((sum, url) => sum + manifest.gz(new URL(url).pathname.replace(/^\//, '')), 0),
  );
  const files = percentile(
    samples.map((s) => s.scripts.length),
    50,
  );
  return `${kB(percentile(sizes, 50) ?? 0)} in ${files ?? 0} files`;
}

async function main() {
  log(
    `web benchmark: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}, ${chromiumVersion()}, Node ${process.version}`,
  );
  let failed = false;

  // 1. Build what is stale.
  const builds = buildStale();
  for (const b of builds) {
    if (b.reason === null) log(`build ${b.workspace}: up to date`);
    else if (b.ok) log(`build ${b.workspace}: ${b.reason}${b.seconds ? `, built in ${b.seconds.toFixed(1)} s` : ''}`);
    else {
      failed = true;
      log(`build ${b.workspace}: FAILED (${b.reason}); measuring the build that is there. Its last lines:`);
      for (const l of b.tail) log(`  | ${l}`);
    }
  }

  // 2. The server, as `npm start` runs it, with the demo network.
  const server = await startServer();
  const results: {
    lighthouse: LighthouseSummary[] | null;
    lighthouseError: string | null;
    firstData: FirstDataResult[] | null;
    firstDataError: string | null;
    longList: LongListResult | null;
    sizes: OpenWeight[];
  } = {
    lighthouse: null,
    lighthouseError: null,
    firstData: null,
    firstDataError: null,
    longList: null,
    sizes: [],
  };
  let manifest: BuildManifest | null = null;
  try {
    log(
      `server: ${server.baseUrl} (node apps/server/dist/server.js, embedded database, demo network ready in ${server.seedSeconds.toFixed(1)} s)`,
    );
    const session = await login(server.baseUrl);
    log(
      `logged in as demo@portal.test (publisher ${session.publisherId ?? '?'}); the token goes into local storage as the app keeps it`,
    );

    try {
      manifest = new BuildManifest(server.webDist);
      results.sizes = printSizes(server);
    } catch (err) {
      failed = true;
      log(`\nJavaScript by route: ${err instanceof Error ? err.message : String(err)}`);
    }

    // 3. Lighthouse.
    if (!SKIP_LIGHTHOUSE) {
      log(`\nLighthouse: ${LH_RUNS} runs per page and form factor, one page at a time`);
      try {
        results.lighthouse = await runLighthouse({
          baseUrl: server.baseUrl,
          routes: PAGES.map((p) => p.route),
          formFactors: FORM_FACTORS,
          runs: LH_RUNS,
          session: sessionEntries(session),
          reportDir: REPORT_DIR,
          log,
        });
        printLighthouse(results.lighthouse, manifest);
      } catch (err) {
        failed = true;
        results.lighthouseError = err instanceof Error ? (err.stack ?? err.message) : String(err);
        log(`  Lighthouse failed: ${results.lighthouseError}`);
      }
    }

    // 4. First data on screen.
    log(`\nFirst data: ${FD_RUNS} cold and ${FD_RUNS} warm loads per page, up to ${FD_TIMEOUT_S} s each`);
    try {
      results.firstData = await measureFirstData({
        baseUrl: server.baseUrl,
        routes: PAGES.map((p) => p.route),
        runs: FD_RUNS,
        timeoutMs: FD_TIMEOUT_S * 1000,
        session: sessionEntries(session),
        log,
      });
      printFirstData(results.firstData, manifest);
    } catch (err) {
      failed = true;
      results.firstDataError = err instanceof Error ? (err.stack ?? err.message) : String(err);
      log(`  first data failed: ${results.firstDataError}`);
    }

    // 5. The long list.
    log(`\nMy Offers with 10,000 loaded rows: ${LONG_LIST_RUNS} scrolls top to bottom in 60 steps`);
    try {
      results.longList = await measureLongList({
        baseUrl: server.baseUrl,
        session: sessionEntries(session),
        runs: LONG_LIST_RUNS,
      });
      const l = results.longList;
      log(
        `  step to its second frame: p50 ${ms(percentile(l.steps, 50))}, p95 ${ms(percentile(l.steps, 95))}, max ${ms(
          Math.max(...l.steps),
        )} over ${l.steps.length} steps; at most ${l.maxRows} rows in the page`,
      );
    } catch (err) {
      failed = true;
      log(`  long list failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
    if (server.errors.length) {
      log(`\nthe server logged ${server.errors.length} errors; the first ones:`);
      for (const e of server.errors.slice(0, 5)) log(`  ${e}`);
    }
  } finally {
    await server.stop();
  }

  // 6. Summary.
  const verdict = (ok: boolean | null) => (ok === null ? 'NOT MEASURED' : ok ? 'met' : 'NOT MET');
  log(
    `\nsummary (targets: Lighthouse performance >= ${TARGET.performance} and accessibility >= ${TARGET.accessibility}` +
      ` on both pages; dashboard first data < ${TARGET.firstDataMs} ms; each page's JavaScript <= ${TARGET.routeJsKb} kB gzipped)`,
  );
  for (const b of builds.filter((x) => !x.ok))
    log(`  BUILD FAILED: ${b.workspace}; the figures below are of the previous build`);
  for (const category of ['performance', 'accessibility'] as const) {
    if (!results.lighthouse) {
      log(
        `  Lighthouse ${category}: ${verdict(null)}${results.lighthouseError ? ' (Lighthouse failed)' : ' (skipped)'}`,
      );
      continue;
    }
    const parts = results.lighthouse.map((s) => {
      const v = s[category];
      return { text: `${s.route} ${s.formFactor} ${v ?? '-'}`, ok: v === null ? null : v >= TARGET[category] };
    });
    const all = parts.some((p) => p.ok === null) ? null : parts.every((p) => p.ok);
    log(`  Lighthouse ${category} >= ${TARGET[category]}: ${verdict(all)} (${parts.map((p) => p.text).join(', ')})`);
  }
  for (const p of PAGES) {
    const r = results.firstData?.find((x) => x.route === p.route);
    const isDashboard = p.route === '/';
    const label = `${p.name} first data${isDashboard ? ` < ${TARGET.firstDataMs} ms` : ''}`;
    if (!r || r.missing || r.cold.length === 0) {
      log(`  ${label}: ${verdict(null)}${r?.missing ? ` (${r.missing})` : ''}`);
      continue;
    }
    const fd = r.cold.map((s) => s.firstData);
    const p50 = percentile(fd, 50)!;
    const p95 = percentile(fd, 95)!;
    const figures = `cold p50 ${ms(p50)}, p95 ${ms(p95)} over ${fd.length} loads; warm p50 ${ms(
      percentile(
        r.warm.map((s) => s.firstData),
        50,
      ),
    )}`;
    if (!isDashboard) log(`  ${label}: ${figures} (no target)`);
    else if (p50 < TARGET.firstDataMs && p95 >= TARGET.firstDataMs)
      log(`  ${label}: met at p50, NOT at p95 (${figures})`);
    else log(`  ${label}: ${verdict(p50 < TARGET.firstDataMs)} (${figures})`);
  }
  if (!results.longList) log(`  long list scroll step p95 < ${TARGET.scrollStepMs} ms: ${verdict(null)}`);
  else {
    const p95 = percentile(results.longList.steps, 95)!;
    log(
      `  long list scroll step p95 < ${TARGET.scrollStepMs} ms: ${verdict(p95 < TARGET.scrollStepMs)} (${ms(p95)}; ` +
        `at most ${results.longList.maxRows} of 10,000 rows in the page)`,
    );
  }
  for (const w of results.sizes) {
    // The page's JavaScript as check-size.mjs budgets it: what opening it loads, and with what it
    // loads on demand (its chart, the pickers and menus drawn as stand-ins first).
    const whole = w.total + w.lazyOfPage;
    const figures =
      `${kB(w.total)} gzipped to open it, ${kB(whole)} with what the page loads on demand` +
      (w.lazyAll > w.lazyOfPage ? `, ${kB(w.total + w.lazyAll)} with the header's panels too` : '');
    log(
      `  JavaScript of ${w.route} <= ${TARGET.routeJsKb} kB with the chart: ${verdict(whole <= TARGET.routeJsKb * 1024)} (${figures})`,
    );
  }
  return failed ? 1 : 0;
}

// Interrupted: exit through process.exit, so the 'exit' hooks stop the server and remove its files.
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));
process.exit(await main());
