import fs from 'node:fs';
import { once } from 'node:events';
import type { ReportType } from '@portal/shared';
import type { AppContext } from '../../context.ts';
import type { JobRunner } from '../../lib/job-runner.ts';
import type { PublisherAuth } from '../../lib/request-identity.ts';
import { reportsService } from '../reports/reports.service.ts';
import { EXPORT_COLUMNS, csvLine } from './exports.csv.ts';
import { exportsRepository, type ExportJobRow } from './exports.repository.ts';
import { exportDir, exportFile, type ExportRequest } from './exports.service.ts';

/** Rows read per query while writing a file: memory stays at one batch however long the file. */
const BATCH = 2000;
const RETENTION_HOURS = 24;

/** Writes one job's file: pages of the report, streamed to disk with back-pressure. */
async function writeJob(ctx: AppContext, job: ExportJobRow): Promise<{ rows: number; dataAsOf: Date }> {
  const req = (typeof job.request === 'string' ? JSON.parse(job.request) : job.request) as ExportRequest;
  const type = job.type as ReportType;
  const auth = {
    userId: job.user_id,
    publisherId: job.publisher_id,
    purpose: 'access',
    tokenVersion: 0,
  } as PublisherAuth;
  const scope = await reportsService.scope(ctx, auth, req.filters, type);
  scope.timezone = job.timezone;
  const columns = EXPORT_COLUMNS[type]!;
  fs.mkdirSync(exportDir(ctx), { recursive: true });
  const part = `${exportFile(ctx, job.id)}.part`;
  const out = fs.createWriteStream(part);
  const dataAsOf = new Date();
  let rows = 0;
  let lastLease = Date.now();
  try {
    out.write(csvLine(columns));
    for await (const batch of reportsService.allRows(ctx, type, scope, req.sort, req.order, BATCH)) {
      let chunk = '';
      for (const row of batch) chunk += csvLine(columns.map((c) => (row as Record<string, unknown>)[c]));
      rows += batch.length;
      if (!out.write(chunk)) await once(out, 'drain');
      if (Date.now() - lastLease > 30_000) {
        await exportsRepository.extendLease(ctx.db, job.id);
        lastLease = Date.now();
      }
    }
    out.end();
    await once(out, 'finish');
  } catch (err) {
    out.destroy();
    fs.rmSync(part, { force: true });
    throw err;
  }
  fs.renameSync(part, exportFile(ctx, job.id));
  return { rows, dataAsOf };
}

/** Works the export jobs waiting (any process's), then deletes files past their retention. */
async function workExports(ctx: AppContext): Promise<void> {
  for (;;) {
    const job = await exportsRepository.claim(ctx.db);
    if (!job) break;
    try {
      const r = await writeJob(ctx, job);
      await exportsRepository.finish(ctx.db, job.id, { status: 'completed', rowCount: r.rows, dataAsOf: r.dataAsOf });
    } catch (err) {
      ctx.log.error({ err, job: job.id }, 'export failed');
      await exportsRepository.finish(ctx.db, job.id, { status: 'error', error: 'The export could not be written.' });
    }
  }
  for (const id of await exportsRepository.deleteOlderThan(ctx.db, RETENTION_HOURS))
    fs.rmSync(exportFile(ctx, id), { force: true });
}

const kicks = new WeakMap<AppContext, () => void>();

/**
 * Export jobs as a job of the app's runner: worked when one is created (`kickExports`), and every
 * few seconds for jobs left by other processes (or by one that died: its claim's lease runs out
 * and another process takes over).
 */
export function addExportJobs(jobs: JobRunner, ctx: AppContext): void {
  kicks.set(ctx, jobs.loop({ name: 'exports', everyMs: 5000, run: () => workExports(ctx) }));
}

/** An export was asked for: work it now rather than at the next poll. */
export function kickExports(ctx: AppContext): void {
  kicks.get(ctx)?.();
}
