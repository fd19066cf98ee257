import type { BrandWatermark, BrandWatermarkBody, WatermarkTrace } from '@brandvault/contract';
import { WATERMARK_MAX_BYTES } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid } from '../../http/errors.js';
import type { FormFile } from '../../http/multipart.js';
import { iso } from '../../lib/clock.js';
import { FileAnswer, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { newBlobKey } from '../../storage/index.js';
import type { Actor } from '../../access/principal.js';
import { assetTarget, brandTarget } from '../audit/audit.trail.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { overlaySettings } from './watermark.apply.js';
import { typedTraceCode } from './traceCode.js';
import { isPng, readTraceCode } from './watermark.render.js';
import { watermarksPolicy } from '../brands/watermarks.policy.js';
import type { BrandWatermarkRow } from './watermarks.repo.js';

type Body = z.output<typeof BrandWatermarkBody>;

export function watermarksService(deps: Deps) {
  const { repos, storage, media, clock } = deps;

  function view(actor: Actor, row: BrandWatermarkRow): BrandWatermark {
    const s = overlaySettings(row);
    return {
      brand_id: row.brand_id,
      image_url: media(row.image_key),
      position: s.position,
      opacity: s.opacity,
      scale: s.scale,
      apply_to_guests: row.apply_to_guests === 1,
      traceable: row.traceable === 1,
      version: row.version ?? 0,
      updated_at: row.updated_at ?? null,
      abilities: { update: watermarksPolicy.update(actor) },
    };
  }
  const current = async (brandId: number) => found(await repos.watermarks.ofBrand(brandId));

  /** A new image is checked and stored before the transaction; its key is new each time. */
  async function storeImage(files: FormFile[]) {
    const file = files.find((f) => f.field === 'image');
    if (!file) return undefined;
    if (file.data.length > WATERMARK_MAX_BYTES || !(await isPng(file.data))) throw invalid({ image: 'watermarkPng' });
    const key = `${newBlobKey('brands')}/watermark.png`;
    await storage.put(key, file.data, 'image/png');
    return key;
  }

  return {
    /** `GET asset/watermark` (§7): the PNG itself, for whoever may see the brand. */
    async image({ actor }: RequestContext, brandId: number) {
      await visibleBrand(repos, actor, brandId);
      const row = await current(brandId);
      const stat = row.image_key ? await storage.stat(row.image_key) : null;
      if (!row.image_key || !stat) throw new AppError('NOT_FOUND');
      return new FileAnswer(
        200,
        {
          ...fileSafetyHeaders(),
          'content-type': 'image/png',
          'content-length': stat.size,
          'cache-control': 'private, no-store',
        },
        await storage.get(row.image_key),
      );
    },

    async get({ actor }: RequestContext, brandId: number) {
      await visibleBrand(repos, actor, brandId);
      return { watermark: view(actor, await current(brandId)) };
    },

    async update(ctx: RequestContext, brandId: number, body: Body, files: FormFile[]) {
      const { actor } = ctx;
      const brand = await visibleBrand(repos, actor, brandId);
      authorize(watermarksPolicy.update(actor));
      const before = await current(brandId);
      const image = await storeImage(files);
      const was = view(actor, before);
      const next = {
        image_key: image ?? (body.remove_image ? null : (before.image_key ?? null)),
        position: body.position ?? was.position,
        opacity: body.opacity ?? was.opacity,
        scale: body.scale ?? was.scale,
        apply_to_guests: (body.apply_to_guests ?? was.apply_to_guests) ? 1 : 0,
        traceable: (body.traceable ?? was.traceable) ? 1 : 0,
        updated_at: iso(clock.now()),
      };
      const changes: Record<string, { before: unknown; after: unknown }> = {};
      if (image) changes.image = { before: before.image_key ? 'set' : null, after: 'replaced' };
      else if (body.remove_image && before.image_key) changes.image = { before: 'set', after: null };
      for (const k of ['position', 'opacity', 'scale'] as const)
        if (next[k] !== was[k]) changes[k] = { before: was[k], after: next[k] };
      for (const k of ['apply_to_guests', 'traceable'] as const)
        if ((next[k] === 1) !== was[k]) changes[k] = { before: was[k], after: next[k] === 1 };
      await deps.change(ctx, async (u) => {
        await u.repos.watermarks.save(brandId, next);
        await u.audit({ event: 'brand.watermark', target: brandTarget(brand), changes });
      });
      if (before.image_key && next.image_key !== before.image_key) await storage.delete(before.image_key);
      return { watermark: view(actor, await current(brandId)) };
    },

    /** The admin tool: which link or user a downloaded file was made for, from its trace code. */
    async trace(ctx: RequestContext, files: FormFile[], typed?: string): Promise<WatermarkTrace> {
      const file = files.find((f) => f.field === 'file');
      const prefix = typed?.trim() ? typedTraceCode(typed) : null;
      if (!file && typed?.trim() && !prefix) throw invalid({ code: 'invalid' });
      if (!file && !prefix) throw invalid({ file: 'required' });
      const code = file ? await readTraceCode(file.data) : null;
      // The XMP when the file still has it; else the code drawn on the picture, as the admin read it.
      let row = code ? await repos.watermarks.traceByCode(code) : undefined;
      if (!row && prefix) {
        const rows = await repos.watermarks.tracesByPrefix(prefix);
        row = rows.length === 1 ? rows[0] : undefined;
      }
      const kind = row ? (row.link_id !== null ? 'link' : 'user') : null;
      await deps.change(ctx, (u) =>
        u.audit({
          event: 'watermark.trace',
          ...(row?.asset_id && row.asset_name
            ? { target: assetTarget({ id: row.asset_id, name: row.asset_name }) }
            : {}),
          info: { file_name: file?.filename.slice(0, 255) ?? null, found: !!row, trace_kind: kind },
        }),
      );
      if (!row || !kind) return { found: false, trace: null };
      return {
        found: true,
        trace: {
          code: row.code,
          kind,
          link:
            row.link_id !== null
              ? {
                  id: row.link_id,
                  name: row.collection_name ?? '',
                  owner: row.owner_first ? `${row.owner_first} ${row.owner_last}` : '',
                }
              : null,
          user:
            row.user_id !== null && row.user_email
              ? { id: row.user_id, name: `${row.user_first} ${row.user_last}`, email: row.user_email }
              : null,
          asset: row.asset_id !== null && row.asset_name ? { id: row.asset_id, name: row.asset_name } : null,
          created_at: row.created_at,
        },
      };
    },
  };
}
export type WatermarksService = ReturnType<typeof watermarksService>;

declare module '../../deps/services.js' {
  interface Services {
    watermarks: ReturnType<typeof watermarksService>;
  }
}
