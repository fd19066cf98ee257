import { DOWNLOAD_LINK_MINUTES } from '@brandvault/contract';
import type { DownloadRequest, DownloadFormat } from '@brandvault/contract';
import type { z } from 'zod';
import type { DownloadFileQuery, DownloadListQuery } from '@brandvault/contract';
import { AppError } from '../../http/errors.js';
import { iso } from '../../lib/clock.js';
import type { AnyContext, RequestContext } from '../../lib/requestContext.js';
import { withActor } from '../../lib/requestContext.js';
import { signPath, verifySignedPath } from '../../lib/signedUrl.js';
import type { Deps } from '../../deps/deps.js';
import type { FilesService } from '../files/files.service.js';
import { linkActor } from '../assets/downloadLink.js';
import { recordDownload } from '../stats/downloads.counts.js';
import { requireAccess } from '../access/requireAccess.js';
import { downloadAccess, downloadsPolicy } from './downloads.policy.js';
import type { DownloadWithJob } from './downloads.repo.js';
import { checkLimits, gateSelection, resolveSelection } from './downloads.selection.js';
import { downloadItem, downloadName } from './downloads.view.js';
import { downloadKey } from './downloads.build.js';
import { liveZip } from './downloads.stream.js';

const LINK_MS = DOWNLOAD_LINK_MINUTES * 60_000;
const filePath = (id: number, userId: number) => `/api/ops/asset/download/${id}/file?u=${userId}`;
/** A queued download may take its worker this many attempts (a crash mid-zip starts it again). */
const BUILD_ATTEMPTS = 3;

/** Zips and PDFs of a selection (§1, §7 `ops/asset/download/get/queue`), built by a job. */
export function downloadsService(deps: Deps, files: FilesService) {
  const { clock, appKey, repos } = deps;
  const repo = repos.downloads;
  // A zip built on local disk can be followed while it grows (downloads.live).
  const followable = deps.storage.localPath(downloadKey(0)) !== null;
  const view = (r: DownloadWithJob) =>
    downloadItem(
      r,
      clock.now(),
      (d) => signPath(appKey, filePath(d.id, d.user_id), clock.now(), LINK_MS, 60_000),
      followable,
    );

  return {
    /**
     * Checks the selection now (404 for anything the caller may not download, 422 past the limits
     * or with nothing left) and queues its build; the job checks the rights again when it runs.
     */
    async queue(ctx: RequestContext, body: z.output<typeof DownloadRequest>) {
      const { actor } = ctx;
      const sel = { asset_ids: body.asset_ids, folder_ids: body.folder_ids, confirm: body.confirm };
      const gated = await gateSelection(
        repos,
        actor,
        await resolveSelection(repo, actor, sel, true),
        body.confirm,
        'refuse',
      );
      const resolved = gated.resolved;
      checkLimits(resolved, body.format);
      // Refused now, in words, rather than queued to fail for want of room to write the file.
      if (deps.storage.kind === 'local') await deps.disk?.assertRoom();
      const brand = resolved.brandId !== null ? await repos.brands.byId(resolved.brandId) : undefined;
      const now = clock.now();
      const format: DownloadFormat = body.format;
      const { id, jobId } = await deps.change(ctx, async (u) => {
        const t = u.repos.downloads;
        const id = await t.insert({
          user_id: actor.user.id,
          brand_id: resolved.brandId,
          format,
          layout: body.layout,
          name: downloadName(brand?.name ?? null, now, format),
          state: 'preparing',
          request: JSON.stringify(sel),
          lang: ctx.lang,
          job_id: null,
          blob_key: null,
          contents: null,
          files: null,
          skipped: null,
          size: null,
          error: null,
          created_at: iso(now),
          ready_at: null,
          expires_at: null,
        });
        const jobId = (await u.enqueue(
          'downloads.build',
          { id },
          { ownerId: actor.user.id, maxAttempts: BUILD_ATTEMPTS },
        ))!;
        await t.setJob(id, jobId);
        await u.audit({
          event: 'download.queue',
          target: { type: 'download', id, label: downloadName(brand?.name ?? null, now, format) },
          info: {
            format,
            ...(format === 'pdf' ? { layout: body.layout } : {}),
            files: resolved.entries.length,
            bytes: resolved.bytes,
            asset_ids: sel.asset_ids.slice(0, 100),
            folder_ids: sel.folder_ids,
            ...gated.confirmedInfo,
          },
        });
        return { id, jobId };
      });
      return { download: view((await repo.withJob(id))!), job_id: jobId };
    },

    async list(ctx: RequestContext, q: z.output<typeof DownloadListQuery>) {
      const page = await repo.list(ctx.actor.user.id, q.page, q.per_page);
      return { ...page, items: page.items.map(view), page: q.page, per_page: q.per_page };
    },

    async get(ctx: RequestContext, id: number) {
      const [r] = await requireAccess(repos, { actor: ctx.actor, permission: 'view', kind: downloadAccess, ids: [id] });
      return view(r!);
    },

    /**
     * The ready file through its signed address (a plain link the browser can follow): its owner
     * must still be able to sign in. The first whole fetch counts every asset in it as downloaded.
     */
    async file(ctx: AnyContext, id: number, q: z.output<typeof DownloadFileQuery>, range: string | undefined) {
      const now = clock.now();
      const userId = q.u;
      if (userId === undefined || !verifySignedPath(appKey, filePath(id, userId), q.exp, q.sig, now))
        throw new AppError('NOT_FOUND');
      const owner = await linkActor(repos, userId);
      const r = await repo.withJob(id);
      if (!owner || !r || !downloadsPolicy.can(owner, 'fetch', r)) throw new AppError('NOT_FOUND');
      const item = downloadItem(r, now, () => '', followable);
      /** Counts every asset in it as downloaded, with the audit entry, as the ready row says. */
      const record = async (d: DownloadWithJob) => {
        const ids = JSON.parse(d.contents ?? '[]') as number[];
        await deps.change(withActor(ctx, owner), async (u) =>
          recordDownload(u, {
            assets: await u.repos.downloads.brandsOf(ids),
            kind: d.format as DownloadFormat,
            at: clock.now(),
            userId: owner.user.id,
            audit: {
              event: 'download.fetch',
              target: { type: 'download', id: d.id, label: d.name },
              info: { format: d.format, files: d.files, size: Number(d.size) },
            },
          }),
        );
      };
      if (typeof item.live_url === 'string')
        return liveZip(deps.storage, r, repo, record, (err) =>
          deps.log.warn({ err, download: r.id }, 'a zip followed while built was cut'),
        );
      if (item.state !== 'ready' || !r.blob_key) throw new AppError('NOT_FOUND');
      const mime = r.format === 'zip' ? 'application/zip' : 'application/pdf';
      const answer = await files.original({ key: r.blob_key, size: Number(r.size), mime, name: r.name }, range);
      if (answer.status === 200 || range?.startsWith('bytes=0-')) await record(r);
      return answer;
    },
  };
}
export type DownloadsService = ReturnType<typeof downloadsService>;

declare module '../../deps/services.js' {
  interface Services {
    downloads: ReturnType<typeof downloadsService>;
  }
}
