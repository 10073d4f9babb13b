import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import {
  API_BASE,
  API_PATHS,
  ERROR_CODES,
  REPORT_DEFAULT_SORT,
  REPORT_SORTS,
  type ExportStartRequest,
  type ReportType,
  type SortOrder,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { fieldError, notFound } from '../../lib/errors.ts';
import type { PublisherAuth } from '../../lib/request-identity.ts';
import { reportsService } from '../reports/reports.service.ts';
import { localIso } from '../reports/reports.time.ts';
import { exportsRepository, type ExportJobRow } from './exports.repository.ts';
import { createWithinQuota } from './exports.quota.ts';

/** Lifetime of a download link handed to the job's owner. */
export const EXPORT_URL_TTL_SECONDS = 10 * 60;

export interface ExportRequest {
  filters: ExportStartRequest['filters'];
  sort: string;
  order: SortOrder;
}

export const exportDir = (ctx: AppContext) => path.join(ctx.config.DATA_DIR, 'exports');
export const exportFile = (ctx: AppContext, id: string) => path.join(exportDir(ctx), `${id}.csv`);

const secrets = new WeakMap<AppContext, Promise<string>>();
function secret(ctx: AppContext): Promise<string> {
  let s = secrets.get(ctx);
  if (!s) {
    s = exportsRepository.secret(ctx.db);
    secrets.set(ctx, s);
  }
  return s;
}

/**
 * A link is signed for the job, its publisher, its expiry, the job owner's token version and the
 * session that asked for it, so a password change, a two-factor change or "log out everywhere"
 * ends the links handed out, and so does logging out of the session that got the link
 * (docs/security.md).
 */
const sign = (key: string, id: string, publisherId: number, tokenVersion: number, session: string, expires: number) =>
  crypto
    .createHmac('sha256', key)
    .update(`export:${id}:${publisherId}:${tokenVersion}:${session}:${expires}`)
    .digest('base64url');

/** The job owner's current token version (-1 once the user is gone: no link verifies). */
const ownerVersion = async (ctx: AppContext, userId: number): Promise<number> =>
  (await ctx.db.selectFrom('users').select('token_version').where('id', '=', userId).executeTakeFirst())
    ?.token_version ?? -1;

/** Whether the session a link was made in still lasts (exports are made in sessions only, not with API keys). */
async function sessionLasts(ctx: AppContext, session: string): Promise<boolean> {
  const revoked = await ctx.db
    .selectFrom('revoked_sessions')
    .select('sid')
    .where('sid', '=', session)
    .executeTakeFirst();
  return revoked === undefined;
}

/** `{type}_export_{YYYY-MM-DD_hh.mm.ss}.csv` (docs/limits.md), in the user's zone. */
export function exportFileName(type: string, zone: string, at: number): string {
  const iso = localIso(zone, at); // 2026-11-22T10:15:00+05:30
  return `${type}_export_${iso.slice(0, 10)}_${iso.slice(11, 19).replace(/:/g, '.')}.csv`;
}

export const exportsService = {
  /** Records a pending job for the caller's report with these filters (docs/api.md "Generic CSV export"). */
  async start(
    ctx: AppContext,
    auth: PublisherAuth,
    type: ReportType,
    body: ExportStartRequest,
  ): Promise<ExportJobRow['id']> {
    const sort = body.sort ?? REPORT_DEFAULT_SORT[type].sort;
    const order = body.order ?? REPORT_DEFAULT_SORT[type].order;
    if (!(REPORT_SORTS[type] as readonly string[]).includes(sort))
      throw fieldError('sort', ERROR_CODES.BAD_FORMAT, 'Unknown sort column.');
    // Validates the filters now (a bad range answers 422 here, not as a failed job later).
    const scope = await reportsService.scope(ctx, auth, body.filters, type);
    const id = crypto.randomUUID();
    // At most a few jobs in flight and a budget per hour (429 past them, lib/quotas.ts).
    await createWithinQuota(ctx.db, auth.publisherId, (trx) =>
      exportsRepository.create(trx, {
        id,
        publisher_id: auth.publisherId,
        user_id: auth.userId,
        type,
        request: { filters: body.filters ?? {}, sort, order } satisfies ExportRequest,
        timezone: scope.timezone,
        file_name: exportFileName(type, scope.timezone, Date.now()),
      }),
    );
    return id;
  },

  async poll(ctx: AppContext, auth: PublisherAuth, id: string) {
    const job = await exportsRepository.findForPublisher(ctx.db, auth.publisherId, id);
    if (!job) throw notFound('Export not found.');
    const out: {
      status: ExportJobRow['status'];
      timezone: string;
      export_url?: string;
      file_name?: string;
      rows?: number;
      data_as_of?: string;
    } = {
      status: job.status,
      timezone: job.timezone,
    };
    if (job.status === 'completed') {
      const expires = Math.floor(Date.now() / 1000) + EXPORT_URL_TTL_SECONDS;
      const signature = sign(
        await secret(ctx),
        job.id,
        job.publisher_id,
        await ownerVersion(ctx, job.user_id),
        auth.sessionId,
        expires,
      );
      const session = encodeURIComponent(auth.sessionId);
      out.export_url = `${API_BASE}${API_PATHS.exportDownload}/${job.id}?expires=${expires}&signature=${signature}&session=${session}`;
      out.file_name = job.file_name;
      out.rows = Number(job.row_count ?? 0);
      if (job.data_as_of) out.data_as_of = new Date(job.data_as_of).toISOString();
    }
    return out;
  },

  /**
   * The job a download may serve: a valid, unexpired signature made for its owner in a session that
   * still lasts, or the owner's bearer token. Anything else is a 404, like a missing job.
   */
  async downloadable(
    ctx: AppContext,
    id: string,
    by: {
      expires?: number | undefined;
      signature?: string | undefined;
      session?: string | undefined;
      publisherId?: number | undefined;
    },
  ): Promise<ExportJobRow> {
    const job = await ctx.db
      .selectFrom('export_jobs')
      .select([
        'id',
        'publisher_id',
        'user_id',
        'type',
        'request',
        'timezone',
        'status',
        'file_name',
        'row_count',
        'data_as_of',
        'created_at',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!job || job.status !== 'completed') throw notFound('Export not found.');
    let ok = by.publisherId != null && by.publisherId === job.publisher_id;
    if (!ok && by.signature && by.session && by.expires && by.expires >= Date.now() / 1000) {
      const version = await ownerVersion(ctx, job.user_id);
      const expected = Buffer.from(sign(await secret(ctx), job.id, job.publisher_id, version, by.session, by.expires));
      const given = Buffer.from(by.signature);
      ok =
        expected.length === given.length &&
        crypto.timingSafeEqual(expected, given) &&
        (await sessionLasts(ctx, by.session));
    }
    if (!ok || !fs.existsSync(exportFile(ctx, job.id))) throw notFound('Export not found.');
    return job as unknown as ExportJobRow;
  },
};
