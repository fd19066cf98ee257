import type { AssetCropQuery, CropFormat, GuidelinePage, LicenceTerms } from '@brandvault/contract';
import type { z } from 'zod';
import type { GuidelineLinkPrincipal } from '../../access/principal.js';
import { AppError, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import { safeEqual } from '../../lib/crypto.js';
import { checkPassword } from '../../lib/passwords.js';
import type { AnyContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { assetTarget } from '../audit/audit.trail.js';
import { croppable } from '../assets/crop.js';
import { cropAudit, servedCrop } from '../assets/crop.serve.js';
import { linkActor } from '../assets/downloadLink.js';
import { acceptedInfo, linkTerms } from '../assets/linkTerms.js';
import { visibleBrand } from '../brands/brandAccess.js';
import type { FilesService } from '../files/files.service.js';
import { recordDownload } from '../stats/downloads.counts.js';
import { linkPreviewFile, markedOriginal } from '../watermarks/watermark.serve.js';
import { shareLinkLimits } from '../shareLinks/shareLinks.limits.js';
import { linkPasses } from '../shareLinks/shareLinks.pass.js';
import { assetIdsOf, contentOf, nodeView, readerVisible } from '../guidelines/guidelines.view.js';
import type { GuidelineLinkFileKind } from './guidelineLinks.policy.js';
import { guidelineLinksPolicy } from './guidelineLinks.policy.js';
import { guidelineLinkTokenHash } from './guidelineLinks.token.js';

/**
 * The holder's side of public guidelines links (issue 45): the link is the principal, whoever
 * holds it and whether or not they are signed in. It reads the brand's published pages (as a
 * reader sees them) and the files of the PUBLIC assets those pages show, checked at every fetch;
 * it stops when revoked, expired, or when its maker can no longer sign in or see the brand.
 */
export function guidelineLinkHolder(deps: Deps, files: FilesService) {
  const { repos, clock, appKey, limiter } = deps;
  const now = () => iso(clock.now());
  // Licensed assets leave only with their terms accepted, as through a share link.
  const { termsOf, requireAck } = linkTerms(repos);

  const limits = shareLinkLimits(limiter, appKey, 'guideline');
  const passes = linkPasses(appKey, clock, 'guideline');
  const issuePass = (linkId: number, unlocked: boolean) => passes.issue(linkId, 0, unlocked);

  /** The live link behind a token; anything else answers the same 404. */
  async function live(token: string) {
    if (!/^[A-Za-z0-9_-]{20,200}$/.test(token)) throw new AppError('NOT_FOUND');
    const hash = guidelineLinkTokenHash(appKey, token);
    const row = await repos.guidelineLinks.byHash(hash);
    if (!row || !safeEqual(row.token_hash, hash)) throw new AppError('NOT_FOUND');
    const p: GuidelineLinkPrincipal = { kind: 'guidelineLink', link: row, unlocked: true };
    if (!guidelineLinksPolicy.linkCan(p, 'view', now())) throw new AppError('NOT_FOUND');
    return row;
  }

  /** The link as the holder of `pass` (unlocked when the pass is one of a right password). */
  const holderOf = (row: GuidelineLinkPrincipal['link'], pass: string | undefined): GuidelineLinkPrincipal => ({
    kind: 'guidelineLink',
    link: row,
    unlocked: !!passes.read(row.id, pass)?.unlocked,
  });

  /** The link as this request's principal: 401-like PASSWORD_REQUIRED until its password is given. */
  async function open(token: string, pass: string | undefined, action: 'view' | GuidelineLinkFileKind) {
    const row = await live(token);
    const p = holderOf(row, pass);
    if (!guidelineLinksPolicy.linkCan(p, 'view', now())) throw new AppError('PASSWORD_REQUIRED');
    if (!guidelineLinksPolicy.linkCan(p, action, now())) throw new AppError('FORBIDDEN');
    // What the link shows is what its maker may still show: a deactivated maker's links stop.
    const maker = await linkActor(repos, row.owner_id);
    if (!maker) throw new AppError('NOT_FOUND');
    const brand = await visibleBrand(repos, maker, row.brand_id);
    return { row, p, maker, brand };
  }

  /** The brand's pages a reader sees, as nodes. */
  const visibleNodes = async (brandId: number) =>
    readerVisible(await repos.guidelines.tree(brandId)).map((n) => nodeView(n, false));

  const fileUrl = (token: string, pass: string) => (assetId: number, kind: GuidelineLinkFileKind | 'crop') =>
    `/api/ops/guidelines/public/${token}/asset/${assetId}/${kind}?pass=${encodeURIComponent(pass)}`;

  /** Whether the asset shows on a published page the link reads, and the link may see it. */
  async function reachable(p: GuidelineLinkPrincipal, makerId: number, assetId: number) {
    const pages = new Set(await repos.guidelines.pagesShowing(assetId));
    const visible = readerVisible(await repos.guidelines.tree(p.link.brand_id)).some((n) => pages.has(n.id));
    if (!visible) return null;
    const [a] = await repos.access.assets([assetId], makerId);
    return a && guidelineLinksPolicy.sees(p, a) ? a : null;
  }

  return {
    async tree(ctx: AnyContext, token: string, pass: string | undefined) {
      const row = await live(token);
      await limits.view(ctx, row.id);
      // The password prompt is an answer: nothing is counted or shown before the password.
      if (!guidelineLinksPolicy.linkCan(holderOf(row, pass), 'view', now())) return { locked: true as const };
      const { p, brand } = await open(token, pass, 'view');
      if (await limits.firstView(ctx, row.id)) await repos.guidelineLinks.countView(row.id);
      return {
        locked: false as const,
        brand: { id: brand.id, name: brand.name },
        items: await visibleNodes(row.brand_id),
        expires_at: row.expires_at,
        allow_download: row.allow_download === 1,
        pass: issuePass(row.id, p.unlocked).pass,
      };
    },

    async unlock(ctx: AnyContext, token: string, password: string) {
      const row = await live(token);
      await limits.beforeUnlock(ctx, row.id);
      if (row.password_hash === null || !(await checkPassword(row.password_hash, password))) {
        await limits.wrongPassword(ctx, row.id);
        throw invalid({ password: 'invalid' });
      }
      return issuePass(row.id, true);
    },

    /** A published page as a signed-out reader sees it, its assets' files through the link. */
    async page(ctx: AnyContext, token: string, pageId: number, pass: string | undefined): Promise<GuidelinePage> {
      const { row, p, maker } = await open(token, pass, 'view');
      await limits.view(ctx, row.id);
      const node = (await visibleNodes(row.brand_id)).find((n) => n.id === pageId);
      const page = node ? await repos.guidelines.page(pageId) : undefined;
      const version = page?.published_version ? await repos.guidelines.version(pageId, page.published_version) : null;
      if (!node || !version) throw new AppError('NOT_FOUND');
      const shown = contentOf(version);
      const ids = assetIdsOf(version.cover_asset_id, [shown.content, shown.es]);
      const rows = new Map((await repos.access.assets(ids, maker.user.id)).map((r) => [r.id, r]));
      const url = fileUrl(token, issuePass(row.id, p.unlocked).pass);
      const downloads =
        guidelineLinksPolicy.linkCan(p, 'original', now()) && guidelineLinksPolicy.grantsDownload(maker);
      // The brand's presets only reach a holder who may take copies.
      const presets = downloads ? await repos.cropPresets.ofBrand(row.brand_id) : [];
      const terms = downloads ? await termsOf(ids.filter((id) => rows.has(id))) : new Map<number, LicenceTerms[]>();
      return {
        ...node,
        view: 'published',
        cover_asset_id: version.cover_asset_id,
        content: shown.content,
        es: shown.es,
        assets: ids.map((id) => {
          const r = rows.get(id);
          const ok = !!r && guidelineLinksPolicy.sees(p, r);
          // Other formats and crops: the images the crop route decodes, of a known size.
          const copies = ok && croppable(r) && !!r.width;
          const accept = terms.get(id) ?? [];
          return {
            id,
            available: ok,
            name: ok ? r.name : null,
            ext: ok ? r.ext : null,
            mime: ok ? r.mime : null,
            type: ok ? r.type : null,
            width: ok ? r.width : null,
            height: ok ? r.height : null,
            thumbnail_url: ok && r.thumb_key ? url(id, 'thumbnail') : null,
            preview_url: ok && r.preview_key ? url(id, 'preview') : null,
            warning: null,
            placeholder: ok ? null : ('unavailable' as const),
            // The block's options as a signed-in reader gets them, each by the link's own address.
            download:
              ok && downloads
                ? {
                    state: accept.length ? ('confirm' as const) : ('ready' as const),
                    url: url(id, 'original'),
                    convert: copies,
                    crop_url: copies ? url(id, 'crop') : null,
                    terms: accept,
                  }
                : null,
          };
        }),
        crop_presets: presets.map((c) => ({ ...c, format: (c.format as CropFormat | null) ?? null })),
        abilities: { manage: false },
      };
    },

    /**
     * A file of an asset a published page shows, checked against the link at every fetch; an
     * original counts and is audited as a download through the link (nobody signed in).
     */
    async file(
      ctx: AnyContext,
      token: string,
      assetId: number,
      kind: GuidelineLinkFileKind,
      pass: string | undefined,
      range: string | undefined,
      ack?: string,
    ) {
      const { row, p, maker } = await open(token, pass, kind);
      const a = await reachable(p, maker.user.id, assetId);
      if (!a) throw new AppError('NOT_FOUND');
      if (kind === 'original') {
        if (!guidelineLinksPolicy.grantsDownload(maker)) throw new AppError('FORBIDDEN');
        const accepted = await requireAck([a.id], ack);
        // Marked as a guest's download when the brand marks guests, as through a share link.
        const answer =
          (await markedOriginal(deps, p, a)) ??
          (await files.original({ key: a.blob_key, size: Number(a.size), mime: a.mime, name: a.name }, range));
        if (answer.status === 200 || (answer.status === 206 && /^bytes=0-/.test(range ?? '')))
          await deps.change(ctx, (u) =>
            recordDownload(u, {
              assets: [a],
              kind: 'original',
              at: clock.now(),
              userId: ctx.actor?.user.id ?? null,
              audit: {
                event: 'asset.download',
                target: assetTarget(a),
                info: { version: a.current_version, guideline_link_id: row.id, ...acceptedInfo(accepted) },
              },
            }),
          );
        return answer;
      }
      return linkPreviewFile(deps, p, a.brand_id, kind === 'thumbnail' ? a.thumb_key : a.preview_key);
    },

    /**
     * An image a published page shows in another format or cropped (a block's conversions and
     * presets), for a link with the download right, checked at every fetch as originals are;
     * marked as guests' downloads are, counted and audited as a download through the link.
     */
    async crop(
      ctx: AnyContext,
      token: string,
      assetId: number,
      q: z.output<typeof AssetCropQuery>,
      pass: string | undefined,
    ) {
      const { row, p, maker } = await open(token, pass, 'original');
      const a = await reachable(p, maker.user.id, assetId);
      if (!a) throw new AppError('NOT_FOUND');
      if (!guidelineLinksPolicy.grantsDownload(maker)) throw new AppError('FORBIDDEN');
      const accepted = await requireAck([a.id], q.ack);
      const { answer, out } = await servedCrop(deps, p, a, q);
      await deps.change(ctx, (u) =>
        recordDownload(u, {
          assets: [a],
          kind: 'crop',
          at: clock.now(),
          userId: ctx.actor?.user.id ?? null,
          audit: {
            event: 'asset.download',
            target: assetTarget(a),
            info: {
              ...cropAudit(a, q, out),
              guideline_link_id: row.id,
              ...acceptedInfo(accepted),
            },
          },
        }),
      );
      return answer;
    },
  };
}
export type GuidelineLinkHolder = ReturnType<typeof guidelineLinkHolder>;
