import type { GuidelineBlock, RichNode } from '@brandvault/contract';
import type PDFDocument from 'pdfkit';
import { preparePreview } from '../../downloads/pdf/previewImage.js';
import type { PreparedPreview } from '../../downloads/pdf/previewImage.js';
import { BOLD, COLOR, REGULAR } from '../../downloads/pdf/theme.js';
import type { GuidelineLabels } from './labels.js';
import type { GuidelinePdfAsset } from './types.js';

type Doc = InstanceType<typeof PDFDocument>;
export const MARGIN = 50;
const WIDTH = 595.28 - 2 * MARGIN;
const BOTTOM = 841.89 - MARGIN;
const PICTURE_PX = 1000;

/** Starts a new page unless `height` points still fit above the bottom margin. */
function room(doc: Doc, height: number) {
  if (doc.y + height > BOTTOM) doc.addPage();
}

/** Rich text spans, bold or not, flowing across pages. */
function spans(doc: Doc, list: { text: string; bold?: boolean | undefined }[], size: number, opts = {}) {
  doc.fontSize(size).fillColor(COLOR.text);
  list.forEach((s, i) =>
    doc.font(s.bold ? BOLD : REGULAR).text(s.text, { ...opts, width: WIDTH, continued: i < list.length - 1 }),
  );
}

function rich(doc: Doc, nodes: RichNode[]) {
  for (const n of nodes) {
    if (n.type === 'heading') {
      room(doc, 40);
      spans(
        doc,
        n.spans.map((s) => ({ ...s, bold: true })),
        n.level === 2 ? 15 : 12.5,
      );
    } else if (n.type === 'paragraph') spans(doc, n.spans, 10.5);
    else
      n.items.forEach((item, i) => {
        doc.x = MARGIN;
        spans(doc, [{ text: n.ordered ? `${i + 1}. ` : '•  ' }, ...item], 10.5, { indent: 12 });
      });
    doc.moveDown(0.5);
  }
}

// A logo shows on many pages: each asset's picture is prepared once per document.
const prepared = new WeakMap<Doc, Map<GuidelinePdfAsset, Promise<PreparedPreview | null>>>();
function preparedOf(doc: Doc, a: GuidelinePdfAsset) {
  let cache = prepared.get(doc);
  if (!cache) prepared.set(doc, (cache = new Map()));
  let p = cache.get(a);
  if (!p) {
    p = a.preview().then((bytes) => (bytes ? preparePreview(bytes, PICTURE_PX) : null));
    cache.set(a, p);
  }
  return p;
}

/** A picture fitted in `w`×`h` at (x, y), or a placeholder; its drawn height. */
async function picture(
  doc: Doc,
  a: GuidelinePdfAsset | undefined,
  labels: GuidelineLabels,
  x: number,
  y: number,
  w: number,
  h: number,
) {
  const p = a?.available ? await preparedOf(doc, a) : null;
  if (!p) {
    doc.rect(x, y, w, 40).fill(COLOR.frame);
    doc
      .font(REGULAR)
      .fontSize(9)
      .fillColor(COLOR.dim)
      .text(a?.available ? (a.name ?? '') : labels.unavailable, x + 8, y + 14, { width: w - 16, lineBreak: false });
    return 40;
  }
  const scale = Math.min(w / p.width, h / p.height, 1);
  doc.image(p.jpeg, x, y, { width: p.width * scale, height: p.height * scale });
  return p.height * scale;
}

function caption(doc: Doc, text: string | null | undefined, x: number, width: number) {
  if (!text) return;
  doc
    .font(REGULAR)
    .fontSize(9)
    .fillColor(COLOR.dim)
    .text(text, x, doc.y + 4, { width });
}

/** One content block, drawn at the current position, flowing onto new pages as it needs. */
export async function drawBlock(
  doc: Doc,
  b: GuidelineBlock,
  assets: Map<number, GuidelinePdfAsset>,
  labels: GuidelineLabels,
) {
  doc.x = MARGIN;
  switch (b.type) {
    case 'text':
      rich(doc, b.nodes);
      break;
    case 'image':
    case 'video': {
      room(doc, 200);
      const a = assets.get(b.asset_id);
      const y = doc.y;
      doc.y = y + (await picture(doc, a, labels, MARGIN, y, WIDTH, 300));
      caption(
        doc,
        b.type === 'video' ? [labels.video, b.caption].filter(Boolean).join(' · ') : b.caption,
        MARGIN,
        WIDTH,
      );
      break;
    }
    case 'assets': {
      const cell = (WIDTH - 20) / 3;
      for (let i = 0; i < b.asset_ids.length; i += 3) {
        room(doc, cell * 0.75 + 30);
        const y = doc.y;
        let tallest = 0;
        for (const [j, id] of b.asset_ids.slice(i, i + 3).entries()) {
          const a = assets.get(id);
          const x = MARGIN + j * (cell + 10);
          const h = await picture(doc, a, labels, x, y, cell, cell * 0.75);
          doc.font(REGULAR).fontSize(8.5).fillColor(COLOR.text);
          doc.text(a?.available ? (a.name ?? '') : '', x, y + h + 4, {
            width: cell,
            height: 12,
            ellipsis: true,
            lineBreak: false,
          });
          tallest = Math.max(tallest, h + 20);
        }
        doc.y = y + tallest;
      }
      break;
    }
    case 'palette': {
      if (b.title) spans(doc, [{ text: b.title, bold: true }], 12);
      const w = (WIDTH - 30) / 4;
      for (let i = 0; i < b.colours.length; i += 4) {
        room(doc, 120);
        const y = doc.y + 4;
        b.colours.slice(i, i + 4).forEach((c, j) => {
          const x = MARGIN + j * (w + 10);
          doc.rect(x, y, w, 50).fill(c.hex);
          doc.rect(x, y, w, 50).lineWidth(0.5).stroke(COLOR.rule);
          const lines = [
            c.hex.toUpperCase(),
            c.rgb ? `RGB ${c.rgb.join(' ')}` : null,
            c.cmyk ? `CMYK ${c.cmyk.join(' ')}` : null,
            c.pantone ? `Pantone ${c.pantone}` : null,
          ].filter((l): l is string => !!l);
          doc
            .font(BOLD)
            .fontSize(9)
            .fillColor(COLOR.text)
            .text(c.name, x, y + 56, { width: w, lineBreak: false, ellipsis: true });
          doc.font(REGULAR).fontSize(8).fillColor(COLOR.dim);
          lines.forEach((l, k) => doc.text(l, x, y + 69 + k * 10, { width: w, lineBreak: false, ellipsis: true }));
        });
        doc.y = y + 112;
      }
      break;
    }
    case 'typography':
      room(doc, 60);
      spans(doc, [{ text: b.font_name, bold: true }], 14);
      doc
        .font(REGULAR)
        .fontSize(9)
        .fillColor(COLOR.dim)
        .text(`${labels.weights}: ${b.weights.join(', ')}`, { width: WIDTH });
      doc.moveDown(0.3);
      spans(doc, [{ text: b.sample }], 16);
      break;
    case 'dodont': {
      const w = (WIDTH - 20) / 2;
      for (const pair of b.pairs) {
        room(doc, 180);
        const y = doc.y;
        let tallest = 0;
        for (const [j, side] of [pair.do, pair.dont].entries()) {
          const x = MARGIN + j * (w + 20);
          doc
            .font(BOLD)
            .fontSize(10)
            .fillColor(j === 0 ? '#2b8a3e' : '#c92a2a');
          doc.text(j === 0 ? labels.do : labels.dont, x, y, { width: w, lineBreak: false });
          const h = await picture(doc, assets.get(side.asset_id), labels, x, y + 16, w, 140);
          doc.y = y + 16 + h;
          caption(doc, side.caption, x, w);
          tallest = Math.max(tallest, doc.y - y);
        }
        doc.y = y + tallest + 8;
      }
      break;
    }
    case 'callout': {
      const h =
        doc
          .font(REGULAR)
          .fontSize(10.5)
          .heightOfString(b.text, { width: WIDTH - 24 }) + 16;
      room(doc, Math.min(h, 200));
      const y = doc.y;
      const tone = b.tone === 'warning' ? '#f08c00' : b.tone === 'success' ? '#2b8a3e' : COLOR.accent;
      doc.rect(MARGIN, y, 3, h).fill(tone);
      doc.fillColor(COLOR.text).text(b.text, MARGIN + 14, y + 8, { width: WIDTH - 24 });
      doc.y = Math.max(doc.y, y + h);
      break;
    }
    case 'divider':
      room(doc, 20);
      doc.moveDown(0.5);
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + WIDTH, doc.y)
        .lineWidth(0.5)
        .stroke(COLOR.rule);
      break;
    case 'pdf': {
      const a = assets.get(b.asset_id);
      spans(
        doc,
        [{ text: `${labels.pdfFile}: `, bold: true }, { text: a?.available ? (a.name ?? '') : labels.unavailable }],
        10.5,
      );
      caption(doc, b.caption, MARGIN, WIDTH);
      break;
    }
  }
  doc.x = MARGIN;
  doc.moveDown(0.8);
}
