import { def } from '../core/routeDef.js';
import { IdParams } from './common.js';
import { DownloadQueued } from './downloads.js';

/**
 * Guidelines as PDF (issue 45): the whole published guidelines (with a table of contents) or one
 * published page, in the caller's language, built by a job into the caller's downloads.
 */
export const guidelinePdfRoutes = {
  guidelinePdf: def({
    method: 'POST',
    path: '/api/ops/brand/:id/guidelines/pdf',
    access: 'user',
    summary: "Queue the PDF of the brand's published guidelines, with a table of contents",
    params: IdParams,
    response: DownloadQueued,
    status: 202,
    rateLimit: { max: 30 },
  }),
  guidelinePagePdf: def({
    method: 'POST',
    path: '/api/ops/guideline/:id/pdf',
    access: 'user',
    summary: 'Queue the PDF of one published page',
    params: IdParams,
    response: DownloadQueued,
    status: 202,
    rateLimit: { max: 30 },
  }),
} as const;
