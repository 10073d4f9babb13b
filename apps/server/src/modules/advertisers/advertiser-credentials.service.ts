import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/database.ts';
import { notFound } from '../../lib/errors.ts';
import { newOpaqueToken, sha256 } from '../../lib/tokens.ts';
import { DEMO_ADVERTISERS } from '../../seed/demo-advertisers.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { updated } from '../../lib/network-input.ts';
import { advertisersRepository } from './advertisers.repository.ts';

/** A new pixel signing secret. */
export const newPixelSecret = () => `pxs_${newOpaqueToken(24).token}`;

/** An advertiser still holding a credential published in the repository (the demo network's). */
export interface PublishedCredential {
  advertiserId: number;
  /** The published conversion API token it still holds, or null. */
  token: string | null;
  /** The published pixel signing secret it still holds, or null. */
  pixelSecret: string | null;
}

/**
 * An advertiser's two credentials: the conversion API token (server postbacks; stored as its
 * SHA-256) and the pixel signing secret (signs a pixel's amount; kept in clear, the server computes
 * the HMAC). Both are published for the demo advertisers, so both are checked and rotated together.
 */
export const advertiserCredentials = {
  /**
   * Which advertisers still hold one of the published credentials, by advertiser id. Tokens are
   * stored only hashed, so the published ones are hashed and looked up.
   */
  async published(
    db: Db,
    published: readonly { token: string; pixelSecret: string }[] = DEMO_ADVERTISERS,
  ): Promise<PublishedCredential[]> {
    const byHash = new Map(published.map((p) => [sha256(p.token), p.token]));
    const [tokens, secrets] = await Promise.all([
      advertisersRepository.findAdvertisersByTokenHash(db, [...byHash.keys()]),
      advertisersRepository.findAdvertisersByPixelSecret(
        db,
        published.map((p) => p.pixelSecret),
      ),
    ]);
    const out = new Map<number, PublishedCredential>();
    const entry = (id: number) => {
      let e = out.get(id);
      if (!e) out.set(id, (e = { advertiserId: id, token: null, pixelSecret: null }));
      return e;
    };
    for (const r of tokens) entry(r.id).token = byHash.get(r.api_token_hash) ?? null;
    for (const r of secrets) entry(r.id).pixelSecret = r.pixel_secret;
    return [...out.values()].sort((a, b) => a.advertiserId - b.advertiserId);
  },

  /**
   * Replaces the advertiser's credentials together: the token and, unless `tokenOnly`, the pixel
   * secret. The old ones stop working at once; the new ones are answered this once.
   */
  async rotate(
    db: Db,
    advertiserId: number,
    opts: { tokenOnly?: boolean } = {},
  ): Promise<{ token: string; pixelSecret: string | null }> {
    const token = `adv_${newOpaqueToken(24).token}`;
    const pixelSecret = opts.tokenOnly ? null : newPixelSecret();
    updated(
      await advertisersRepository.updateAdvertiser(db, advertiserId, {
        api_token_hash: sha256(token),
        ...(pixelSecret ? { pixel_secret: pixelSecret } : {}),
      }),
      `advertiser ${advertiserId}`,
    );
    return { token, pixelSecret };
  },

  /**
   * An operator's rotation (the console's two buttons, the CLI's `advertiser:rotate-token` and
   * `advertiser:pixel-secret --rotate`): replaces the named credentials in one transaction, each
   * with its audit entry, which records when it was replaced (before → after), never a secret. The
   * new ones are answered this once; the old ones stop working at once.
   */
  async rotateAudited(
    ctx: AppContext,
    actor: Actor,
    advertiserId: number,
    which: { token: boolean; pixelSecret: boolean },
    reason: string | null = null,
  ): Promise<{ token: string | null; pixelSecret: string | null }> {
    return auditService.write(ctx, actor, async (trx, audit) => {
      const before = await advertisersRepository.findForUpdate(trx, advertiserId);
      if (!before) throw notFound('Advertiser not found.');
      const now = new Date();
      const token = which.token ? `adv_${newOpaqueToken(24).token}` : null;
      const pixelSecret = which.pixelSecret ? newPixelSecret() : null;
      await advertisersRepository.updateAdvertiser(trx, advertiserId, {
        ...(token ? { api_token_hash: sha256(token) } : {}),
        ...(pixelSecret ? { pixel_secret: pixelSecret } : {}),
      });
      await advertisersRepository.setRotatedAt(trx, advertiserId, {
        ...(token ? { api_token_rotated_at: now } : {}),
        ...(pixelSecret ? { pixel_secret_rotated_at: now } : {}),
      });
      const entry = (action: string, field: string, was: Date | string | null) =>
        audit({
          action,
          objectType: 'advertiser',
          objectId: advertiserId,
          before: { name: before.name, [field]: was === null ? null : new Date(was).toISOString() },
          after: { name: before.name, [field]: now.toISOString() },
          reason,
        });
      if (token) await entry('advertiser.rotate_token', 'token_rotated_at', before.api_token_rotated_at);
      if (pixelSecret)
        await entry('advertiser.rotate_pixel_secret', 'pixel_secret_rotated_at', before.pixel_secret_rotated_at);
      return { token, pixelSecret };
    });
  },

  /**
   * A production start's check: the message to refuse with while published credentials are live
   * (naming each advertiser, what it holds and how to rotate), or null. Not asked outside production.
   */
  async productionRefusal(db: Db): Promise<string | null> {
    const live = await advertiserCredentials.published(db);
    if (live.length === 0) return null;
    const names = new Map((await advertisersRepository.listAdvertisers(db)).map((a) => [a.id, a.name]));
    return advertiserCredentials.refusal(live.map((c) => ({ ...c, name: names.get(c.advertiserId) ?? '' })));
  },

  refusal(live: readonly (PublishedCredential & { name: string })[]): string {
    const lines = live.map((c) => {
      const what = [c.token ? 'conversion API token' : null, c.pixelSecret ? 'pixel signing secret' : null]
        .filter(Boolean)
        .join(' and ');
      return `  advertiser ${c.advertiserId} ${c.name}: the published demo ${what}`;
    });
    return [
      'Refusing to start in production: these advertisers still hold credentials published in the repository (the demo network), so anyone can record conversions or sign pixel amounts with them:',
      ...lines,
      'Rotate them with `npm run admin -- advertiser:rotate-token --published` (or `advertiser:rotate-token <id>` each),',
      'hand the new ones to the advertisers, and start again. A demo on purpose runs with DEMO_SEED=true.',
    ].join('\n');
  },
};
