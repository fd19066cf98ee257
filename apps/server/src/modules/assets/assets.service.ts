import type { AssetCropQuery, AssetEditBody, AssetView, UploadResult } from '@brandvault/contract';
import type { z } from 'zod';
import { authorize } from '../../http/authorize.js';
import { AppError, found, invalid } from '../../http/errors.js';
import type { StreamPart } from '../../http/multipart.js';
import { iso } from '../../lib/clock.js';
import type { StagedBlob } from '../../storage/index.js';
import type { Deps } from '../../deps/deps.js';
import type { Actor } from '../../access/principal.js';
import { foldersPolicy } from '../folders/folders.policy.js';
import type { FoldersService } from '../folders/folders.service.js';
import type { FilesService } from '../files/files.service.js';
import { assetAbilities, assetAccess, assetsPolicy } from './assets.policy.js';
import { assetCard, availabilityView, parseList } from './assets.view.js';
import { recordDownload } from '../stats/downloads.counts.js';
import { downloadLink, downloadLinkUser, linkOrBearer } from './downloadLink.js';
import { confirmedInfo, downloadGates, needsConfirmation } from './downloadGate.js';
import type { DownloadQuery } from './downloadLink.js';
import { cropAudit, servedCrop } from './crop.serve.js';
import { markedOriginal } from '../watermarks/watermark.serve.js';
import { cleanFileName } from './fileName.js';
import { failed, ingestNewAsset } from './ingest.js';
import { RequestStaging } from './requestStaging.js';
import type { AnyContext, RequestContext } from '../../lib/requestContext.js';
import { withActor } from '../../lib/requestContext.js';
import { requireAccess } from '../access/requireAccess.js';
import { assetTarget, changesOf } from '../audit/audit.trail.js';
import { cardMedia } from '../watermarks/watermark.previews.js';
import { originalWithXmp } from '../metadata/embed/xmpOut.js';
import { spellWithVocabularies } from './assets.vocab.js';
import { trashMark } from './trashMark.js';
import { dayOf, recomputeAvailability } from '../availability/availability.js';

/** Metadata an edit records before and after. */
const EDITABLE = [
  'name',
  'description',
  'keywords',
  'categories',
  'language',
  'visibility',
  'name_locked',
  'available_from',
  'available_until',
] as const;

export function assetsService(deps: Deps, folders: FoldersService, files: FilesService) {
  const { repos, clock, appKey } = deps;
  const now = () => iso(clock.now());

  /** The asset if the actor may see it (brand, privacy, status), else 404. */
  async function visible(actor: Actor, id: number) {
    await requireAccess(repos, { actor, permission: 'view', kind: assetAccess, ids: [id] });
    const a = await repos.assets.withFolder(id);
    if (!a) throw new AppError('NOT_FOUND');
    return a;
  }

  /**
   * Lets a copy of the asset go (issue 40 §2): 403 when its brand blocks expired or embargoed
   * downloads, 409 until the user has confirmed its licence terms or its expiry.
   */
  async function passGate(actor: Actor, a: { id: number; brand_id: number; availability: string }, ack: boolean) {
    const gate = (await downloadGates(repos, actor, [a])).get(a.id)!;
    if (gate.blocked) throw new AppError('DOWNLOAD_BLOCKED');
    if (needsConfirmation(gate) && !ack) throw new AppError('DOWNLOAD_CONFIRM');
    return gate;
  }

  async function view(actor: Actor, id: number): Promise<{ asset: AssetView }> {
    const a = found(await repos.assets.withFolder(id));
    const [brand, breadcrumbs, creator, origin] = await Promise.all([
      repos.brands.byId(a.brand_id),
      repos.folders.crumbs(a.folder_path),
      a.created_by ? repos.assets.userName(a.created_by) : undefined,
      repos.sync.originOf(a.id),
    ]);
    const abilities = assetAbilities(actor, a);
    const gate = (await downloadGates(repos, actor, [a])).get(a.id)!;
    const direct = abilities.download && !gate.blocked && !needsConfirmation(gate);
    return {
      asset: {
        ...assetCard(actor, a, await cardMedia(deps, actor)),
        description: a.description,
        keywords: parseList(a.keywords),
        categories: parseList(a.categories),
        language: a.language,
        taken_at: a.taken_at,
        camera: a.camera ? JSON.parse(a.camera) : null,
        location: a.location ? (JSON.parse(a.location) as { lat: number; lng: number }) : null,
        name_locked: a.name_locked === 1,
        sha256: a.sha256,
        current_version: a.current_version,
        download_url: direct ? downloadLink(appKey, a.id, actor.user.id, clock.now()) : null,
        download_gate: gate,
        brand: { id: brand!.id, name: brand!.name, slug: brand!.slug },
        breadcrumbs,
        created_by: creator ? { id: creator.id, name: `${creator.first_name} ${creator.last_name}` } : null,
        sync: origin ? { source_id: origin.source_id, source_name: origin.source_name, path: origin.rel_path } : null,
        ...availabilityView(a),
      },
    };
  }

  /** A new name as it will be stored (see cleanFileName); one that is only an extension is refused. */
  function renamed(raw: string): string {
    const named = cleanFileName(raw);
    if (!named.ok) throw invalid({ name: named.code === 'MISSING_NAME' ? 'nameOnly' : 'required' });
    return named.name;
  }

  /** A destination folder the actor can see and upload into. */
  async function target(actor: Actor, folderId: number) {
    const f = await folders.visible(actor, folderId);
    authorize(foldersPolicy.abilities(actor, f).upload);
    return f;
  }

  return {
    visible,
    view: async ({ actor }: RequestContext, id: number) => {
      await visible(actor, id);
      return view(actor, id);
    },
    /**
     * The answer to a change the actor was allowed before it: a new version that put the asset in
     * review answers its author even when, not being its uploader, they no longer see it.
     */
    viewAfterChange: ({ actor }: RequestContext, id: number) => view(actor, id),

    /**
     * Multipart parts named `files`. Every file is staged while the body streams in, and assets
     * are made only once it has ended within its limits: a body refused half-way (the 201st file
     * of a 200-file limit, a file too large, malformed or cut off) answers its error and leaves
     * nothing, rather than keeping the files before the fault and reporting the rest as failed.
     */
    async upload(
      ctx: RequestContext,
      parts: AsyncIterable<StreamPart>,
      brandId: number,
      folderId: number,
      duplicates: 'skip' | 'allow',
    ): Promise<{ status: 201 | 207 | 422; results: UploadResult[] }> {
      const { actor, lang } = ctx;
      const folder = await target(actor, folderId);
      if (folder.brand_id !== brandId) throw new AppError('FOLDER_NOT_FOUND');
      const staging = new RequestStaging(deps.storage, deps.config.maxUploadBytes);
      try {
        const files: { name: string; staged: StagedBlob | 'FILE_TOO_LARGE' }[] = [];
        let mode = duplicates;
        for await (const part of parts) {
          if (part.type === 'field') {
            if (part.name === 'duplicates' && part.value === 'allow') mode = 'allow';
          } else if (part.name !== 'files') part.stream.resume();
          else files.push({ name: part.filename, staged: await staging.stage(part.stream) });
        }
        if (!files.length) throw invalid({ files: 'required' });
        const results: UploadResult[] = [];
        for (const f of files) {
          results.push(
            f.staged === 'FILE_TOO_LARGE'
              ? failed(cleanFileName(f.name).name, 'FILE_TOO_LARGE', lang)
              : await ingestNewAsset(deps, ctx, folder, f.name, { staged: f.staged }, { duplicates: mode }),
          );
        }
        // 201 all created, 422 all refused (the results say why), 207 anything in between; a
        // duplicate is no error, it says where the brand holds the file.
        const status = results.every((r) => r.status === 'created')
          ? 201
          : results.every((r) => r.status !== 'created' && !r.location)
            ? 422
            : 207;
        return { status, results };
      } finally {
        await staging.discardAll();
      }
    },

    async edit(ctx: RequestContext, id: number, body: z.output<typeof AssetEditBody>) {
      const { actor } = ctx;
      const a = await visible(actor, id);
      authorize(assetAbilities(actor, a).update);
      if (body.name_locked !== undefined) authorize(assetAbilities(actor, a).lock_name);
      // The asset's own usage window is a rights decision (issue 40), as its licences are.
      if (body.available_from !== undefined || body.available_until !== undefined)
        authorize(assetsPolicy.managesRights(actor));
      // The lock as it will be after this edit: locking and renaming at once is refused.
      const locked = body.name_locked ?? a.name_locked === 1;
      const name = body.name === undefined ? undefined : renamed(body.name);
      if (name !== undefined && name !== a.name) {
        if (locked) throw invalid({ name: 'immutable' });
        // The name keeps its file extension.
        if (!name.toLowerCase().endsWith(`.${a.ext.toLowerCase()}`)) throw invalid({ name: 'invalid' });
      }
      const next: { categories?: string; language?: string | null } & Record<string, unknown> = {
        ...(name !== undefined ? { name } : {}),
        ...(body.description !== undefined ? { description: body.description || null } : {}),
        ...(body.keywords ? { keywords: JSON.stringify([...new Set(body.keywords)]) } : {}),
        ...(body.categories ? { categories: JSON.stringify([...new Set(body.categories)]) } : {}),
        ...(body.language !== undefined ? { language: body.language || null } : {}),
        ...(body.visibility ? { visibility: body.visibility } : {}),
        ...(body.name_locked !== undefined ? { name_locked: body.name_locked ? 1 : 0 } : {}),
        ...(body.available_from !== undefined ? { available_from: body.available_from } : {}),
        ...(body.available_until !== undefined ? { available_until: body.available_until } : {}),
      };
      // The window as it will be: an end before the start is a mistake, not an empty window.
      const from = body.available_from === undefined ? a.available_from : body.available_from;
      const until = body.available_until === undefined ? a.available_until : body.available_until;
      if (from && until && until < from) throw invalid({ available_until: 'dateOrder' });
      await deps.change(ctx, async (u) => {
        if (body.categories || body.language) {
          const words = await spellWithVocabularies(
            u,
            actor,
            a.brand_id,
            { categories: body.categories, language: body.language || undefined },
            now(),
            { categories: parseList(a.categories), language: a.language },
          );
          if (words.categories) next.categories = JSON.stringify(words.categories);
          if (words.language) next.language = words.language;
        }
        await u.repos.assets.update(id, { ...next, updated_at: now() });
        if (body.available_from !== undefined || body.available_until !== undefined)
          await recomputeAvailability(u.repos, [id], dayOf(clock.now()));
        const lists = (v: { keywords?: string; categories?: string }) => ({
          ...(v.keywords !== undefined ? { keywords: JSON.parse(v.keywords) as string[] } : {}),
          ...(v.categories !== undefined ? { categories: JSON.parse(v.categories) as string[] } : {}),
        });
        const changes = changesOf({ ...a, ...lists(a) }, { ...next, ...lists(next) }, EDITABLE);
        await u.audit({ event: 'asset.update', target: assetTarget(a), changes });
        await u.emit('asset.updated', { assetId: id, brandId: a.brand_id });
      });
      return view(actor, id);
    },

    /** All or nothing: every asset must be visible and movable, and the folder in the same brand. */
    async move(ctx: RequestContext, folderId: number, ids: number[]) {
      const { actor } = ctx;
      const dest = await target(actor, folderId);
      const rows = await requireAccess(repos, { actor, permission: 'move', kind: assetAccess, ids });
      if (rows.some((a) => a.brand_id !== dest.brand_id)) throw invalid({ folder_id: 'invalid' });
      const moved = await deps.change(ctx, async (u) => {
        const n = await u.repos.assets.moveMany(
          rows.map((a) => a.id),
          dest.id,
          now(),
        );
        for (const a of rows.filter((r) => r.folder_id !== dest.id))
          await u.audit({
            event: 'asset.move',
            target: assetTarget(a),
            changes: { folder_id: { before: a.folder_id, after: dest.id } },
          });
        return n;
      });
      return { message: 'Moved', moved };
    },

    /** A new asset sharing the stored file (blobs are only deleted once nothing refers to them). */
    async copy(ctx: RequestContext, id: number, folderId: number) {
      const { actor } = ctx;
      const a = (await requireAccess(repos, { actor, permission: 'copy', kind: assetAccess, ids: [id] }))[0]!;
      const dest = await target(actor, folderId);
      if (dest.brand_id !== a.brand_id) throw invalid({ folder_id: 'invalid' });
      const at = now();
      const newId = await deps.change(ctx, async (u) => {
        const { id: _id, private_path: _pp, folder_status: _fs, brand_status: _bs, member_id: _m, ...row } = a;
        const copyId = await u.repos.assets.insert({
          ...row,
          folder_id: dest.id,
          current_version: 1,
          created_by: actor.user.id,
          created_at: at,
          updated_at: at,
        });
        await u.repos.assets.insertVersion({
          asset_id: copyId,
          number: 1,
          name: a.name,
          ext: a.ext,
          mime: a.mime,
          size: a.size,
          sha256: a.sha256,
          blob_key: a.blob_key,
          width: a.width,
          height: a.height,
          duration_seconds: a.duration_seconds,
          taken_at: a.taken_at,
          camera: a.camera,
          thumb_key: a.thumb_key,
          created_by: actor.user.id,
          created_at: at,
        });
        if (a.derivatives === 'pending')
          await u.enqueue('assets.derivatives', { asset_id: copyId, rev: a.derivative_rev }, { clock });
        else if (a.proxy_state === 'pending')
          await u.enqueue('assets.video', { asset_id: copyId, rev: a.derivative_rev }, { clock });
        await u.audit({
          event: 'asset.copy',
          target: assetTarget(a),
          info: { copy_id: copyId, folder_id: dest.id },
        });
        return copyId;
      });
      return view(actor, newId);
    },

    /** Remove ↔ restore (§4): removed assets leave listings and come back on restore. */
    async changeStatus(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const a = await visible(actor, id);
      const row = (
        await requireAccess(repos, {
          actor,
          permission: a.status === 'ACTIVE' ? 'remove' : 'restore',
          kind: assetAccess,
          ids: [id],
        })
      )[0]!;
      const next = row.status === 'ACTIVE' ? 'INACTIVE' : 'ACTIVE';
      await deps.change(ctx, async (u) => {
        await u.repos.assets.update(id, { status: next, updated_at: now(), ...trashMark(next, now(), actor.user.id) });
        await u.audit({
          event: 'asset.status',
          target: assetTarget(row),
          changes: { status: { before: row.status, after: next } },
        });
        await u.emit(next === 'INACTIVE' ? 'asset.removed' : 'asset.restored', { assetId: id, brandId: a.brand_id });
      });
      return view(actor, id);
    },

    /**
     * The user confirms the asset's licence terms (and its expiry, when the brand warns): the
     * confirmation is audited, and the link it answers lets the original go.
     */
    async confirmDownload(ctx: RequestContext, id: number) {
      const { actor } = ctx;
      const a = await visible(actor, id);
      authorize(assetsPolicy.downloads(actor), 'FORBIDDEN');
      const gate = (await downloadGates(repos, actor, [a])).get(a.id)!;
      if (gate.blocked) throw new AppError('DOWNLOAD_BLOCKED');
      await deps.change(ctx, async (u) =>
        u.audit({ event: 'asset.download.confirm', target: assetTarget(a), info: confirmedInfo(a, gate) }),
      );
      return { download_url: downloadLink(appKey, a.id, actor.user.id, clock.now(), true) };
    },

    /**
     * The original, by bearer token or by the signed link the view hands out. A link is worth
     * what its user may do now: a removed or PRIVATE asset out of their reach, a lost brand or
     * permission, or a deactivated account answer 404, as a denied read does.
     */
    async download(ctx: AnyContext, id: number, q: DownloadQuery, range: string | undefined) {
      const linkUser = downloadLinkUser(appKey, id, q, clock.now());
      const actor = await linkOrBearer(repos, ctx.actor, linkUser);
      const a = await visible(actor, id);
      authorize(assetsPolicy.downloads(actor), linkUser === null ? 'FORBIDDEN' : 'NOT_FOUND');
      const gate = await passGate(actor, a, q.ack === '1');
      const file = { key: a.blob_key, size: Number(a.size), mime: a.mime, name: a.name };
      // Guests of a brand that watermarks for them get the marked (and maybe traced) picture.
      const plain = () => files.original(file, range, q.disposition === 'inline');
      // A whole download carries the asset's metadata in its XMP; ranges and inline views get the stored bytes.
      const whole = !range && q.disposition !== 'inline';
      const answer =
        (await markedOriginal(deps, actor, a)) ??
        (whole ? await originalWithXmp(deps, a, await plain(), plain) : await plain());
      // One entry per download, not per range request of a player or resumed transfer.
      if (answer.status === 200 || range?.startsWith('bytes=0-')) {
        await deps.change(withActor(ctx, actor), (u) =>
          recordDownload(u, {
            assets: [a],
            kind: 'original',
            at: clock.now(),
            userId: actor.user.id,
            audit: {
              event: 'asset.download',
              target: assetTarget(a),
              info: { version: a.current_version, ...confirmedInfo(a, gate) },
            },
          }),
        );
      }
      return answer;
    },

    /**
     * A cropped download (§1): the same rights as the original's (brand, PRIVATE, asset.download),
     * rendered from the original and recorded as a download with the crop it was.
     */
    async crop(ctx: RequestContext, id: number, q: z.output<typeof AssetCropQuery>) {
      const { actor } = ctx;
      const a = await visible(actor, id);
      authorize(assetsPolicy.downloads(actor), 'FORBIDDEN');
      const gate = await passGate(actor, a, q.ack === '1');
      const { answer, out } = await servedCrop(deps, actor, a, q);
      await deps.change(ctx, (u) =>
        recordDownload(u, {
          assets: [a],
          kind: 'crop',
          at: clock.now(),
          userId: actor.user.id,
          audit: {
            event: 'asset.download',
            target: assetTarget(a),
            info: {
              ...cropAudit(a, q, out),
              ...confirmedInfo(a, gate),
            },
          },
        }),
      );
      return answer;
    },
  };
}
export type AssetsService = ReturnType<typeof assetsService>;

declare module '../../deps/services.js' {
  interface Services {
    assets: ReturnType<typeof assetsService>;
  }
}
