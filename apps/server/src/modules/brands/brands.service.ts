import type { BrandAllQuery, BrandCreateBody, BrandUpdateBody, Crop } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { found, invalid } from '../../http/errors.js';
import type { FormFile } from '../../http/multipart.js';
import { iso } from '../../lib/clock.js';
import { pictureToWebp } from '../../lib/pictures.js';
import type { Deps } from '../../deps/deps.js';
import { newBlobKey } from '../../storage/index.js';
import type { Actor } from '../../access/principal.js';
import { visibleBrand } from './brandAccess.js';
import { brandsPolicy } from './brands.policy.js';
import { brandSummary, brandView, figuresOf } from './brands.view.js';
import { seesPrivate } from '../../access/principal.js';
import { hiddenClasses } from '../access/privacy.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { brandTarget, changesOf, created } from '../audit/audit.trail.js';
import { dayOf, recomputeAvailability } from '../availability/availability.js';

export function brandsService(deps: Deps) {
  const { repos, clock, storage, media } = deps;
  const now = () => iso(clock.now());

  const visible = (actor: Actor, id: number) => visibleBrand(repos, actor, id);
  /** The brands' figures as the caller's searches count them (the same privacy classes). */
  const figures = (actor: Actor, ids: number[]) =>
    repos.brands.figures(ids, hiddenClasses({ withPrivate: seesPrivate(actor) }));

  async function view(actor: Actor, id: number) {
    const brand = found(await repos.brands.byId(id));
    const [root, users, figs] = await Promise.all([
      repos.folders.rootOf(id),
      repos.brands.usersCount([id]),
      figures(actor, [id]),
    ]);
    return brandView(brand, media, {
      root_folder_id: root?.id ?? 0,
      users_count: users.get(id) ?? 0,
      figures: figuresOf(figs, id),
      abilities: brandsPolicy.abilities(actor),
    });
  }

  /** Stores a cropped picture; the key is new each time so cached URLs never show a stale one. */
  async function picture(files: FormFile[], field: 'image' | 'logo', crop: Crop | undefined) {
    const file = files.find((f) => f.field === field);
    if (!file) return undefined;
    const key = `${newBlobKey('brands')}/${field}.webp`;
    await storage.put(key, await pictureToWebp(file.data, crop, field), 'image/webp');
    return key;
  }

  return {
    async listOwn(ctx: RequestContext) {
      const { actor } = ctx;
      const rows = await repos.brands.forUser(actor.user.id, brandsPolicy.seesAllBrands(actor));
      const figs = await figures(
        actor,
        rows.map((b) => b.id),
      );
      return { items: rows.map((b) => ({ ...brandSummary(b, media), figures: figuresOf(figs, b.id) })) };
    },

    async listAll(ctx: RequestContext, q: z.output<typeof BrandAllQuery>) {
      const { actor } = ctx;
      const perPage = q.per_page ?? 20;
      const { total, items } = await repos.brands.page(q.search || undefined, q.page, perPage);
      const ids = items.map((b) => b.id);
      const [users, roots, figs] = await Promise.all([
        repos.brands.usersCount(ids),
        repos.folders.rootsOf(ids),
        figures(actor, ids),
      ]);
      const abilities = brandsPolicy.abilities(actor);
      return {
        items: items.map((b) =>
          brandView(b, media, {
            root_folder_id: roots.get(b.id) ?? 0,
            users_count: users.get(b.id) ?? 0,
            figures: figuresOf(figs, b.id),
            abilities,
          }),
        ),
        total,
        page: q.page,
        per_page: perPage,
      };
    },

    async get(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      await visible(actor, id);
      return { brand: await view(actor, id) };
    },

    /** The brand and its root folder in one transaction; pictures are stored first. */
    async create(ctx: RequestContext, body: z.output<typeof BrandCreateBody>, files: FormFile[]) {
      const { actor } = ctx;
      if (await repos.brands.slugTaken(body.slug)) throw invalid({ slug: 'taken' });
      const image = await picture(files, 'image', body.image_crop);
      const logo = await picture(files, 'logo', body.logo_crop);
      const at = now();
      const id = await deps.change(ctx, async (u) => {
        const brandId = await u.repos.brands.insert({
          name: body.name,
          slug: body.slug,
          description: body.description || null,
          accent_color: body.accent_color || null,
          status: 'ACTIVE',
          image_uri: null,
          logo_uri: null,
          image_key: image ?? null,
          logo_key: logo ?? null,
          created_at: at,
          updated_at: at,
        });
        await u.repos.folders.createRoot(brandId, body.name, actor.user.id, at);
        // Every brand has the vocabularies behind its assets' themes and visual language.
        await u.repos.metadata.insertSystemVocabularies(brandId, at);
        await u.audit({
          event: 'brand.create',
          target: brandTarget({ id: brandId, name: body.name }),
          changes: created({
            name: body.name,
            slug: body.slug,
            description: body.description || undefined,
            accent_color: body.accent_color || undefined,
            image: image ? true : undefined,
            logo: logo ? true : undefined,
          }),
        });
        return brandId;
      });
      return { brand: await view(actor, id) };
    },

    async update(ctx: RequestContext, id: number, body: z.output<typeof BrandUpdateBody>, files: FormFile[]) {
      const { actor } = ctx;
      const brand = await visible(actor, id);
      authorize(brandsPolicy.manage(actor));
      if (body.slug !== undefined && body.slug !== brand.slug) throw invalid({ slug: 'immutable' });
      const image = await picture(files, 'image', body.image_crop);
      const logo = await picture(files, 'logo', body.logo_crop);
      const pictureChange = (was: string | null, added: string | undefined, removed: boolean | undefined) =>
        added
          ? { before: was ? 'set' : null, after: 'replaced' }
          : removed && was
            ? { before: 'set', after: null }
            : null;
      // An empty description clears it.
      const description = body.description === undefined ? undefined : body.description || null;
      // An empty accent colour clears it: the pages outside then wear the product's own.
      const accent = body.accent_color === undefined ? undefined : body.accent_color || null;
      await deps.change(ctx, async (u) => {
        await u.repos.brands.update(id, {
          ...(body.name ? { name: body.name } : {}),
          ...(description !== undefined ? { description } : {}),
          ...(accent !== undefined ? { accent_color: accent } : {}),
          ...(body.require_fields_on_upload !== undefined
            ? { require_fields_on_upload: body.require_fields_on_upload ? 1 : 0 }
            : {}),
          ...(body.expiry_warning_days !== undefined ? { expiry_warning_days: body.expiry_warning_days } : {}),
          ...(body.expired_downloads !== undefined ? { expired_downloads: body.expired_downloads } : {}),
          ...(image ? { image_key: image } : body.remove_image ? { image_key: null } : {}),
          ...(logo ? { logo_key: logo } : body.remove_logo ? { logo_key: null } : {}),
          updated_at: now(),
        });
        const changes = changesOf(
          brand,
          {
            // Only what the body carries: an absent field is no change.
            ...(body.name ? { name: body.name } : {}),
            ...(description !== undefined ? { description } : {}),
            ...(accent !== undefined ? { accent_color: accent } : {}),
            ...(body.expiry_warning_days !== undefined ? { expiry_warning_days: body.expiry_warning_days } : {}),
            ...(body.expired_downloads !== undefined ? { expired_downloads: body.expired_downloads } : {}),
          },
          ['name', 'description', 'accent_color', 'expiry_warning_days', 'expired_downloads'],
        );
        const wasRequired = Boolean(brand.require_fields_on_upload);
        if (body.require_fields_on_upload !== undefined && body.require_fields_on_upload !== wasRequired)
          changes.require_fields_on_upload = { before: wasRequired, after: body.require_fields_on_upload };
        const img = pictureChange(brand.image_key, image, body.remove_image);
        const lg = pictureChange(brand.logo_key, logo, body.remove_logo);
        if (img) changes.image = img;
        if (lg) changes.logo = lg;
        await u.audit({ event: 'brand.update', target: brandTarget(brand), changes });
        // A new warning window moves assets between available and expiring at once.
        if (body.expiry_warning_days !== undefined && body.expiry_warning_days !== brand.expiry_warning_days)
          await recomputeAvailability(u.repos, await u.repos.availability.withEnd(id), dayOf(clock.now()));
      });
      const replaced = [
        image || body.remove_image ? brand.image_key : null,
        logo || body.remove_logo ? brand.logo_key : null,
      ];
      for (const key of replaced) if (key) await storage.delete(key);
      return { brand: await view(actor, id) };
    },

    async changeStatus(ctx: RequestContext, id: number, status: 'ACTIVE' | 'INACTIVE' | undefined) {
      const { actor } = ctx;
      const brand = await visible(actor, id);
      const next = status ?? (brand.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE');
      await deps.change(ctx, async (u) => {
        await u.repos.brands.update(id, { status: next, updated_at: now() });
        await u.audit({
          event: 'brand.status',
          target: brandTarget(brand),
          changes: { status: { before: brand.status, after: next } },
        });
      });
      return { brand: await view(actor, id) };
    },
  };
}
export type BrandsService = ReturnType<typeof brandsService>;

declare module '../../deps/services.js' {
  interface Services {
    brands: ReturnType<typeof brandsService>;
  }
}
