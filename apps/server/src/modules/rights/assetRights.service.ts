import type {
  AssetRights,
  AssetRightsBody,
  RightsAvailabilityReason,
  RightsAvailabilityState,
} from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { assetTarget, changesOf, setChange } from '../audit/audit.trail.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess } from '../assets/assets.policy.js';
import { recomputeAvailability } from '../availability/availability.js';
import { licenceAccess, rightsPolicy } from './rights.policy.js';
import { licenceTarget, listOf } from './rights.view.js';

type Body = z.output<typeof AssetRightsBody>;

const reasonOf = (json: string | null): RightsAvailabilityReason | null => {
  try {
    const v = JSON.parse(json ?? 'null') as RightsAvailabilityReason | null;
    return v && typeof v === 'object' && ['asset', 'licence', 'consent'].includes(v.kind) ? v : null;
  } catch {
    return null;
  }
};

/** An asset's usage rights (its Rights panel) and linking a licence to many assets at once. */
export function assetRightsService(deps: Deps) {
  const { repos } = deps;
  const today = () => iso(deps.clock.now()).slice(0, 10);

  const asset = async (ctx: RequestContext, id: number) =>
    (await requireAccess(repos, { actor: ctx.actor, permission: 'view', kind: assetAccess, ids: [id] }))[0]!;

  async function read(ctx: RequestContext, id: number): Promise<AssetRights> {
    const a = await asset(ctx, id);
    const [licences, consents] = await Promise.all([
      repos.rights.licencesOfAsset(id),
      repos.rights.consentsOfAsset(id),
    ]);
    const named = rightsPolicy.namesPeople(ctx.actor);
    const reason = reasonOf(a.availability_reason);
    return {
      asset_id: a.id,
      brand_id: a.brand_id,
      availability: a.availability as RightsAvailabilityState,
      availability_date: a.availability_date,
      availability_reason: reason?.kind === 'consent' && !named ? { kind: 'consent' } : reason,
      available_from: a.available_from,
      available_until: a.available_until,
      licences: licences.map((l) => ({
        id: l.id,
        name: l.name,
        channels: listOf(l.channels),
        territories: listOf(l.territories),
        valid_from: l.valid_from,
        valid_until: l.valid_until,
      })),
      consents: consents.map((c) => ({
        id: c.id,
        person: named ? c.person : null,
        kind: c.kind as 'model',
        channels: listOf(c.channels),
        territories: listOf(c.territories),
        valid_until: c.valid_until,
      })),
      abilities: rightsPolicy.abilities(ctx.actor),
    };
  }

  return {
    get: read,

    async update(ctx: RequestContext, id: number, body: Body) {
      const a = await asset(ctx, id);
      authorize(rightsPolicy.manage(ctx.actor));
      const licenceIds = [...new Set(body.licence_ids)];
      const consentIds = [...new Set(body.consent_ids)];
      const found = await repos.rights.ofBrand(a.brand_id, licenceIds, consentIds);
      if (found.licences.length !== licenceIds.length) throw invalid({ licence_ids: 'invalid' });
      if (found.consents.length !== consentIds.length) throw invalid({ consent_ids: 'invalid' });
      await deps.change(ctx, async (u) => {
        const [beforeL, beforeC] = await Promise.all([
          u.repos.rights.licencesOfAsset(id),
          u.repos.rights.consentsOfAsset(id),
        ]);
        await u.repos.rights.setAssetRights(id, {
          licenceIds,
          consentIds,
          from: body.available_from,
          until: body.available_until,
        });
        await recomputeAvailability(u.repos, [id], today());
        const changes = changesOf(
          { available_from: a.available_from, available_until: a.available_until },
          { available_from: body.available_from, available_until: body.available_until },
          ['available_from', 'available_until'],
        );
        const licences = setChange(
          beforeL.map((l) => l.name),
          found.licences.map((l) => l.name),
        );
        const consents = setChange(
          beforeC.map((c) => c.person),
          found.consents.map((c) => c.person),
        );
        if (licences) changes.licences = licences;
        if (consents) changes.consents = consents;
        if (Object.keys(changes).length) await u.audit({ event: 'rights.asset', target: assetTarget(a), changes });
      });
      return read(ctx, id);
    },

    /** Links a licence to assets of its brand (all checked in one query; 404 unless all are seen). */
    async linkLicence(ctx: RequestContext, licenceId: number, assetIds: number[]) {
      const [licence] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'manage',
        kind: licenceAccess,
        ids: [licenceId],
      });
      const assets = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'view',
        kind: assetAccess,
        ids: assetIds,
      });
      if (assets.some((a) => a.brand_id !== licence!.brand_id)) throw invalid({ asset_ids: 'invalid' });
      const ids = assets.map((a) => a.id);
      const linked = await deps.change(ctx, async (u) => {
        const n = await u.repos.rights.linkLicence(licenceId, ids);
        if (n === 0) return 0;
        await recomputeAvailability(u.repos, ids, today());
        await u.audit({ event: 'rights.licence.link', target: licenceTarget(licence!), info: { assets: n } });
        return n;
      });
      return { linked };
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    assetRights: ReturnType<typeof assetRightsService>;
  }
}
