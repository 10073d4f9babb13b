import { ERROR_CODES, type ListResponse } from '@portal/shared';
import type { AuditEntry, AuditListQuery } from '@portal/shared/admin/audit.schemas';
import type { AuditObjectType } from '@portal/shared/admin/operators.constants';
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import type { AuditSnapshot } from '../../db/types.ts';
import { fieldError } from '../../lib/errors.ts';
import type { Actor } from '../../lib/operator-identity.ts';
import { keyset, keysetPage } from '../../lib/keyset.ts';
import { isValidTimeZone } from '../../lib/timezones.ts';
import { localRange } from '../reports/reports.time.ts';
import { auditRepository } from './audit.repository.ts';

/** Who is writing (lib/operator-identity.ts): an operator of the console, or the command line. */
export type { Actor };

export const operatorActor = (op: { id: number; email: string }, address: string | null): Actor => ({
  operatorId: op.id,
  label: op.email,
  address,
  recorded: 0,
});
export const cliActor = (osUser: string): Actor => ({
  operatorId: null,
  label: `cli:${osUser}`,
  address: null,
  recorded: 0,
});

/** One write: `publisher.approve` on publisher 12, what it looked like before and after, and why. */
export interface AuditRecord {
  action: string;
  objectType: AuditObjectType;
  objectId: string | number | null;
  before?: AuditSnapshot | null;
  after?: AuditSnapshot | null;
  reason?: string | null;
}

/** Records one entry in the caller's transaction. */
export type RecordAudit = (entry: AuditRecord) => Promise<void>;

/** Dates in a snapshot are written as ISO strings, so before and after compare as JSON. */
const snapshot = (v: AuditSnapshot | null | undefined): AuditSnapshot | null =>
  v == null ? null : (JSON.parse(JSON.stringify(v)) as AuditSnapshot);

const rowOf = (actor: Actor, e: AuditRecord) => ({
  operator_id: actor.operatorId,
  actor: actor.label,
  action: e.action,
  object_type: e.objectType,
  object_id: e.objectId === null ? null : String(e.objectId),
  before: snapshot(e.before),
  after: snapshot(e.after),
  reason: e.reason?.trim() || null,
  address: actor.address,
});

async function record(trx: Db, actor: Actor, e: AuditRecord): Promise<void> {
  await auditRepository.insert(trx, rowOf(actor, e));
  actor.recorded += 1;
}

/** Records many entries in the caller's transaction, a few statements for all (a bulk change's). */
async function recordMany(trx: Db, actor: Actor, entries: AuditRecord[]): Promise<void> {
  await auditRepository.insertMany(
    trx,
    entries.map((e) => rowOf(actor, e)),
  );
  actor.recorded += entries.length;
}

export const auditService = {
  /** Records one entry inside the write's own transaction `trx`: both commit, or neither. */
  record,
  recordMany,

  /**
   * Runs an operator's write in one transaction with its audit entries: `fn` gets the transaction
   * and `audit()`, and a write that recorded nothing is rolled back with an error, so an entry
   * cannot be forgotten. The way every operator write goes (the CLI's included).
   */
  async write<T>(ctx: AppContext, actor: Actor, fn: (trx: Db, audit: RecordAudit) => Promise<T>): Promise<T> {
    return ctx.db.transaction().execute(async (trx) => {
      let count = 0;
      const result = await fn(trx, async (entry) => {
        count += 1;
        await record(trx, actor, entry);
      });
      if (count === 0) throw new Error('an operator write recorded no audit entry');
      return result;
    });
  },

  async list(ctx: AppContext, req: AuditListQuery): Promise<ListResponse<AuditEntry>> {
    const f = req.filters;
    const zone = f.time_zone ?? 'UTC';
    if (!isValidTimeZone(zone)) throw fieldError('filters.time_zone', ERROR_CODES.BAD_FORMAT, 'Unknown time zone.');
    const range = f.date_range ? localRange(zone, f.date_range.start, f.date_range.end) : null;
    // Entries are numbered as they are written, so their id orders them by time.
    const k = keyset({
      sort: req.sort,
      order: req.order,
      key: { expr: sql`id`, type: 'int' },
      id: sql`id`,
      cursor: req.cursor,
    });
    const rows = await auditRepository.list(
      ctx.db,
      k,
      {
        operatorId: f.operator_id ?? null,
        objectType: f.object_type ?? null,
        objectId: f.object_id || null,
        between: range ? [new Date(range.from), new Date(range.to)] : null,
      },
      req.limit,
    );
    return keysetPage(
      k,
      rows,
      req.limit,
      (r) => Number(r.id),
      (r) => ({
        id: Number(r.id),
        at: new Date(r.at).toISOString(),
        operator_id: r.operator_id,
        actor: r.actor,
        operator_name: null,
        action: r.action,
        object_type: r.object_type,
        object_id: r.object_id,
        before: r.before,
        after: r.after,
        reason: r.reason,
        address: r.address,
      }),
    );
  },
};
