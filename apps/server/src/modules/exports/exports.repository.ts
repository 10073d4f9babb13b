import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

export interface ExportJobRow {
  id: string;
  publisher_id: number;
  user_id: number;
  type: string;
  request: unknown;
  timezone: string;
  status: 'pending' | 'processing' | 'completed' | 'error';
  file_name: string;
  row_count: number | null;
  data_as_of: Date | null;
  created_at: Date;
}

const COLUMNS = [
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
] as const;

/** How long a claimed job stays with its process before another may take it over. */
export const LEASE_SECONDS = 120;

export const exportsRepository = {
  async create(
    db: Db,
    job: {
      id: string;
      publisher_id: number;
      user_id: number;
      type: string;
      request: unknown;
      timezone: string;
      file_name: string;
    },
  ) {
    await db
      .insertInto('export_jobs')
      .values({ ...job, request: JSON.stringify(job.request) })
      .execute();
  },

  async findForPublisher(db: Db, publisherId: number, id: string): Promise<ExportJobRow | undefined> {
    return (await db
      .selectFrom('export_jobs')
      .select(COLUMNS)
      .where('id', '=', id)
      .where('publisher_id', '=', publisherId)
      .executeTakeFirst()) as unknown as ExportJobRow | undefined;
  },

  /** Claims the oldest pending job (or one whose process died) for this process. */
  async claim(db: Db): Promise<ExportJobRow | undefined> {
    const { rows } = await sql<ExportJobRow>`
      UPDATE export_jobs SET status = 'processing', locked_until = now() + make_interval(secs => ${LEASE_SECONDS})
      WHERE id = (SELECT id FROM export_jobs
                  WHERE status = 'pending' OR (status = 'processing' AND locked_until < now())
                  ORDER BY created_at FOR UPDATE SKIP LOCKED LIMIT 1)
      RETURNING ${sql.join(COLUMNS.map((c) => sql.ref(c)))}`.execute(db);
    return rows[0];
  },

  async extendLease(db: Db, id: string) {
    await sql`UPDATE export_jobs SET locked_until = now() + make_interval(secs => ${LEASE_SECONDS}) WHERE id = ${id}::uuid AND status = 'processing'`.execute(
      db,
    );
  },

  async finish(
    db: Db,
    id: string,
    r: { status: 'completed' | 'error'; rowCount?: number; error?: string; dataAsOf?: Date },
  ) {
    await db
      .updateTable('export_jobs')
      .set({
        status: r.status,
        row_count: r.rowCount ?? null,
        error: r.error ?? null,
        data_as_of: r.dataAsOf ? sql`${r.dataAsOf.toISOString()}::timestamptz` : null,
        finished_at: sql`now()`,
        locked_until: null,
      })
      .where('id', '=', id)
      .execute();
  },

  /** Jobs older than the retention, whose files can go. */
  async deleteOlderThan(db: Db, hours: number): Promise<string[]> {
    const { rows } = await sql<{
      id: string;
    }>`DELETE FROM export_jobs WHERE created_at < now() - make_interval(hours => ${hours}) RETURNING id`.execute(db);
    return rows.map((r) => r.id);
  },

  async secret(db: Db): Promise<string> {
    const { randomBytes } = await import('node:crypto');
    await db
      .insertInto('settings')
      .values({ key: 'export_url_secret', value: randomBytes(32).toString('base64url') })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return (
      await db.selectFrom('settings').select('value').where('key', '=', 'export_url_secret').executeTakeFirstOrThrow()
    ).value;
  },
};
