import type { Lang } from '@brandvault/contract';
import { AppError, found, invalid } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { RequestContext } from '../../lib/requestContext.js';
import type { Deps } from '../../deps/deps.js';
import { requireAccess } from '../access/requireAccess.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { downloadItem } from '../downloads/downloads.view.js';
import { guidelinePageAccess } from '../guidelines/guidelines.policy.js';
import { readerVisible } from '../guidelines/guidelines.view.js';

/** A queued export may take its worker this many attempts. */
const ATTEMPTS = 3;
/** What a guidelines PDF download asks for: the brand, and one page or (null) all of them. */
export interface GuidelinePdfRequest {
  guidelines: { brand_id: number; page_id: number | null };
}

const fileName = (brand: string, title: string | null, at: Date, lang: Lang) =>
  `${brand} ${title ?? (lang === 'es' ? 'guías de marca' : 'brand guidelines')} ${iso(at).slice(0, 10)}.pdf`
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .slice(0, 200);

/**
 * Guidelines as PDF (issue 45): queues the published guidelines (or one published page) as a
 * download of the caller's, built by the `guidelines.pdf` job in the caller's language; the
 * caller follows it like a zip (jobs indicator, downloads list) and fetches it from there.
 */
export function guidelinePdfService(deps: Deps) {
  const { repos, clock } = deps;

  async function queue(ctx: RequestContext, brandId: number, pageId: number | null) {
    const brand = await visibleBrand(repos, ctx.actor, brandId);
    // Readers and editors alike export what readers see: the published pages.
    const nodes = readerVisible(await repos.guidelines.tree(brandId));
    const page = pageId === null ? null : nodes.find((n) => n.id === pageId);
    if (pageId !== null ? !page : !nodes.length) throw invalid({ id: 'guidelinePdfEmpty' });
    const title = page
      ? ctx.lang === 'es'
        ? (page.published_title_es ?? page.published_title)
        : page.published_title
      : null;
    const at = clock.now();
    const name = fileName(brand.name, title ?? null, at, ctx.lang);
    const request: GuidelinePdfRequest = { guidelines: { brand_id: brandId, page_id: pageId } };
    const { id, jobId } = await deps.change(ctx, async (u) => {
      const id = await u.repos.downloads.insert({
        user_id: ctx.actor.user.id,
        brand_id: brandId,
        format: 'pdf',
        layout: 'pages',
        name,
        state: 'preparing',
        request: JSON.stringify(request),
        lang: ctx.lang,
        job_id: null,
        blob_key: null,
        contents: null,
        files: null,
        skipped: null,
        size: null,
        error: null,
        created_at: iso(at),
        ready_at: null,
        expires_at: null,
      });
      const jobId = (await u.enqueue('guidelines.pdf', { id }, { ownerId: ctx.actor.user.id, maxAttempts: ATTEMPTS }))!;
      await u.repos.downloads.setJob(id, jobId);
      await u.audit({
        event: 'guideline.pdf',
        target: page
          ? { type: 'guideline_page', id: page.id, label: page.published_title ?? page.title }
          : { type: 'download', id, label: name },
        info: { brand: brandId, page: pageId },
      });
      return { id, jobId };
    });
    return { download: downloadItem(found(await repos.downloads.withJob(id)), clock.now(), () => ''), job_id: jobId };
  }

  return {
    whole: (ctx: RequestContext, brandId: number) => queue(ctx, brandId, null),
    async page(ctx: RequestContext, pageId: number) {
      const [row] = await requireAccess(repos, {
        actor: ctx.actor,
        permission: 'view',
        kind: guidelinePageAccess,
        ids: [pageId],
      });
      if (!row) throw new AppError('NOT_FOUND');
      return queue(ctx, row.brand_id, pageId);
    },
  };
}

declare module '../../deps/services.js' {
  interface Services {
    guidelinePdf: ReturnType<typeof guidelinePdfService>;
  }
}
