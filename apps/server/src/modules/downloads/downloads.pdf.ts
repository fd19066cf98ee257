import { PassThrough } from 'node:stream';
import type { Lang, PdfLayout } from '@brandvault/contract';
import type { JobContext } from '../../jobs/types.js';
import type { BlobStore } from '../../storage/index.js';
import { parseList } from '../assets/assets.view.js';
import type { Entry } from './downloads.selection.js';
import { previewLoader, renderSelectionPdf } from './pdf/index.js';

export interface PdfJob {
  entries: Entry[];
  layout: PdfLayout;
  lang: Lang;
  requester: { first_name: string; last_name: string; email: string };
  createdAt: Date;
  brandName: string;
  onProgress: (done: number) => unknown;
}

/** Renders the PDF of a download into storage at `key` (streamed, one preview in memory at a time). */
export async function renderDownloadPdf(ctx: JobContext, storage: BlobStore, key: string, job: PdfJob) {
  const out = new PassThrough();
  const upload = storage.put(key, out, 'application/pdf');
  upload.catch(() => undefined);
  try {
    await renderSelectionPdf(
      {
        brand: { name: job.brandName },
        requester: { name: `${job.requester.first_name} ${job.requester.last_name}`, email: job.requester.email },
        createdAt: job.createdAt,
        lang: job.lang,
        layout: job.layout,
        assets: job.entries.map(({ asset: a }) => ({
          id: a.id,
          name: a.name,
          description: a.description,
          keywords: parseList(a.keywords),
          mime: a.mime,
          extension: a.ext,
          size: Number(a.size),
          width: a.width,
          height: a.height,
          author: a.author,
          preview: previewLoader(storage, a),
        })),
      },
      out,
      { signal: ctx.signal, onProgress: (done) => void job.onProgress(done) },
    );
    // The renderer ends `out` itself once the last page is written.
    await upload;
  } catch (err) {
    out.destroy(err as Error);
    throw err;
  }
  return { files: job.entries.length, skipped: [] as string[] };
}
