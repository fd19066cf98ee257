import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import { DOWNLOAD_MAX_BYTES, DOWNLOAD_MAX_FILES } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { invalid } from '../../http/errors.js';
import { FileAnswer, contentDisposition, fileSafetyHeaders } from '../../lib/fileAnswer.js';
import type { Principal } from '../../access/principal.js';
import type { MarkDeps } from './downloads.build.js';
import { zipSources } from './downloads.build.js';
import type { DownloadAsset } from './downloads.repo.js';
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
