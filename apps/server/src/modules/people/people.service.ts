import sharp from 'sharp';
import type { AssetPeople, PeopleList, Person, PersonDetail } from '@brandvault/contract';
import type { z } from 'zod';
import type { FaceCropQuery as FaceCropQuerySchema, FacesSwitchBody, PersonSplitBody } from '@brandvault/contract';
import type { Actor, Principal } from '../../access/principal.js';
import type { AnyContext, RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { iso } from '../../lib/clock.js';
import { AppError, invalid } from '../../lib/appError.js';
import { FileAnswer, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetAccess } from '../assets/assets.policy.js';
import { brandAccess } from '../brands/brands.policy.js';
import { withLocalFile } from '../assets/localFile.js';
import { boxOf } from './people.faces.js';
import { faceCropLink, faceCropUser } from './faceLink.js';
import { linkOrBearer } from '../assets/downloadLink.js';
import { peoplePolicy } from './people.policy.js';

const target = (p: { id: number; name: string | null }) =>
  ({ type: 'person', id: p.id, label: p.name ?? `#${p.id}` }) as const;
type FaceCropQuery = z.output<typeof FaceCropQuerySchema>;
/** The crop's long side, in pixels: a face on a card. */
const CROP_PX = 160;

/** People found in a brand's images (issue 42 §3): the switch, the lists and the changes. */
export function peopleService(deps: Deps) {
  const { repos, clock, appKey } = deps;
  /** A face's crop, signed for the user who will see it: an <img> sends no bearer token. */
  const cropUrl = (actor: Actor, faceId: number) => faceCropLink(appKey, faceId, actor.user.id, clock.now());
  const now = () => iso(clock.now());
  const installed = () => deps.config.analysis.includes('faces');

  /** Of these assets, those the actor may see (private folders, expiry, review and trash decide). */
  async function visible(actor: Principal, assetIds: number[]): Promise<Set<number>> {
    if (actor.kind !== 'user') return new Set();
    const rows = await repos.access.assets([...new Set(assetIds)], actor.user.id);
    return new Set(rows.filter((r) => assetAccess.can(actor, 'view', r)).map((r) => r.id));
  }

  /** The person and their faces in assets the actor sees; 404 when there are none (or hidden from them). */
  async function seen(actor: Principal, id: number) {
    const person = await repos.people.person(id);
    if (!person) throw new AppError('NOT_FOUND');
    await requireAccess(repos, { actor, permission: 'view', kind: brandAccess, ids: [person.brand_id] });
    if (person.hidden && !peoplePolicy.manages(actor)) throw new AppError('NOT_FOUND');
    const faces = await repos.people.facesOfPerson(id);
    const shown = await visible(
      actor,
      faces.map((f) => f.asset_id),
    );
    const mine = faces.filter((f) => shown.has(f.asset_id));
    if (!mine.length) throw new AppError('NOT_FOUND');
    return { person, faces: mine };
  }

  const view = (
    actor: Actor,
    p: { id: number; name: string | null; hidden: number; cover_face_id: number | null },
    faceIds: number[],
  ): Person => ({
    id: p.id,
    name: p.name,
    hidden: p.hidden === 1,
    faces: faceIds.length,
    cover_url: faceIds.length
      ? cropUrl(actor, p.cover_face_id && faceIds.includes(p.cover_face_id) ? p.cover_face_id : faceIds[0]!)
      : null,
  });

  async function detail(actor: Actor, id: number): Promise<PersonDetail> {
    const { person, faces } = await seen(actor, id);
    return {
      person: view(
        actor,
        person,
        faces.map((f) => f.id),
      ),
      faces: faces.map((f) => ({
        id: f.id,
        asset_id: f.asset_id,
        asset_name: f.asset_name,
        thumbnail_url: deps.media(f.thumb_key, person.brand_id),
        crop_url: cropUrl(actor, f.id),
      })),
    };
  }

  return {
    async switchFaces(ctx: RequestContext, brandId: number, body: z.output<typeof FacesSwitchBody>) {
      const [brand] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'view',
        kind: brandAccess,
        ids: [brandId],
      });
      if (body.enabled && !installed()) throw invalid({ enabled: 'facesUnavailable' });
      return deps.change(ctx, async (u) => {
        const settings = await u.repos.analysis.settings(brandId);
        const brandTarget = { type: 'brand', id: brandId, label: brand!.name } as const;
        await u.repos.analysis.saveSettings(brandId, { ...settings, faces: body.enabled }, now());
        if (body.enabled) {
          const jobId = settings.faces
            ? null
            : await u.enqueue(
                'faces.backfill',
                { brand_id: brandId },
                { ownerId: ctx.actor.user.id, dedupeKey: `faces.backfill:${brandId}` },
              );
          if (!settings.faces)
            await u.audit({ event: 'faces.enable', target: brandTarget, info: { brand_id: brandId } });
          return { enabled: true, job_id: jobId ?? null };
        }
        // Descriptors are personal data: off means gone, in the same transaction as the switch.
        const gone = await u.repos.people.forgetBrand(brandId);
        if (settings.faces || gone.faces)
          await u.audit({ event: 'faces.disable', target: brandTarget, info: { brand_id: brandId, ...gone } });
        return { enabled: false, job_id: null };
      });
    },

    async list(ctx: RequestContext, brandId: number, hidden: boolean): Promise<PeopleList> {
      const { actor } = ctx;
      await requireAccess(repos, { actor, permission: 'view', kind: brandAccess, ids: [brandId] });
      const enabled = installed() && (await repos.analysis.settings(brandId)).faces;
      const base = { enabled, available: installed(), ...peoplePolicy.abilities(actor) };
      if (!enabled || (hidden && !peoplePolicy.manages(actor))) return { ...base, items: [] };
      const faces = await repos.people.brandFaces(brandId);
      const shown = await visible(
        actor,
        faces.map((f) => f.asset_id),
      );
      const byPerson = new Map<number, number[]>();
      for (const f of faces)
        if (shown.has(f.asset_id)) byPerson.set(f.person_id, [...(byPerson.get(f.person_id) ?? []), f.id]);
      const people = (await repos.people.people([...byPerson.keys()])).filter((p) => (p.hidden === 1) === hidden);
      const items = people
        .map((p) => view(actor, p, byPerson.get(p.id)!))
        // Named first, by name; then the most seen.
        .sort(
          (a, b) =>
            (a.name === null ? 1 : 0) - (b.name === null ? 1 : 0) ||
            (a.name ?? '').localeCompare(b.name ?? '') ||
            b.faces - a.faces ||
            a.id - b.id,
        );
      return { ...base, items };
    },

    show: (ctx: RequestContext, id: number) => detail(ctx.actor, id),

    async rename(ctx: RequestContext, id: number, name: string) {
      const { person } = await seen(ctx.actor, id);
      await deps.change(ctx, async (u) => {
        await u.repos.people.rename(id, name, now());
        await u.audit({
          event: 'people.name',
          target: target({ id, name }),
          changes: { name: { before: person.name, after: name } },
          info: { brand_id: person.brand_id },
        });
      });
      return { person: (await detail(ctx.actor, id)).person };
    },

    async merge(ctx: RequestContext, id: number, into: number) {
      const { person } = await seen(ctx.actor, id);
      if (into === id) throw invalid({ into: 'invalid' });
      const other = await seen(ctx.actor, into).catch(() => {
        throw invalid({ into: 'invalid' });
      });
      if (other.person.brand_id !== person.brand_id) throw invalid({ into: 'invalid' });
      await deps.change(ctx, async (u) => {
        await u.repos.people.merge(id, into, now());
        await u.audit({
          event: 'people.merge',
          target: target(other.person),
          info: { brand_id: person.brand_id, into, from: id, from_name: person.name },
        });
      });
      return { person: (await detail(ctx.actor, into)).person };
    },

    async split(ctx: RequestContext, id: number, body: z.output<typeof PersonSplitBody>) {
      const { person, faces } = await seen(ctx.actor, id);
      const mine = new Set(faces.map((f) => f.id));
      const picked = [...new Set(body.faces)];
      if (picked.some((f) => !mine.has(f))) throw invalid({ faces: 'invalid' });
      const newId = await deps.change(ctx, async (u) => {
        const created = await u.repos.people.split(person, picked, body.name ?? null, now());
        await u.audit({
          event: 'people.split',
          target: target({ id: created, name: body.name ?? null }),
          info: { brand_id: person.brand_id, from: id, faces: picked.length },
        });
        return created;
      });
      return { person: (await detail(ctx.actor, newId)).person };
    },

    async hide(ctx: RequestContext, id: number, hidden: boolean) {
      const { person } = await seen(ctx.actor, id);
      await deps.change(ctx, async (u) => {
        await u.repos.people.setHidden(id, hidden, now());
        await u.audit({
          event: 'people.hide',
          target: target(person),
          changes: { hidden: { before: person.hidden === 1, after: hidden } },
          info: { brand_id: person.brand_id },
        });
      });
      return { person: (await detail(ctx.actor, id)).person };
    },

    async inAsset(ctx: RequestContext, assetId: number): Promise<AssetPeople> {
      const [asset] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'view',
        kind: assetAccess,
        ids: [assetId],
      });
      const state = await repos.people.state(assetId);
      const current = state && state.rev === asset!.derivative_rev ? state : null;
      const rows = await repos.people.inAsset(assetId);
      const seenIds = new Set<number>();
      const people = rows.filter((r) => !seenIds.has(r.id) && seenIds.add(r.id));
      return {
        state: (current?.state ?? 'pending') as AssetPeople['state'],
        reason: current?.reason ?? null,
        can_manage: peoplePolicy.manages(ctx.actor),
        people: people.map((p) => ({ id: p.id, name: p.name, crop_url: cropUrl(ctx.actor, p.face_id) })),
      };
    },

    /**
     * A small JPEG of one face, cut from the asset's preview, for those who may see the asset: by
     * bearer token or by the signed link the lists hand out, worth what its user may see now.
     */
    async crop(ctx: AnyContext, faceId: number, query: FaceCropQuery) {
      const actor = await linkOrBearer(repos, ctx.actor, faceCropUser(appKey, faceId, query, clock.now()));
      const face = await repos.people.face(faceId);
      if (!face) throw new AppError('NOT_FOUND');
      const [asset] = await requireAccess(repos, {
        actor,
        permission: 'view',
        kind: assetAccess,
        ids: [face.asset_id],
      });
      const storage = deps.storage;
      const key = asset!.preview_key ?? asset!.blob_key;
      if (!storage || !key) throw new AppError('NOT_FOUND');
      const [x, y, w, h] = boxOf(face.box);
      const body = await withLocalFile(storage, key, async (path) => {
        const img = sharp(path).rotate();
        const { width = 1, height = 1 } = await sharp(path)
          .rotate()
          .metadata()
          .then((m) => ((m.orientation ?? 1) >= 5 ? { width: m.height, height: m.width } : m));
        // A little room around the face, kept inside the picture.
        const pad = 0.15;
        const left = Math.max(0, Math.floor((x - w * pad) * width));
        const top = Math.max(0, Math.floor((y - h * pad) * height));
        const cw = Math.max(1, Math.min(width - left, Math.ceil(w * (1 + 2 * pad) * width)));
        const ch = Math.max(1, Math.min(height - top, Math.ceil(h * (1 + 2 * pad) * height)));
        return img
          .extract({ left, top, width: cw, height: ch })
          .resize(CROP_PX, CROP_PX, { fit: 'cover' })
          .jpeg({ quality: 80 })
          .toBuffer();
      });
      return new FileAnswer(
        200,
        {
          ...fileSafetyHeaders(),
          'content-type': 'image/jpeg',
          'content-length': body.length,
          'cache-control': 'private, max-age=300',
        },
        body,
      );
    },
  };
}
export type PeopleService = ReturnType<typeof peopleService>;

declare module '../../deps/services.js' {
  interface Services {
    people: PeopleService;
  }
}
