import fs from 'node:fs';
import path from 'node:path';
import { tally } from './fault-load.ts';
import { pgServerUnavailable } from './pg-server.ts';
import {
  after,
  check,
  fmt,
  scenario,
  skipped,
  sleep,
  warmUp,
  type FaultResult,
  type Variant,
} from './fault-scenario.ts';

export function f4(entry: string, variant: Variant): Promise<FaultResult> {
  const fullMs = variant === 'short' ? 5000 : 20_000;
  const injected = `data filesystem (tmpfs, 192 MB) filled for ${fullMs / 1000} s, then freed`;
  const why = pgServerUnavailable() ?? mountUnavailable();
  if (why) return Promise.resolve(skipped('F4', 'postgres', injected, why));
  return scenario(entry, 'F4', injected, { kind: 'postgres', dataFsMb: 192 }, {}, async (run) => {
    const { bed, load } = run;
    await sleep(warmUp(variant));
    const mount = bed.pg!.dataMount!;
    const ballast = path.join(mount, 'ballast');
    const from = performance.now();
    const filled = fill(ballast);
    await sleep(fullMs);
    fs.rmSync(ballast, { force: true });
    const to = performance.now();
    run.windows.push({ from, to });
    await sleep(after(variant));
    const during = load.window('click', from + 500, to);
    const convDuring = load.window('conversion', from + 500, to);
    run.notes.push(
      `ballast ${Math.round(filled / 1048576)} MB; clicks while full: ${fmt(tally(during))}; conversions while full: ${fmt(tally(convDuring))}`,
    );
    run.checks.push(
      check('PostgreSQL stayed up', bed.pg!.isRunning(), bed.pg!.isRunning() ? 'running' : bed.pg!.log().slice(-2000)),
    );
    run.checks.push(
      check(
        'the full disk was felt (some writes refused with 503)',
        [...during, ...convDuring].some((s) => s.answer.kind === 'status' && s.answer.status === 503),
        fmt(tally(during)),
      ),
    );
  });
}

/** Writes a file until the filesystem is full; answers its size. */
function fill(file: string): number {
  const fd = fs.openSync(file, 'w');
  let size = 0;
  try {
    for (const chunk of [1 << 20, 64 << 10, 4 << 10]) {
      const buf = Buffer.alloc(chunk, 1);
      for (;;) {
        try {
          fs.writeSync(fd, buf);
          size += chunk;
        } catch {
          break;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
  return size;
}

/** Why the harness cannot mount a filesystem of its own here, or null. */
function mountUnavailable(): string | null {
  if (process.getuid?.() !== 0)
    return 'F4 needs root to mount a small tmpfs for the database (run the faults as root, or in a container with CAP_SYS_ADMIN)';
  return null;
}
