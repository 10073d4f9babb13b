import type { FaultResult } from './fault-scenario.ts';

/**
 * The fault tests' table: one row per test and database. "acknowledged", "stored", "lost" and
 * "duplicated" are clicks / conversions; lost is acknowledged but not stored, duplicated stored
 * more than once. The p99 is of the clicks sent while the fault lasted; time to recover runs from
 * the end of the fault (for a kill, the kill) to the first click acknowledged after it.
 */
export function faultTable(results: FaultResult[]): string {
  const head = [
    'test',
    'database',
    'injected',
    'acknowledged',
    'stored',
    'lost',
    'duplicated',
    'p99 during fault',
    'time to recover',
    'result',
  ];
  const rows = results.map((r) => {
    const c = r.counts;
    const pair = (a: number | undefined, b: number | undefined) => (c ? `${a} / ${b}` : '-');
    return [
      r.id,
      r.db === 'postgres' ? 'PostgreSQL' : 'PGlite',
      r.injected,
      pair(c?.clicks.acknowledged, c?.conversions.acknowledged),
      pair(c?.clicks.stored, c?.conversions.stored),
      pair(c?.clicks.lost, c?.conversions.lost),
      pair(c?.clicks.duplicated, c?.conversions.duplicated),
      r.p99Ms === null ? '-' : `${Math.round(r.p99Ms)} ms`,
      r.recoverMs === null ? '-' : `${(r.recoverMs / 1000).toFixed(1)} s`,
      r.skipped ? `skipped: ${r.skipped}` : r.pass ? 'pass' : 'FAIL',
    ];
  });
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Each test's checks and notes, failures first, for the log. */
export function faultDetails(r: FaultResult): string {
  const lines = [`${r.id} (${r.db}): ${r.skipped ? `skipped: ${r.skipped}` : r.pass ? 'pass' : 'FAIL'}`];
  for (const c of [...r.checks].sort((a, b) => Number(a.ok) - Number(b.ok)))
    lines.push(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.name}: ${c.detail}`);
  for (const n of r.notes) lines.push(`  - ${n}`);
  return lines.join('\n');
}
