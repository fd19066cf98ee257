import { PassThrough } from 'node:stream';
import type { Lang, PdfLayout } from '@brandvault/contract';
import type { JobContext } from '../../jobs/types.js';
import type { Actor } from '../../access/principal.js';
import { markedPreview } from '../watermarks/watermark.serve.js';
import type { MarkDeps } from './downloads.build.js';
import { parseList } from '../assets/assets.view.js';
import type { Entry } from './downloads.selection.js';
import { previewLoader, renderSelectionPdf } from './pdf/index.js';
import { printedFields } from '../metadata/printedFields.js';

export interface PdfJob {
  entries: Entry[];
  layout: PdfLayout;
  lang: Lang;
  requester: { first_name: string; last_name: string; email: string };
  createdAt: Date;
  brandName: string;
  onProgress: (done: number) => unknown;
  actor: Actor;
}

/** Renders the PDF of a download into storage at `key` (streamed, one preview in memory at a time). */
export async function renderDownloadPdf(ctx: JobContext, deps: MarkDeps, key: string, job: PdfJob) {
  const { storage } = deps;
  const out = new PassThrough();
  const upload = storage.put(key, out, 'application/pdf');
  upload.catch(() => undefined);
  try {
    // The fields the brand marked for PDFs, printed as text in the requester's language.
    const fields = await printedFields(
      deps.repos,
      job.entries.map((e) => e.asset),
      job.lang,
      'on_pdf',
    );
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
          fields: fields.get(a.id) ?? [],
          preview: markedPreview(deps, job.actor, a, previewLoader(storage, a)),
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
