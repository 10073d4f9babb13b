import { sql } from 'kysely';
import { ERROR_CODES, type FieldError, type ListResponse } from '@portal/shared';
import {
  ADVERTISER_NAME_MAX,
  ADVERTISER_STATUSES,
  type AdvertiserCreateRequest,
  type AdvertiserDetail,
  type AdvertiserListQuery,
  type AdvertiserRow,
  type AdvertiserStatus,
  type AdvertiserUpdateRequest,
  advertiserInputSchema,
  advertiserPatchSchema,
} from '@portal/shared/admin/advertisers.schemas';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { fieldErrors, notFound } from '../../lib/errors.ts';
import { keyset, keysetPage, type SortKey } from '../../lib/keyset.ts';
import { NetworkInputError, parse, updated } from '../../lib/network-input.ts';
import { newOpaqueToken, sha256 } from '../../lib/tokens.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { advertiserCredentials, newPixelSecret, type PublishedCredential } from './advertiser-credentials.service.ts';
import { advertisersRepository as repo, type AdvertiserRecord } from './advertisers.repository.ts';

const SORT_KEYS: Record<AdvertiserListQuery['sort'], SortKey> = {
  name: { expr: sql`lower(name) COLLATE "C"`, type: 'text' },
  created_at: { expr: sql`id`, type: 'int' },
};

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export function toAdvertiserRow(r: AdvertiserRecord, published: PublishedCredential | undefined): AdvertiserRow {
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    created_at: new Date(r.created_at).toISOString(),
    offers: Number(r.offers),
    token_rotated_at: iso(r.api_token_rotated_at),
    pixel_secret_rotated_at: iso(r.pixel_secret_rotated_at),
    published_token: !!published?.token,
    published_pixel_secret: !!published?.pixelSecret,
  };
}

/** What the audit log keeps of an advertiser: never its token or pixel secret. */
export const advertiserSnapshot = (r: { name: string; status: string }) => ({ name: r.name, status: r.status });

const publishedOf = async (db: Db) =>
  new Map((await advertiserCredentials.published(db)).map((c) => [c.advertiserId, c]));

/** An advertiser as the console shows it, or 404. */
export async function advertiserRowOf(db: Db, id: number): Promise<AdvertiserRow> {
  const r = await repo.find(db, id);
  if (!r) throw notFound('Advertiser not found.');
  return toAdvertiserRow(r, (await publishedOf(db)).get(id));
}

function checkFields(input: AdvertiserCreateRequest, creating: boolean): { name?: string; status?: AdvertiserStatus } {
  const errors: Record<string, FieldError> = {};
  const out: { name?: string; status?: AdvertiserStatus } = {};
  if (creating || input.name != null) {
    const name = (input.name ?? '').trim();
    if (!name) errors['name'] = { code: ERROR_CODES.MISSING, message: 'Please enter a name.' };
    else if (name.length > ADVERTISER_NAME_MAX)
      errors['name'] = { code: ERROR_CODES.BAD_FORMAT, message: `Must be at most ${ADVERTISER_NAME_MAX} characters.` };
    else out.name = name;
  }
  if (input.status != null) {
    if (!(ADVERTISER_STATUSES as readonly string[]).includes(input.status))
      errors['status'] = { code: ERROR_CODES.BAD_FORMAT, message: 'Choose active or inactive.' };
    else out.status = input.status as AdvertiserStatus;
  }
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  return out;
}

/**
 * Advertisers as the operator CLI, the demo seed, the console's writes and the test factories make
 * them, and what the offers and the tracking engine read of them: however an advertiser is made,
 * only a hash of its conversion API token is stored.
 */
export const advertiserRecords = {
  /**
   * Creates an advertiser and answers its conversion API token, which is shown once (only its
   * SHA-256 is stored), and its pixel signing secret. `token` and `pixelSecret` let the demo seed
   * use fixed ones.
   */
  async createAdvertiser(
    db: Db,
    input: { name: string; status?: 'active' | 'inactive'; token?: string; pixelSecret?: string },
  ): Promise<{ id: number; token: string; pixelSecret: string }> {
    const { name, status } = parse(advertiserInputSchema, {
      name: input.name,
      status: input.status,
    });
    const token = input.token ?? `adv_${newOpaqueToken(24).token}`;
    const pixelSecret = input.pixelSecret ?? newPixelSecret();
    const row = await repo.insertAdvertiser(db, {
      name,
      status,
      api_token_hash: sha256(token),
      pixel_secret: pixelSecret,
    });
    return { id: row.id, token, pixelSecret };
  },

  async updateAdvertiser(
    db: Db,
    advertiserId: number,
    patch: { name?: string; status?: 'active' | 'inactive' },
  ): Promise<void> {
    const v = parse(advertiserPatchSchema, patch);
    if (Object.keys(v).length === 0) throw new NetworkInputError('nothing to change');
    updated(await repo.updateAdvertiser(db, advertiserId, v), `advertiser ${advertiserId}`);
  },

  /** Replaces the advertiser's token; the old one stops working at once. */
  async rotateAdvertiserToken(db: Db, advertiserId: number): Promise<string> {
    const token = `adv_${newOpaqueToken(24).token}`;
    updated(
      await repo.updateAdvertiser(db, advertiserId, { api_token_hash: sha256(token) }),
      `advertiser ${advertiserId}`,
    );
    return token;
  },

  /** Replaces the advertiser's pixel signing secret; pixels signed with the old one lose their amount at once. */
  async rotatePixelSecret(db: Db, advertiserId: number): Promise<string> {
    const secret = newPixelSecret();
    updated(await repo.updateAdvertiser(db, advertiserId, { pixel_secret: secret }), `advertiser ${advertiserId}`);
    return secret;
  },

  /** The advertiser's pixel signing secret (the operator hands it to the advertiser). */
  async pixelSecretOf(db: Db, advertiserId: number): Promise<string> {
    const a = await repo.findAdvertiserSecret(db, advertiserId);
    if (!a) throw new NetworkInputError(`no advertiser ${advertiserId}`);
    if (a.pixel_secret) return a.pixel_secret;
    return advertiserRecords.rotatePixelSecret(db, advertiserId);
  },

  listAdvertisers: (db: Db) => repo.listAdvertisers(db),

  findAdvertiserByName: (db: Db, name: string) => repo.findAdvertiserByName(db, name),

  /** The advertiser an offer names (id, name, status), or undefined. */
  findAdvertiser: (db: Db, id: number) => repo.findAdvertiser(db, id),

  /* What the tracking engine reads (its per-process cache): tokens as hashes, pixel secrets. */
  advertisersForTracking: (db: Db) => repo.advertisersForTracking(db),
  advertiserByTokenHash: (db: Db, hash: string) => repo.advertiserForTracking(db, { hash }),
  advertiserForTracking: (db: Db, id: number) => repo.advertiserForTracking(db, { id }),
};

/**
 * The console's Advertisers area and the CLI's `advertiser:create` / `advertiser:update`: every
 * write in the audit log (docs/operator-console.md "Advertisers"). The credentials' rotation is
 * `advertiserCredentials.rotateAudited`.
 */
export const advertisersService = {
  async list(ctx: AppContext, req: AdvertiserListQuery): Promise<ListResponse<AdvertiserRow>> {
    const k = keyset({ sort: req.sort, order: req.order, key: SORT_KEYS[req.sort], id: sql`id`, cursor: req.cursor });
    const rows = await repo.list(ctx.db, k, { status: req.filters.status ?? null, search: req.search }, req.limit);
    const published = await publishedOf(ctx.db);
    return keysetPage(
      k,
      rows,
      req.limit,
      (r) => r.id,
      (r) => toAdvertiserRow(r, published.get(r.id)),
    );
  },

  /** One advertiser with the offers it owns. */
  async detail(ctx: AppContext, id: number): Promise<AdvertiserDetail> {
    const row = await advertiserRowOf(ctx.db, id);
    const offers = await repo.offersOf(ctx.db, id);
    return { ...row, offer_list: offers };
  },

  /** A new advertiser and its two credentials, answered this once (only the token's hash is kept). */
  async create(ctx: AppContext, actor: Actor, input: AdvertiserCreateRequest) {
    const v = checkFields(input, true);
    const made = await auditService.write(ctx, actor, async (trx, audit) => {
      const created = await advertiserRecords.createAdvertiser(trx, { name: v.name!, status: v.status ?? 'active' });
      const row = (await repo.find(trx, created.id))!;
      await audit({
        action: 'advertiser.create',
        objectType: 'advertiser',
        objectId: created.id,
        before: null,
        after: advertiserSnapshot(row),
      });
      return { row, token: created.token, pixelSecret: created.pixelSecret };
    });
    return { advertiser: toAdvertiserRow(made.row, undefined), token: made.token, pixel_secret: made.pixelSecret };
  },

  /** Renames it or changes its status (an inactive advertiser's conversion calls are refused). */
  async update(ctx: AppContext, actor: Actor, id: number, input: AdvertiserUpdateRequest): Promise<AdvertiserRow> {
    const v = checkFields(input, false);
    if (v.name === undefined && v.status === undefined)
      throw fieldErrors({ name: { code: ERROR_CODES.MISSING, message: 'Please enter a name.' } });
    await auditService.write(ctx, actor, async (trx, audit) => {
      const before = await repo.findForUpdate(trx, id);
      if (!before) throw notFound('Advertiser not found.');
      await advertiserRecords.updateAdvertiser(trx, id, v);
      const after = (await repo.find(trx, id))!;
      await audit({
        action: 'advertiser.update',
        objectType: 'advertiser',
        objectId: id,
        before: advertiserSnapshot(before),
        after: advertiserSnapshot(after),
        reason: input.reason ?? null,
      });
    });
    return advertiserRowOf(ctx.db, id);
  },
};
