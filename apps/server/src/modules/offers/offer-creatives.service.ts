import crypto from 'node:crypto';
import { ERROR_CODES, type FieldError } from '@portal/shared';
import {
  CREATIVE_UPLOAD_MAX_BYTES,
  CREATIVE_UPLOAD_TYPES,
  type AdminCreative,
  type AdminCreativeAddRequest,
} from '@portal/shared/admin/offers.schemas';
import { httpUrl, type CreativePatch } from '@portal/shared/admin/offer-catalogue.schemas';
import type { AppContext } from '../../context.ts';
import { fieldErrors, notFound } from '../../lib/errors.ts';
import { auditService, type Actor } from '../audit/audit.service.ts';
import { offerCatalogue } from './offer-catalogue.service.ts';
import { offerContent } from './offer-content.service.ts';
import { offersAdminRepository as repo } from './offers-admin.repository.ts';
import { asFieldErrors } from './offers-admin.service.ts';

/**
 * Where the portal serves an uploaded creative: publishers put it on their pages, so anyone with the
 * address may load it, and the address holds a random token (64 hex digits) nobody can guess, so a
 * private offer's creatives are seen only by those who were given them. The number of an older
 * address still answers for a public offer's creative (docs/security.md, Creatives).
 */
export const CREATIVE_FILE_PATH = '/media/creatives/:key';
export const creativeFileUrl = (publicUrl: string, token: string) => `${publicUrl}/media/creatives/${token}`;
export const CREATIVE_FILE_KEY = /^(?:[1-9][0-9]{0,9}|[0-9a-f]{64})$/;

/** The first bytes each accepted image type starts with. */
const SIGNATURES: Record<(typeof CREATIVE_UPLOAD_TYPES)[number], (b: Uint8Array) => boolean> = {
  'image/png': (b) => [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((x, i) => b[i] === x),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => String.fromCharCode(...b.subarray(0, 6)).match(/^GIF8[79]a$/) !== null,
  'image/webp': (b) =>
    String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' && String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
};
const TYPE_MESSAGE = 'Upload a PNG, JPEG, GIF or WebP image.';
const SIZE_MESSAGE = `The image is over ${CREATIVE_UPLOAD_MAX_BYTES / 1024} KB.`;

/** The uploaded image's bytes, checked: its declared type is one we take and its bytes are of that type. */
function readImage(image: { content_type: string; data: string }): { type: string; bytes: Uint8Array } {
  const type = image.content_type.trim().toLowerCase();
  if (!(CREATIVE_UPLOAD_TYPES as readonly string[]).includes(type))
    throw fieldErrors({ image: { code: ERROR_CODES.BAD_FORMAT, message: TYPE_MESSAGE } });
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(image.data) || image.data.length === 0)
    throw fieldErrors({ image: { code: ERROR_CODES.BAD_FORMAT, message: TYPE_MESSAGE } });
  const bytes = new Uint8Array(Buffer.from(image.data, 'base64'));
  if (bytes.length > CREATIVE_UPLOAD_MAX_BYTES)
    throw fieldErrors({ image: { code: ERROR_CODES.BAD_FORMAT, message: SIZE_MESSAGE } });
  if (!SIGNATURES[type as keyof typeof SIGNATURES](bytes))
    throw fieldErrors({ image: { code: ERROR_CODES.BAD_FORMAT, message: TYPE_MESSAGE } });
  return { type, bytes };
}

/** What the audit log keeps of a creative. */
const shown = (c: { id: number; name: string; type: string; url: string }) => ({
  id: c.id,
  name: c.name,
  type: c.type,
  url: c.url,
});

export const offerCreativesService = {
  /** Adds a creative: an uploaded image, stored and served by the portal, or a URL elsewhere. */
  async add(ctx: AppContext, actor: Actor, offerId: number, v: AdminCreativeAddRequest): Promise<AdminCreative> {
    if (!(await offerCatalogue.findOffer(ctx.db, offerId))) throw notFound('Offer not found.');
    const errors: Record<string, FieldError> = {};
    const name = v.name.trim();
    if (name === '') errors['name'] = { code: ERROR_CODES.MISSING, message: 'Enter the creative’s name.' };
    const url = v.url?.trim() ?? '';
    if (!v.image) {
      if (url === '') errors['url'] = { code: ERROR_CODES.MISSING, message: 'Upload an image or enter its URL.' };
      else if (!httpUrl.safeParse(url).success)
        errors['url'] = { code: ERROR_CODES.BAD_FORMAT, message: 'Enter an absolute http(s) URL.' };
    }
    if (Object.keys(errors).length > 0) throw fieldErrors(errors);
    const image = v.image ? readImage(v.image) : null;
    return asFieldErrors(() =>
      auditService.write(ctx, actor, async (trx, audit) => {
        // An upload's address names the creative, so the row is made first with a placeholder.
        const placeholder = `${ctx.config.publicUrl}/media/creatives/new`;
        const type = image ? 'image' : (v.type ?? 'image');
        const id = await offerContent.addCreative(trx, {
          offer_id: offerId,
          name,
          type,
          url: image ? placeholder : url,
        });
        let finalUrl = url;
        if (image) {
          const token = crypto.randomBytes(32).toString('hex');
          finalUrl = creativeFileUrl(ctx.config.publicUrl, token);
          await repo.insertCreativeFile(trx, { creative_id: id, token, content_type: image.type, bytes: image.bytes });
          await offerContent.updateCreative(trx, id, { url: finalUrl });
        }
        const creative = { id, name, type, url: finalUrl, uploaded: image !== null };
        await audit({
          action: 'offer.creative_add',
          objectType: 'offer',
          objectId: offerId,
          after: image ? { ...creative, content_type: image.type, size: image.bytes.length } : creative,
        });
        return creative;
      }),
    );
  },

  /**
   * Changes a creative's name, type or URL (the CLI's `creative:update`; the console adds and
   * removes): `offer.creative_update` on its offer, the creative before → after.
   */
  async update(ctx: AppContext, actor: Actor, creativeId: number, patch: CreativePatch): Promise<void> {
    await auditService.write(ctx, actor, async (trx, audit) => {
      const before = await repo.findCreative(trx, creativeId);
      // Refuses a bad change, then a creative that does not exist, in the offer catalogue's words.
      await offerContent.updateCreative(trx, creativeId, patch);
      const after = await repo.findCreative(trx, creativeId);
      await audit({
        action: 'offer.creative_update',
        objectType: 'offer',
        objectId: before!.offer_id,
        before: shown(before!),
        after: shown(after!),
      });
    });
  },

  async remove(ctx: AppContext, actor: Actor, offerId: number, creativeId: number): Promise<void> {
    const creative = await repo.findCreative(ctx.db, creativeId);
    if (!creative || creative.offer_id !== offerId) throw notFound('Creative not found.');
    await auditService.write(ctx, actor, async (trx, audit) => {
      await offerContent.removeCreative(trx, creativeId);
      await audit({
        action: 'offer.creative_remove',
        objectType: 'offer',
        objectId: offerId,
        before: shown(creative),
      });
    });
  },

  /**
   * An uploaded image for its address: by its token, or by the creative's number while its offer
   * is public (undefined when there is none).
   */
  file: async (ctx: AppContext, key: string) => {
    if (/^[0-9a-f]{64}$/.test(key)) return repo.creativeFileByToken(ctx.db, key);
    const id = Number(key);
    return id <= 2_147_483_647 ? repo.publicCreativeFile(ctx.db, id) : undefined;
  },
};
