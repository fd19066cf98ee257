import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { safeEqual } from '../../lib/crypto.js';
import { checkPassword } from '../../lib/passwords.js';
import type { AnyContext, RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { recordDownload } from '../stats/downloads.counts.js';
import type { SharePrincipal } from '../../access/principal.js';
import { assetTarget } from '../audit/audit.trail.js';
import { streamZip } from '../downloads/downloads.stream.js';
import { linkActor } from '../assets/downloadLink.js';
import { collectionsPolicy, sightOf } from '../collections/collections.policy.js';
import type { FilesService } from '../files/files.service.js';
import type { ShareFileKind } from './shareLinks.policy.js';
import { shareLinksPolicy } from './shareLinks.policy.js';
import type { ShareLinkRow } from './shareLinks.repo.js';
import { shareLinkLimits } from './shareLinks.limits.js';
import { linkPasses } from './shareLinks.pass.js';
import { tokenHashOf } from './shareLinks.token.js';
import { brandFace } from '../brands/brands.view.js';
import { sharedAssetItem } from './shareLinks.view.js';
import { printedFields } from '../metadata/printedFields.js';
import { markedOriginal, linkPreviewFile } from '../watermarks/watermark.serve.js';
import { originalWithXmp } from '../metadata/embed/xmpOut.js';
import { acceptedInfo, linkTerms } from '../assets/linkTerms.js';
import type { LicenceTerms } from '@brandvault/contract';

/**
 * The link holder's side of share links: the link as a principal with its own rights (checked
 * by `shareLinksPolicy.linkCan`), opened with its password, browsed, and downloaded through.
 * The owner's side (create, list, edit, revoke) is `shareLinks.service.ts`.
 */
export function shareLinkHolderService(deps: Deps, files: FilesService) {
  const { repos, clock, appKey, limiter } = deps;
  const limits = shareLinkLimits(limiter, appKey, 'share');
  const passes = linkPasses(appKey, clock, 'share');
  const now = () => iso(clock.now());
  const { termsOf, distinct: distinctTerms, requireAck } = linkTerms(repos);

  /** The live link behind a token for this collection; anything else answers the same 404. */
  async function live(collectionId: number, token: string) {
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw new AppError('NOT_FOUND');
    const hash = tokenHashOf(appKey, token);
    const row = await repos.shareLinks.byHash(hash);
    if (!row || !safeEqual(row.token_hash, hash) || row.collection_id !== collectionId) throw new AppError('NOT_FOUND');
    if (!shareLinksPolicy.linkCan({ kind: 'share', link: row, viewerId: null, unlocked: true }, 'view', now()))
      throw new AppError('NOT_FOUND');
    return row;
  }

  /**
   * The link as a principal for this request: the audience decides who may hold it (a signed-in
   * viewer, or anyone for anyone-with-the-link), the pass whether the password was given.
   */
  async function principal(row: ShareLinkRow, viewerId: number | null, pass: string | undefined) {
    const p = passes.read(row.id, pass);
    const viewer = viewerId ?? (p && p.viewerId > 0 ? p.viewerId : null);
    if (p && viewerId !== null && p.viewerId !== 0 && p.viewerId !== viewerId) throw new AppError('NOT_FOUND');
    if (row.audience !== 'anyone') {
      if (viewer === null) throw new AppError('NOT_FOUND');
      const who = viewerId === null ? await linkActor(repos, viewer) : true;
      if (!who) throw new AppError('NOT_FOUND');
      if (row.audience === 'users' && !(await repos.shareLinks.isRecipient(row.id, viewer)))
        throw new AppError('NOT_FOUND');
    }
    const sp: SharePrincipal = { kind: 'share', link: row, viewerId: viewer, unlocked: !!p?.unlocked };
    return sp;
  }

  /**
   * What the link shows is what its owner may see now, and it hands out originals only while the
   * owner may download them: a deactivated owner's links stop.
   */
  async function ownerSight(row: ShareLinkRow) {
    const owner = await linkActor(repos, row.owner_id);
    if (!owner) throw new AppError('NOT_FOUND');
    return {
      sight: { ...sightOf(owner), outside: true },
      downloads: row.allow_download === 1 && shareLinksPolicy.grantsDownload(owner),
      sharedBy: `${owner.user.first_name} ${owner.user.last_name}`.trim(),
    };
  }

  async function view(
    ctx: AnyContext,
    collectionId: number,
    token: string,
    q: { page: number; per_page: number; pass?: string | undefined },
    passHeader: string | undefined,
    signedIn: boolean,
  ) {
    const row = await live(collectionId, token);
    if (!signedIn && row.audience !== 'anyone') throw new AppError('NOT_FOUND');
    if (!signedIn) await limits.view(ctx, row.id);
    const viewerId = signedIn ? ctx.actor!.user.id : null;
    const sp = await principal(row, viewerId, q.pass ?? passHeader);
    if (!shareLinksPolicy.linkCan(sp, 'view', now()))
      throw new AppError(row.password_hash !== null && !sp.unlocked ? 'PASSWORD_REQUIRED' : 'FORBIDDEN');
    const { sight, downloads, sharedBy } = await ownerSight(row);
    const collection = found(await repos.collections.byId(row.collection_id));
    if (!collectionsPolicy.can(sp, 'view', collection)) throw new AppError('NOT_FOUND');
    const [page, counts, brand] = await Promise.all([
      repos.collections.page(sight, collectionId, 'added', q.page, q.per_page),
      repos.collections.counts(sight, [collectionId]),
      repos.brands.mainOfCollection(collectionId),
    ]);
    // Only the fields the brand marked for share pages reach the holder, in the holder's language.
    const fields = await printedFields(repos, page.items, ctx.lang, 'on_share');
    // The licences' terms, shown and accepted before a download (issue 40 §2): per asset of the
    // page, and all of them for the zip.
    const [pageTerms, zipTerms] = downloads
      ? await Promise.all([
          termsOf(page.items.map((a) => a.id)),
          termsOf(await repos.collections.visibleIds(sight, collectionId)),
        ])
      : [new Map<number, LicenceTerms[]>(), new Map<number, LicenceTerms[]>()];
    if (await limits.firstView(ctx, row.id)) await repos.shareLinks.countView(row.id);
    const { pass } = passes.issue(row.id, viewerId ?? 0, sp.unlocked);
    const base = `/api/ops/collection/${collectionId}/shared/${token}/asset`;
    const fileUrl = (assetId: number, kind: ShareFileKind) =>
      `${base}/${assetId}/${kind}?pass=${encodeURIComponent(pass)}`;
    return {
      collection: { id: collection.id, name: collection.name, asset_count: counts.get(collectionId) ?? 0 },
      brand: brand ? brandFace(brand, deps.media) : null,
      shared_by: sharedBy,
      message: row.message,
      expires_at: row.expires_at,
      allow_download: downloads,
      zip_url: downloads
        ? `/api/ops/collection/${collectionId}/shared/${token}/zip?pass=${encodeURIComponent(pass)}`
        : null,
      zip_terms: distinctTerms(zipTerms),
      assets: {
        items: page.items.map((a) =>
          sharedAssetItem(a, fileUrl, downloads, fields.get(a.id) ?? [], pageTerms.get(a.id) ?? []),
        ),
        total: page.total,
        page: q.page,
        per_page: q.per_page,
      },
    };
  }

  return {
    /** Signed in: any audience, checked against the caller. */
    sharedView: (
      ctx: RequestContext,
      id: number,
      token: string,
      q: { page: number; per_page: number; pass?: string | undefined },
      passHeader?: string,
    ) => view(ctx, id, token, q, passHeader, true),
    /** Signed out: anyone-with-the-link only (a signed-in caller is treated the same way). */
    publicView: (
      ctx: AnyContext,
      id: number,
      token: string,
      q: { page: number; per_page: number; pass?: string | undefined },
      passHeader?: string,
    ) => view(ctx, id, token, q, passHeader, false),

    /** The password once per browser session: a pass; wrong ones are limited per link and per address. */
    async unlock(ctx: AnyContext, id: number, token: string, password: string) {
      const row = await live(id, token);
      if (row.audience === 'users' && !ctx.actor) throw new AppError('NOT_FOUND');
      await limits.beforeUnlock(ctx, row.id);
      if (row.password_hash === null || !(await checkPassword(row.password_hash, password))) {
        await limits.wrongPassword(ctx, row.id);
        throw invalid({ password: 'invalid' });
      }
      const viewerId = ctx.actor?.user.id ?? 0;
      await principal(row, ctx.actor ? viewerId : null, undefined);
      return passes.issue(row.id, viewerId, true);
    },

    /**
     * Every asset of the collection the owner still sees, as one zip streamed to the holder of a
     * link with the download right; counted and audited as one download of each, with the link.
     */
    async zip(ctx: AnyContext, id: number, token: string, pass?: string, ack?: string) {
      const row = await live(id, token);
      const sp = await principal(row, null, pass);
      if (!shareLinksPolicy.linkCan(sp, 'original', now()))
        throw new AppError(shareLinksPolicy.linkCan(sp, 'view', now()) ? 'FORBIDDEN' : 'NOT_FOUND');
      const { sight, downloads } = await ownerSight(row);
      if (!downloads) throw new AppError('FORBIDDEN');
      const collection = found(await repos.collections.byId(row.collection_id));
      const ids = await repos.collections.visibleIds(sight, id);
      const assets = (await deps.repos.downloads.assetsByIds(ids, row.owner_id)).filter((a) => a.status === 'ACTIVE');
      if (!assets.length) throw new AppError('NOT_FOUND');
      const accepted = await requireAck(
        assets.map((a) => a.id),
        ack,
      );
      const answer = streamZip(deps, sp, assets, `${collection.name}.zip`, ctx.lang, (err) =>
        deps.log.warn({ err, linkId: row.id, reqId: ctx.requestId }, 'shared zip cut short'),
      );
      await deps.change(ctx, (u) =>
        recordDownload(u, {
          assets,
          kind: 'zip',
          at: clock.now(),
          linkId: row.id,
          userId: ctx.actor?.user.id ?? null,
          audit: {
            event: 'download.fetch',
            target: { type: 'collection', id: collection.id, label: collection.name },
            info: {
              format: 'zip',
              files: assets.length,
              share_link_id: row.id,
              ...acceptedInfo(accepted),
            },
          },
        }),
      );
      return answer;
    },

    /**
     * A file of a shared asset, checked against the link at every fetch (a revoked link stops
     * a thumbnail already on a page): live, audience, password, download right, and the asset
     * still in the collection and visible to its owner.
     */
    async file(
      ctx: AnyContext,
      id: number,
      token: string,
      assetId: number,
      kind: ShareFileKind,
      pass?: string,
      range?: string,
      ack?: string,
    ) {
      const row = await live(id, token);
      const sp = await principal(row, null, pass);
      if (!shareLinksPolicy.linkCan(sp, kind, now())) {
        throw new AppError(shareLinksPolicy.linkCan(sp, 'view', now()) ? 'FORBIDDEN' : 'NOT_FOUND');
      }
      const { sight, downloads } = await ownerSight(row);
      if (!(await repos.collections.visibleIds(sight, id)).includes(assetId)) throw new AppError('NOT_FOUND');
      if (kind === 'original' && !downloads) throw new AppError('FORBIDDEN');
      const a = found(await repos.assets.byId(assetId));
      if (kind === 'original') {
        const accepted = await requireAck([a.id], ack);
        const plain = () =>
          files.original({ key: a.blob_key, size: Number(a.size), mime: a.mime, name: a.name }, range);
        // As a signed-in download: a whole file carries the asset's metadata and licence terms in XMP.
        const answer =
          (await markedOriginal(deps, sp, a)) ??
          (!range ? await originalWithXmp(deps, a, await plain(), plain) : await plain());
        // One download per whole file or first range, not one per range request of a player.
        // Counted for the link and the asset, and audited with the link (nobody signed in).
        if (answer.status === 200 || (answer.status === 206 && /^bytes=0-/.test(range ?? '')))
          await deps.change(ctx, (u) =>
            recordDownload(u, {
              assets: [a],
              kind: 'original',
              at: clock.now(),
              linkId: row.id,
              userId: ctx.actor?.user.id ?? null,
              audit: {
                event: 'asset.download',
                target: assetTarget(a),
                info: {
                  version: a.current_version,
                  share_link_id: row.id,
                  ...acceptedInfo(accepted),
                },
              },
            }),
          );
        return answer;
      }
      return linkPreviewFile(deps, sp, a.brand_id, kind === 'thumbnail' ? a.thumb_key : a.preview_key);
    },
  };
}
export type ShareLinkHolderService = ReturnType<typeof shareLinkHolderService>;
