import { PassThrough } from 'node:stream';
import { DOWNLOAD_EXPIRY_HOURS } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { asLang } from '../../mail/templates.js';
import type { JobContext } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { linkActor } from '../assets/downloadLink.js';
import { assetsPolicy, unavailable } from '../assets/assets.policy.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { jobMedia, mailFaceOfBrands } from '../brands/brands.mailFace.js';
import { downloadKey } from '../downloads/downloads.build.js';
import { announceReady } from '../downloads/downloads.ready.js';
import { previewLoader } from '../downloads/pdf/index.js';
import { assetIdsOf, contentOf, nodeView, pathsOf, readerVisible } from '../guidelines/guidelines.view.js';
import { markedPreview } from '../watermarks/watermark.serve.js';
import { renderGuidelinesPdf } from './render/renderGuidelinesPdf.js';
import type { GuidelinePdfAsset, GuidelinePdfPage } from './render/types.js';
import type { GuidelinePdfRequest } from './guidelinePdf.service.js';

/**
 * Builds a guidelines PDF download (the `guidelines.pdf` job): reads the published pages as the
 * requester may read them now (Spanish versions for a Spanish requester, assets they cannot see
 * as placeholders), renders it into storage, marks the download ready and tells its owner.
 * Idempotent: a download no longer preparing is left alone.
 */
export async function buildGuidelinePdf(ctx: JobContext, id: number) {
  const { storage, repos, clock } = ctx;
  if (!storage) throw new PermanentJobError('guidelines.pdf needs the blob store');
  const row = await repos.downloads.byId(id);
  if (!row || row.state !== 'preparing') return { id, state: row?.state ?? 'gone' };
  const fail = async (error: string) => {
    await repos.downloads.finish(id, { state: 'failed', error });
    return { id, state: 'failed' };
  };
  const lang = asLang(row.lang);
  const { guidelines: want } = JSON.parse(row.request) as GuidelinePdfRequest;
  const actor = await linkActor(repos, row.user_id);
  const [brand] = actor ? await repos.access.brands([want.brand_id], actor.user.id) : [];
  if (!actor || !brand || !brandsPolicy.see(actor, { status: brand.status }, brand.member_id !== null))
    return fail('You may no longer read these guidelines.');

  const rows = readerVisible(await repos.guidelines.tree(want.brand_id));
  const nodes = rows.map((n) => nodeView(n, false));
  const pathOf = pathsOf(nodes);
  const chosen = nodes.filter((n) => (want.page_id === null ? true : n.id === want.page_id));
  if (!chosen.length) return fail('There is no published guidelines page to export.');

  const marks = { repos, storage, clock };
  const pages: GuidelinePdfPage[] = [];
  for (const n of chosen) {
    const v = n.published_version ? await repos.guidelines.version(n.id, n.published_version) : undefined;
    if (!v) continue;
    const { content, es } = contentOf(v);
    const shown = lang === 'es' && es ? es : content;
    const ids = assetIdsOf(null, [shown]);
    const found = new Map((await repos.access.assets(ids, actor.user.id)).map((r) => [r.id, r]));
    const assets = new Map<number, GuidelinePdfAsset>();
    for (const assetId of ids) {
      const r = found.get(assetId);
      const ok =
        !!r &&
        r.brand_id === want.brand_id &&
        r.status === 'ACTIVE' &&
        r.folder_status === 'ACTIVE' &&
        !unavailable(r) &&
        assetsPolicy.can(actor, 'view', r);
      assets.set(assetId, {
        available: ok,
        name: ok ? r.name : null,
        // Marked as the brand marks this reader's downloads, as their previews are (guests).
        preview: ok ? markedPreview(marks, actor, r, previewLoader(storage, r)) : async () => null,
      });
    }
    pages.push({ path: pathOf(n.id, lang === 'es').slice(0, -1), title: shown.title, blocks: shown.blocks, assets });
  }

  const key = downloadKey(id);
  const out = new PassThrough();
  const upload = storage.put(key, out, 'application/pdf');
  upload.catch(() => undefined);
  try {
    await renderGuidelinesPdf({ brand: brand.name, lang, createdAt: new Date(row.created_at), pages }, out, {
      signal: ctx.signal,
      onProgress: (done, of) => void ctx.progress(done, of),
    });
    await upload;
  } catch (err) {
    out.destroy(err as Error);
    throw err;
  }

  const size = (await storage.stat(key))?.size ?? 0;
  const now = clock.now();
  const face = await mailFaceOfBrands(repos.brands, [want.brand_id], jobMedia(ctx.appKey, clock), ctx.appUrl ?? '');
  const stored = await ctx.tx(async (t) => {
    const done = await t.repos.downloads.finish(id, {
      state: 'ready',
      blob_key: key,
      contents: '[]',
      files: pages.length,
      skipped: 0,
      size,
      ready_at: iso(now),
      expires_at: iso(new Date(now.getTime() + DOWNLOAD_EXPIRY_HOURS * 3_600_000)),
    });
    if (!done) return null;
    return announceReady(t, {
      downloadId: id,
      user: actor.user,
      lang,
      name: row.name,
      files: pages.length,
      at: now,
      appUrl: ctx.appUrl,
      face,
    });
  });
  if (stored) ctx.notificationPublished(stored.user_id, stored.id);
  return { id, state: 'ready', pages: pages.length };
}
