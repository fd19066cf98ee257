import { createWriteStream } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { buffer } from 'node:stream/consumers';
import { ZipFile } from 'yazl';
import { DOWNLOAD_EXPIRY_HOURS } from '@brandvault/contract';
import type { DownloadFormat, PdfLayout } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { asLang } from '../../mail/templates.js';
import type { JobContext } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/errors.js';
import type { BlobStore } from '../../storage/index.js';

/** What marking a picture needs (and `log`, where a file that could not take its XMP is noted). */
export type MarkDeps = {
  repos: JobContext['repos'];
  storage: BlobStore;
  clock: JobContext['clock'];
  log?: Pick<JobContext['log'], 'warn'>;
};
import { BlobNotFoundError } from '../../storage/index.js';
import type { Principal } from '../../access/principal.js';
import { applyWatermark, planWatermark, recordTrace } from '../watermarks/watermark.apply.js';
import { linkActor } from '../assets/downloadLink.js';
import { downloadsPolicy } from './downloads.policy.js';
import { announceReady } from './downloads.ready.js';
import type { Entry, Selection } from './downloads.selection.js';
import { gateSelection, resolveSelection } from './downloads.selection.js';
import { skippedNote } from './skippedNote.js';
import { writeZip } from './zipWriter.js';
import { jobMedia, mailFaceOfBrands } from '../brands/brands.mailFace.js';
import { livePaths, writeGrowing } from './downloads.live.js';
import { xmpCopy } from '../metadata/embed/xmpOut.js';
import type { ZipSource } from './zipWriter.js';

/** Where a download's file lives: one key per download, so a retry replaces what it wrote. */
export const downloadKey = (id: number) => `downloads/${id}/file`;

export interface BuildOptions {
  /** Files from this size on use zip64 (tests force it with a small value). */
  zip64From?: number;
}

/**
 * One archive member per entry, opened only when the zip reaches it; a missing blob is skipped.
 * Pictures the brand marks for this requester (guests) are marked and traced like a download.
 * Like a single download, a member carries its asset's metadata in XMP where its format holds it;
 * assets with nothing set go in byte for byte, without exiftool.
 */
export function* zipSources(deps: MarkDeps, actor: Principal, entries: Entry[]): Generator<ZipSource> {
  // Which assets hold field values or licences (their terms go in XMP too), asked once for the
  // whole archive when the first member opens.
  let holding: Promise<Set<number>> | undefined;
  const holdingOf = async (ids: number[]) => {
    const [fields, licences] = await Promise.all([
      deps.repos.fieldValues.holding(ids),
      deps.repos.assetRights.licencesOf(ids),
    ]);
    return new Set([...fields, ...licences.map((l) => l.asset_id)]);
  };
  const holds = (id: number) => (holding ??= holdingOf(entries.map((e) => e.asset.id))).then((s) => s.has(id));
  const setByHand = async (a: Entry['asset']) =>
    Boolean(a.description?.trim()) || (a.keywords !== '[]' && a.keywords !== '') || (await holds(a.id));
  /** The bytes with XMP written in, or null to keep them as they are (also when exiftool fails). */
  const withXmp = async (a: Entry['asset'], ext: string, fill: (path: string) => Promise<void>) => {
    if (!(await setByHand(a))) return null;
    try {
      return await xmpCopy(deps.repos, a, ext, fill);
    } catch (err) {
      deps.log?.warn({ err, asset: a.id }, 'could not write XMP into a zip member; adding the file as stored');
      return null;
    }
  };
  for (const e of entries)
    yield {
      path: e.path,
      mime: e.asset.mime,
      mtime: new Date(e.asset.updated_at),
      async open() {
        try {
          const stat = await deps.storage.stat(e.asset.blob_key);
          if (!stat) return null;
          const plan = await planWatermark(deps, actor, e.asset.brand_id, 'download');
          if (plan) {
            const marked = await applyWatermark(
              await buffer(await deps.storage.get(e.asset.blob_key)),
              plan,
              e.asset.mime,
            );
            if (marked) {
              await recordTrace(deps, plan, e.asset.id);
              const copy = await withXmp(e.asset, marked.ext, (path) => writeFile(path, marked.data));
              return copy ?? { stream: Readable.from([marked.data]), size: marked.data.length };
            }
          }
          const copy = await withXmp(e.asset, e.asset.ext, async (path) =>
            pipeline(await deps.storage.get(e.asset.blob_key), createWriteStream(path)),
          );
          return copy ?? { stream: await deps.storage.get(e.asset.blob_key), size: stat.size };
        } catch (err) {
          if (err instanceof BlobNotFoundError) return null;
          throw err;
        }
      },
    };
}

/**
 * Builds download `id` (the `downloads.build` job): checks the owner's rights again as they are
 * now, streams the zip or PDF into storage, then marks it ready, tells the owner in the app and
 * by e-mail, all in one transaction. Idempotent: a download no longer preparing is left alone.
 */
export async function buildDownload(ctx: JobContext, id: number, opts: BuildOptions = {}) {
  const { storage, clock, repos } = ctx;
  if (!storage) throw new PermanentJobError('downloads.build needs the blob store');
  const repo = repos.downloads;
  const row = await repo.byId(id);
  if (!row || row.state !== 'preparing') return { id, state: row?.state ?? 'gone' };
  const lang = asLang(row.lang);
  const fail = async (error: string) => {
    await repo.finish(id, { state: 'failed', error });
    return { id, state: 'failed' };
  };

  const actor = await linkActor(repos, row.user_id);
  if (!actor || !downloadsPolicy.build(actor)) return fail('You may no longer download these files.');
  const request = JSON.parse(row.request) as Selection & { confirm?: boolean };
  const { resolved } = await gateSelection(
    repos,
    actor,
    await resolveSelection(repo, actor, request, false),
    request.confirm === true,
    'skip',
  );
  if (resolved.entries.length === 0) return fail('None of the chosen files can be downloaded any more.');

  const key = downloadKey(id);
  const total = resolved.entries.length;
  const progress = (done: number) => ctx.progress(done, total);
  let files: number;
  let skipped: string[];
  if ((row.format as DownloadFormat) === 'zip') {
    const zip = new ZipFile();
    // On local disk the archive grows where its waiting owner can follow it (downloads.live).
    const live = livePaths(storage, id, key);
    const out = zip.outputStream as Readable;
    const upload = live ? writeGrowing(storage, live, out) : storage.put(key, out, 'application/zip');
    upload.catch(() => undefined);
    try {
      const marks = { repos, storage, clock, log: ctx.log };
      const r = await writeZip(zip, zipSources(marks, actor, resolved.entries), total, {
        zip64From: opts.zip64From,
        signal: ctx.signal,
        onEntry: progress,
        note: (missing) => skippedNote(lang, missing, resolved.unavailable),
      });
      await upload;
      ({ files, skipped } = r);
    } catch (err) {
      out.destroy(err as Error);
      // The growing file is gone once this settles, so a follower cuts its answer.
      await upload.catch(() => undefined);
      throw err;
    }
  } else {
    const brand = resolved.brandId !== null ? await repos.brands.byId(resolved.brandId) : undefined;
    // pdfkit and its fonts load only for the first PDF a process builds.
    const { renderDownloadPdf } = await import('./downloads.pdf.js');
    const r = await renderDownloadPdf(ctx, { repos, storage, clock }, key, {
      actor,
      brandName: brand?.name ?? '',
      entries: resolved.entries,
      layout: row.layout as PdfLayout,
      lang,
      requester: actor.user,
      createdAt: new Date(row.created_at),
      onProgress: progress,
    });
    ({ files, skipped } = r);
  }

  const size = (await storage.stat(key))?.size ?? 0;
  const now = clock.now();
  const contents = resolved.entries.map((e) => e.asset.id);
  // A download of one brand's files wears that brand's face; a mixed one, the product's.
  const face = await mailFaceOfBrands(
    ctx.repos.brands,
    resolved.entries.map((e) => e.asset.brand_id),
    jobMedia(ctx.appKey, clock),
    ctx.appUrl ?? '',
  );
  const stored = await ctx.tx(async (t) => {
    const done = await t.repos.downloads.finish(id, {
      state: 'ready',
      blob_key: key,
      contents: JSON.stringify(contents),
      files,
      skipped: skipped.length + resolved.unavailable,
      size,
      ready_at: iso(now),
      expires_at: iso(new Date(now.getTime() + DOWNLOAD_EXPIRY_HOURS * 3_600_000)),
    });
    if (!done) return null;
    await t.emit('download.completed', {
      downloadId: id,
      userId: row.user_id,
      brandIds: [...new Set(resolved.entries.map((e) => e.asset.brand_id))],
    });
    return announceReady(t, {
      downloadId: id,
      user: actor.user,
      lang,
      name: row.name,
      files,
      at: now,
      appUrl: ctx.appUrl,
      face,
    });
  });
  if (stored) ctx.notificationPublished(stored.user_id, stored.id);
  return { id, state: 'ready', files, skipped: skipped.length + resolved.unavailable };
}
