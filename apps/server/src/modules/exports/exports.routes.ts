import fs from 'node:fs';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  EXPORT_TYPES,
  exportPollRequestSchema,
  exportPollResponseSchema,
  exportStartRequestSchema,
  exportStartResponseSchema,
} from '@portal/shared';
import type { AppContext } from '../../context.ts';
import { publisherOf } from '../../lib/request-identity.ts';
import { exportFile, exportsService } from './exports.service.ts';
import { kickExports } from './exports.jobs.ts';

export const exportsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    // The session scope authenticates every route (plugins/publisher-api.ts).
    const base = { tags: ['exports'] };

    for (const type of EXPORT_TYPES) {
      app.post(
        API_PATHS.reportExport(type),
        {
          schema: { ...base, body: exportStartRequestSchema, response: { 200: exportStartResponseSchema } },
        },
        async (req) => {
          const id = await exportsService.start(ctx, publisherOf(req), type, req.body);
          kickExports(ctx);
          // Relative to the API base, like every path of docs/api.md the web app calls.
          return { success: true as const, result: { job_id: id, poll_endpoint: API_PATHS.exportStatus } };
        },
      );
    }

    app.post(
      API_PATHS.exportStatus,
      { schema: { ...base, body: exportPollRequestSchema, response: { 200: exportPollResponseSchema } } },
      async (req) => exportsService.poll(ctx, publisherOf(req), req.body.id),
    );

    // A browser downloads by navigation (no Authorization header), so the link the owner gets from
    // polling is signed, short-lived and ends with the session that polled; an API client may use
    // its bearer token instead (checked by the session scope when sent).
    app.get(
      `${API_PATHS.exportDownload}/:id`,
      {
        config: { sessionOptional: true },
        schema: {
          tags: ['exports'],
          params: z.strictObject({ id: z.string().uuid() }),
          querystring: z.strictObject({
            expires: z.coerce.number().int().positive().optional(),
            signature: z.string().max(128).optional(),
            session: z.string().max(128).optional(),
          }),
        },
      },
      async (req, reply) => {
        const publisherId = req.auth ? publisherOf(req).publisherId : undefined;
        const job = await exportsService.downloadable(ctx, req.params.id, { ...req.query, publisherId });
        void reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${job.file_name}"`)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .header('x-report-timezone', job.timezone)
          .header('x-data-as-of', job.data_as_of ? new Date(job.data_as_of).toISOString() : '');
        return reply.send(fs.createReadStream(exportFile(ctx, job.id)));
      },
    );
  };
