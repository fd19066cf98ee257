import type { ConsentBody, LicenceBody, RightsListQuery } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import type { Repos } from '../../deps/repos.js';
import { changesOf, created } from '../audit/audit.trail.js';
import { requireAccess } from '../access/requireAccess.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { recomputeAvailability } from '../availability/availability.js';
import { consentAccess, licenceAccess, rightsPolicy } from './rights.policy.js';
import { consentFields, consentTarget, consentView, licenceFields, licenceTarget, licenceView } from './rights.view.js';

/** A page of licences or consents unless the caller asks for another size. */
export const RIGHTS_PER_PAGE = 25;

type Licence = z.output<typeof LicenceBody>;
type Consent = z.output<typeof ConsentBody>;
type ListQuery = z.output<typeof RightsListQuery>;

/**
 * The channels as the brand's list spells them (matched whatever the case); 422 on one the
 * brand's `channels` vocabulary does not offer.
 */
async function brandChannels(repos: Repos, brandId: number, channels: string[]) {
  const offered = await repos.rights.channelsOfBrand(brandId);
  const byLower = new Map(offered.map((c) => [c.toLowerCase(), c]));
  const out = channels.map((c) => byLower.get(c.toLowerCase()));
  if (out.some((c) => c === undefined)) throw invalid({ channels: 'channel' });
  return out as string[];
}

/** A brand's licences and consents (issue 40 §1): rights.manage's, within the brands one sees. */
export function rightsService(deps: Deps) {
  const { repos, storage } = deps;
  const now = () => iso(deps.clock.now());
  const today = () => now().slice(0, 10);

  const licence = async (ctx: RequestContext, id: number) =>
    (await requireAccess(repos, { actor: ctx.actor, permission: 'manage', kind: licenceAccess, ids: [id] }))[0]!;
  const consent = async (ctx: RequestContext, id: number) =>
    (await requireAccess(repos, { actor: ctx.actor, permission: 'manage', kind: consentAccess, ids: [id] }))[0]!;
  const brand = async (ctx: RequestContext, brandId: number) => {
    const b = await visibleBrand(repos, ctx.actor, brandId);
    authorize(rightsPolicy.manage(ctx.actor));
    return b;
  };

  const licenceValues = async (brandId: number, b: Licence) => ({
    name: b.name,
    holder: b.holder || null,
    terms: b.terms || null,
    channels: JSON.stringify(await brandChannels(repos, brandId, b.channels)),
    territories: JSON.stringify(b.territories),
    valid_from: b.valid_from ?? null,
    valid_until: b.valid_until ?? null,
    cost_reference: b.cost_reference || null,
    notes: b.notes || null,
    updated_at: now(),
  });
  const consentValues = async (brandId: number, b: Consent) => ({
    person: b.person,
    kind: b.kind,
    signed_on: b.signed_on ?? null,
    valid_until: b.valid_until ?? null,
    channels: JSON.stringify(await brandChannels(repos, brandId, b.channels)),
    territories: JSON.stringify(b.territories),
    notes: b.notes || null,
    updated_at: now(),
  });

  // Read again after a change: another request may have removed the row since, which is a 404.
  const readLicence = async (id: number) =>
    licenceView(found(await repos.rights.licence(id)), await repos.rights.documentsOf('licence_id', [id]));
  const readConsent = async (id: number) =>
    consentView(found(await repos.rights.consent(id)), await repos.rights.documentsOf('consent_id', [id]));

  /** Removes stored document files once their rows are gone (a failure leaves only garbage). */
  const dropBlobs = async (keys: string[]) => {
    for (const k of keys) await storage.delete(k).catch(() => undefined);
  };

  return {
    async listLicences(ctx: RequestContext, brandId: number, q: ListQuery) {
      await brand(ctx, brandId);
      const perPage = q.per_page ?? RIGHTS_PER_PAGE;
      const r = await repos.rights.listLicences(brandId, q.q, q.page, perPage);
      const docs = await repos.rights.documentsOf(
        'licence_id',
        r.items.map((i) => i.id),
      );
      return { items: r.items.map((i) => licenceView(i, docs)), total: r.total, page: q.page, per_page: perPage };
    },

    async getLicence(ctx: RequestContext, id: number) {
      await licence(ctx, id);
      return readLicence(id);
    },

    async createLicence(ctx: RequestContext, brandId: number, body: Licence) {
      await brand(ctx, brandId);
      const values = await licenceValues(brandId, body);
      const id = await deps.change(ctx, async (u) => {
        const row = await u.repos.rights.insertLicence({
          ...values,
          brand_id: brandId,
          created_by: ctx.actor.user.id,
          created_at: values.updated_at,
        });
        await u.audit({
          event: 'rights.licence.create',
          target: licenceTarget({ id: row.id, name: values.name }),
          changes: created(licenceFields({ ...values, brand_id: brandId, created_by: null, created_at: '' })),
        });
        return row.id;
      });
      return readLicence(id);
    },

    async updateLicence(ctx: RequestContext, id: number, body: Licence) {
      const before = await licence(ctx, id);
      const values = await licenceValues(before.brand_id, body);
      await deps.change(ctx, async (u) => {
        await u.repos.rights.updateLicence(id, values);
        const was = licenceFields(before);
        const changes = changesOf(
          was,
          licenceFields({ ...before, ...values }),
          Object.keys(was) as (keyof typeof was)[],
        );
        if (Object.keys(changes).length === 0) return;
        await recomputeAvailability(u.repos, await u.repos.rights.assetsOfLicence(id), today());
        await u.audit({ event: 'rights.licence.update', target: licenceTarget({ id, name: values.name }), changes });
      });
      return readLicence(id);
    },

    async deleteLicence(ctx: RequestContext, id: number) {
      const before = await licence(ctx, id);
      const docs = await repos.rights.documentsOf('licence_id', [id]);
      const recomputed = await deps.change(ctx, async (u) => {
        const assets = await u.repos.rights.assetsOfLicence(id);
        await u.repos.rights.deleteLicence(id);
        await recomputeAvailability(u.repos, assets, today());
        await u.audit({
          event: 'rights.licence.delete',
          target: licenceTarget(before),
          changes: { name: { before: before.name, after: null } },
          info: { assets: assets.length },
        });
        return assets.length;
      });
      await dropBlobs(docs.map((d) => d.blob_key));
      return { deleted: true as const, recomputed };
    },

    async listConsents(ctx: RequestContext, brandId: number, q: ListQuery) {
      await brand(ctx, brandId);
      const perPage = q.per_page ?? RIGHTS_PER_PAGE;
      const r = await repos.rights.listConsents(brandId, q.q, q.page, perPage);
      const docs = await repos.rights.documentsOf(
        'consent_id',
        r.items.map((i) => i.id),
      );
      return { items: r.items.map((i) => consentView(i, docs)), total: r.total, page: q.page, per_page: perPage };
    },

    async getConsent(ctx: RequestContext, id: number) {
      await consent(ctx, id);
      return readConsent(id);
    },

    async createConsent(ctx: RequestContext, brandId: number, body: Consent) {
      await brand(ctx, brandId);
      const values = await consentValues(brandId, body);
      const id = await deps.change(ctx, async (u) => {
        const row = await u.repos.rights.insertConsent({
          ...values,
          brand_id: brandId,
          created_by: ctx.actor.user.id,
          created_at: values.updated_at,
        });
        await u.audit({
          event: 'rights.consent.create',
          target: consentTarget({ id: row.id, person: values.person }),
          changes: created(consentFields({ ...values, brand_id: brandId, created_by: null, created_at: '' })),
        });
        return row.id;
      });
      return readConsent(id);
    },

    async updateConsent(ctx: RequestContext, id: number, body: Consent) {
      const before = await consent(ctx, id);
      const values = await consentValues(before.brand_id, body);
      await deps.change(ctx, async (u) => {
        await u.repos.rights.updateConsent(id, values);
        const was = consentFields(before);
        const changes = changesOf(
          was,
          consentFields({ ...before, ...values }),
          Object.keys(was) as (keyof typeof was)[],
        );
        if (Object.keys(changes).length === 0) return;
        await recomputeAvailability(u.repos, await u.repos.rights.assetsOfConsent(id), today());
        await u.audit({
          event: 'rights.consent.update',
          target: consentTarget({ id, person: values.person }),
          changes,
        });
      });
      return readConsent(id);
    },

    async deleteConsent(ctx: RequestContext, id: number) {
      const before = await consent(ctx, id);
      const docs = await repos.rights.documentsOf('consent_id', [id]);
      const recomputed = await deps.change(ctx, async (u) => {
        const assets = await u.repos.rights.assetsOfConsent(id);
        await u.repos.rights.deleteConsent(id);
        await recomputeAvailability(u.repos, assets, today());
        await u.audit({
          event: 'rights.consent.delete',
          target: consentTarget(before),
          changes: { person: { before: before.person, after: null } },
          info: { assets: assets.length },
        });
        return assets.length;
      });
      await dropBlobs(docs.map((d) => d.blob_key));
      return { deleted: true as const, recomputed };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    rights: ReturnType<typeof rightsService>;
  }
}
