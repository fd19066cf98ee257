import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_FILES } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { AppError, invalid } from '../../http/errors.js';
import { FileAnswer, contentDisposition, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import type { Principal } from '../../access/principal.js';
import type { MarkDeps } from './downloads.build.js';
import { downloadKey, zipSources } from './downloads.build.js';
import { followBuild, livePaths } from './downloads.live.js';
import type { DownloadAsset, DownloadWithJob, DownloadsRepo } from './downloads.repo.js';
import type { BlobStore } from '../../storage/index.js';
import { fileNameOf } from './downloads.selection.js';
import { skippedNote } from './skippedNote.js';
import { archivePaths } from './zipNames.js';
import { writeZip } from './zipWriter.js';

/**
 * A zip written straight into the answer (a share link's "Download all"): no job and no stored
 * archive, and memory stays flat whatever its size, since sources are read one at a time as the
 * browser takes the bytes. Files missing from storage are listed in a note inside, as in a job's.
 */
export function streamZip(
  deps: MarkDeps,
  principal: Principal,
  assets: DownloadAsset[],
  name: string,
  lang: Lang,
  log: (err: unknown) => void,
): FileAnswer {
  const bytes = assets.reduce((n, a) => n + Number(a.size), 0);
  if (assets.length > DOWNLOAD_MAX_FILES || bytes > DOWNLOAD_MAX_BYTES) throw invalid({ asset_ids: 'downloadTooBig' });
  const paths = archivePaths(assets.map((a) => ({ dir: [], name: fileNameOf(a) })));
  const entries = assets.map((asset, i) => ({ asset, path: paths[i]! }));
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  writeZip(zip, zipSources(deps, principal, entries), entries.length, {
    note: (missing) => skippedNote(lang, missing, 0),
  }).catch((err: unknown) => {
    // The answer has started: all that is left is to cut it, so the browser reports a failure.
    log(err);
    out.destroy(err as Error);
  });
  return new FileAnswer(
    200,
    {
      ...fileSafetyHeaders(),
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(name),
      'cache-control': 'private, no-store',
    },
    out,
  );
}

/**
 * A zip still being built, sent as the job writes it (the owner who waits for it: one pass, no
 * second read of the archive). No length is announced: if the build fails the answer is cut, and
 * the browser reports a failed download rather than keeping a short archive. The audit entry and
 * the download counts are written once the archive is whole, as the ready row says.
 */
export function liveZip(
  storage: BlobStore,
  row: DownloadWithJob,
  repo: DownloadsRepo,
  record: (ready: DownloadWithJob) => Promise<void>,
  log: (err: unknown) => void,
): FileAnswer {
  const paths = livePaths(storage, row.id, downloadKey(row.id));
  if (!paths) throw new AppError('NOT_FOUND');
  let ready: DownloadWithJob | undefined;
  const body = followBuild(paths, {
    state: async () => {
      const now = await repo.withJob(row.id);
      if (!now) return 'gone';
      if (now.state === 'ready') {
        ready = now;
        return 'ready';
      }
      // A job that failed for good leaves the row preparing until the clean-up job sees it.
      return now.state === 'preparing' && now.job_status !== 'failed' ? 'preparing' : 'failed';
    },
    onComplete: () => record(ready!),
  });
  body.once('error', log);
  return new FileAnswer(
    200,
    {
      ...fileSafetyHeaders(),
      'content-type': 'application/zip',
      'content-disposition': contentDisposition(row.name),
      'cache-control': 'private, no-store',
    },
    body,
  );
}
