import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import PDFDocument from 'pdfkit';
import { BOLD, COLOR, REGULAR, registerFonts } from '../../downloads/pdf/theme.js';
import { MARGIN, drawBlock } from './blocks.js';
import { formatDay, guidelineLabels } from './labels.js';
import type { GuidelinePdfInput } from './types.js';

const TOC_PER_PAGE = 32;
const W = 595.28;
const H = 841.89;

/**
 * The guidelines as one PDF (issue 45): a cover, a table of contents (each entry with its page
 * number, a link to it and a bookmark), then each page's title and blocks. Pages are kept until
 * the end so the contents and the footers can name page numbers; pictures are written out as
 * they are drawn, one at a time. Plain function: no database, no storage.
 */
export async function renderGuidelinesPdf(
  input: GuidelinePdfInput,
  out: NodeJS.WritableStream,
  opts: { signal?: AbortSignal; onProgress?: (done: number, of: number) => void } = {},
): Promise<{ pages: number }> {
  const labels = guidelineLabels(input.lang);
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    autoFirstPage: false,
    lang: input.lang,
    displayTitle: true,
    info: { Title: `${input.brand} · ${labels.title}`, Creator: 'Brandvault', CreationDate: input.createdAt },
  });
  doc.pipe(out);
  registerFonts(doc);

  doc.addPage();
  doc
    .font(BOLD)
    .fontSize(30)
    .fillColor(COLOR.text)
    .text(input.brand, MARGIN, H / 3, { width: W - 2 * MARGIN });
  doc
    .font(REGULAR)
    .fontSize(16)
    .fillColor(COLOR.accent)
    .text(labels.title, { width: W - 2 * MARGIN });
  doc.moveDown(1);
  doc
    .fontSize(10)
    .fillColor(COLOR.dim)
    .text(labels.exported(formatDay(input.lang, input.createdAt)));

  const tocPages = input.pages.length > 1 ? Math.ceil(input.pages.length / TOC_PER_PAGE) : 0;
  const tocStart = 1;
  for (let i = 0; i < tocPages; i++) doc.addPage();

  const starts: number[] = [];
  for (const [i, page] of input.pages.entries()) {
    opts.signal?.throwIfAborted();
    doc.addPage();
    starts.push(doc.bufferedPageRange().count - 1);
    doc.addNamedDestination(`page-${i}`);
    doc.outline.addItem(page.title);
    if (page.path.length)
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor(COLOR.dim)
        .text(page.path.join(' › '), { width: W - 2 * MARGIN });
    doc
      .font(BOLD)
      .fontSize(22)
      .fillColor(COLOR.text)
      .text(page.title, { width: W - 2 * MARGIN });
    doc.moveDown(0.8);
    if (!page.blocks.length)
      doc
        .font(REGULAR)
        .fontSize(10.5)
        .fillColor(COLOR.dim)
        .text(labels.emptyPage, { width: W - 2 * MARGIN });
    for (const b of page.blocks) await drawBlock(doc, b, page.assets, labels);
    opts.onProgress?.(i + 1, input.pages.length);
  }

  const total = doc.bufferedPageRange().count;
  for (let t = 0; t < tocPages; t++) {
    doc.switchToPage(tocStart + t);
    doc.font(BOLD).fontSize(20).fillColor(COLOR.text).text(labels.contents, MARGIN, MARGIN);
    doc.moveDown(0.8);
    for (let i = t * TOC_PER_PAGE; i < Math.min(input.pages.length, (t + 1) * TOC_PER_PAGE); i++) {
      const p = input.pages[i]!;
      const y = doc.y;
      const indent = Math.min(p.path.length, 4) * 14;
      doc.font(REGULAR).fontSize(11).fillColor(COLOR.text);
      doc.text(p.title, MARGIN + indent, y, {
        width: W - 2 * MARGIN - indent - 40,
        height: 16,
        ellipsis: true,
        lineBreak: false,
        goTo: `page-${i}`,
      });
      doc.text(String(starts[i]! + 1), W - MARGIN - 40, y, { width: 40, align: 'right', lineBreak: false });
      doc.y = y + 20;
    }
  }
  // Footers: the page number on every page but the cover (written inside the bottom margin).
  for (let n = 1; n < total; n++) {
    doc.switchToPage(n);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(REGULAR).fontSize(8).fillColor(COLOR.dim);
    doc.text(`${input.brand} · ${labels.page(n + 1, total)}`, MARGIN, H - 30, {
      width: W - 2 * MARGIN,
      align: 'right',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await finished(out as Writable);
  return { pages: total };
}
