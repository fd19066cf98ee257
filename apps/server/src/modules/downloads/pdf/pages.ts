import type PDFDocument from 'pdfkit';
import { iconFor } from '../../../media/icons.js';
import { assetTypeForMime } from '../../../media/types.js';
import { formatBytes, formatDimensions, kindLabel } from './labels.js';
import type { Labels } from './labels.js';
import type { PreparedPreview } from './previewImage.js';
import { BOLD, COLOR, PAGE, REGULAR, block, blockHeight, oneLine } from './theme.js';
import { drawTypeIcon } from './typeIcon.js';
import type { Box } from './typeIcon.js';
import { SHEET_COLUMNS, SHEET_PER_PAGE, SHEET_ROWS } from './types.js';
import type { PdfAsset, PdfInput } from './types.js';

type Doc = InstanceType<typeof PDFDocument>;

/** What every page needs to know besides its asset. */
export interface Sheet {
  doc: Doc;
  input: PdfInput;
  labels: Labels;
  /** The cover's date text, repeated in each footer. */
  dateText: string;
  /** Pages in the whole document, known before the first is drawn. */
  pages: number;
}

const M = PAGE.margin;
const WIDTH = PAGE.w - 2 * M;
const CONTENT_TOP = M + 16;
const CONTENT_BOTTOM = PAGE.h - M - 8;
// A preview smaller than its box is enlarged at most this much: beyond it, pixels show.
const MAX_UPSCALE = 4;
// Brand fields printed under an asset: all that fit on its page, a few lines in a sheet's cell.
const MAX_PAGE_FIELDS = 12;
const MAX_CELL_FIELDS = 4;
const FIELD_LINE_H = 9.5;

function footer(s: Sheet, page: number): void {
  const { doc } = s;
  const y = PAGE.h - M + 14;
  doc.font(REGULAR).fontSize(8).fillColor(COLOR.dim);
  oneLine(doc, `${s.input.brand.name} · ${s.dateText}`, M, y, WIDTH * 0.7);
  oneLine(doc, s.labels.page(page, s.pages), M + WIDTH * 0.7, y, WIDTH * 0.3, 'right');
}

function header(s: Sheet, right: string): void {
  const { doc } = s;
  const y = M - 16;
  doc.font(BOLD).fontSize(8).fillColor(COLOR.dim);
  oneLine(doc, s.input.brand.name, M, y, WIDTH * 0.7);
  doc.font(REGULAR);
  oneLine(doc, right, M + WIDTH * 0.7, y, WIDTH * 0.3, 'right');
}

export function drawCover(s: Sheet): void {
  const { doc, input, labels } = s;
  doc.addPage();
  doc.rect(0, 0, PAGE.w, 10).fill(COLOR.accent);

  let y = PAGE.h * 0.26;
  doc.font(REGULAR).fontSize(12).fillColor(COLOR.accent);
  oneLine(doc, labels.title.toLocaleUpperCase(input.lang), M, y, WIDTH);
  y += 24;
  doc.font(BOLD).fontSize(30).fillColor(COLOR.text);
  y += block(doc, input.brand.name, M, y, WIDTH, 3) + 22;
  doc
    .moveTo(M, y)
    .lineTo(M + WIDTH, y)
    .lineWidth(0.75)
    .stroke(COLOR.rule);
  y += 22;

  const rows: [string, string, string?][] = [
    [labels.date, s.dateText],
    [labels.requestedBy, input.requester.name, input.requester.email],
    [labels.assets, labels.count(input.assets.length)],
    [labels.layout, input.layout === 'sheet' ? labels.layoutSheet : labels.layoutPages],
  ];
  const labelW = 130;
  for (const [label, value, extra] of rows) {
    doc.font(REGULAR).fontSize(10).fillColor(COLOR.dim);
    oneLine(doc, label, M, y + 2, labelW - 10);
    doc.font(REGULAR).fontSize(13).fillColor(COLOR.text);
    y += block(doc, value, M + labelW, y, WIDTH - labelW, 2);
    if (extra) {
      doc.fontSize(10).fillColor(COLOR.dim);
      oneLine(doc, extra, M + labelW, y + 3, WIDTH - labelW);
      y += 16;
    }
    y += 14;
  }
  footer(s, 1);
}

const extOf = (a: PdfAsset) => a.extension.replace(/^\.+/, '').toUpperCase();
const iconOf = (a: PdfAsset) => iconFor(assetTypeForMime(a.mime), a.extension);

/** The picture centred in `box`, as large as fits with its aspect kept, or the type icon. */
function drawPicture(s: Sheet, asset: PdfAsset, picture: PreparedPreview | null, box: Box): void {
  if (!picture) {
    drawTypeIcon(s.doc, box, iconOf(asset), extOf(asset), kindLabel(s.input.lang, iconOf(asset)));
    return;
  }
  const scale = Math.min(box.w / picture.width, box.h / picture.height, MAX_UPSCALE);
  const w = picture.width * scale;
  const h = picture.height * scale;
  s.doc.image(picture.jpeg, box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, { width: w, height: h });
}

/** One asset on its own page: the picture above, everything known about it beneath. */
export function drawAssetPage(s: Sheet, asset: PdfAsset, picture: PreparedPreview | null, index: number): void {
  const { doc, input, labels } = s;
  const { lang } = input;
  doc.addPage();
  header(s, `${index + 1} / ${input.assets.length}`);

  const labelW = 100;
  const valueW = WIDTH - labelW;
  const fields: [string, string, number][] = [
    [labels.type, `${kindLabel(lang, iconOf(asset))} · ${extOf(asset) || labels.none} (${asset.mime})`, 1],
    [labels.size, formatBytes(lang, asset.size), 1],
    [labels.dimensions, formatDimensions(lang, asset.width, asset.height), 1],
    [labels.author, asset.author?.trim() || labels.none, 2],
    [labels.keywords, asset.keywords.length ? asset.keywords.join(', ') : labels.none, 3],
    ...(asset.fields ?? []).slice(0, MAX_PAGE_FIELDS).map((f): [string, string, number] => [f.label, f.value, 2]),
  ];
  const description = asset.description?.trim() ?? '';

  // Measure the text first: the picture gets whatever height the text leaves.
  doc.font(BOLD).fontSize(15);
  const nameH = blockHeight(doc, asset.name, WIDTH, 2);
  doc.font(REGULAR).fontSize(10);
  const descH = description ? blockHeight(doc, description, WIDTH, 6) + 8 : 0;
  const rowH = fields.map(([, value, lines]) => blockHeight(doc, value, valueW, lines) + 5);
  const infoH = 14 + nameH + 8 + descH + 4 + rowH.reduce((a, b) => a + b, 0);

  let y = CONTENT_BOTTOM - infoH;
  drawPicture(s, asset, picture, { x: M, y: CONTENT_TOP, w: WIDTH, h: y - CONTENT_TOP - 6 });

  doc
    .moveTo(M, y)
    .lineTo(M + WIDTH, y)
    .lineWidth(0.75)
    .stroke(COLOR.rule);
  y += 14;
  doc.font(BOLD).fontSize(15).fillColor(COLOR.text);
  y += block(doc, asset.name, M, y, WIDTH, 2) + 8;
  if (description) {
    doc.font(REGULAR).fontSize(10).fillColor(COLOR.text);
    y += block(doc, description, M, y, WIDTH, 6) + 8;
  }
  y += 4;
  fields.forEach(([label, value, lines], i) => {
    doc.font(REGULAR).fontSize(9).fillColor(COLOR.dim);
    oneLine(doc, label, M, y + 1, labelW - 8);
    doc.fontSize(10).fillColor(COLOR.text);
    block(doc, value, M + labelW, y, valueW, lines);
    y += rowH[i]!;
  });
  footer(s, index + 2);
}

const GAP_X = 14;
const GAP_Y = 12;
const CELL_W = (WIDTH - (SHEET_COLUMNS - 1) * GAP_X) / SHEET_COLUMNS;
const CELL_H = (CONTENT_BOTTOM - CONTENT_TOP - (SHEET_ROWS - 1) * GAP_Y) / SHEET_ROWS;
const CAPTION_H = 30;

/** Lines under each cell's caption: as many as the asset with the most printed fields needs. */
const cellFieldLines = (s: Sheet) =>
  Math.min(MAX_CELL_FIELDS, Math.max(0, ...s.input.assets.map((a) => a.fields?.length ?? 0)));

/** One cell of a contact sheet; the first cell of a page starts the page. */
export function drawSheetCell(s: Sheet, asset: PdfAsset, picture: PreparedPreview | null, index: number): void {
  const { doc, input } = s;
  const slot = index % SHEET_PER_PAGE;
  const page = Math.floor(index / SHEET_PER_PAGE);
  if (slot === 0) {
    doc.addPage();
    const last = Math.min(input.assets.length, index + SHEET_PER_PAGE);
    header(s, `${index + 1}–${last} / ${input.assets.length}`);
    footer(s, page + 2);
  }
  const x = M + (slot % SHEET_COLUMNS) * (CELL_W + GAP_X);
  const y = CONTENT_TOP + Math.floor(slot / SHEET_COLUMNS) * (CELL_H + GAP_Y);
  const lines = cellFieldLines(s);
  const box = { x, y, w: CELL_W, h: CELL_H - CAPTION_H - lines * FIELD_LINE_H };
  if (picture) {
    doc.roundedRect(box.x, box.y, box.w, box.h, 4).fill(COLOR.frame);
    drawPicture(s, asset, picture, { x: box.x + 4, y: box.y + 4, w: box.w - 8, h: box.h - 8 });
  } else drawPicture(s, asset, null, box);

  doc.font(BOLD).fontSize(8.5).fillColor(COLOR.text);
  oneLine(doc, asset.name, x, box.y + box.h + 6, CELL_W);
  doc.font(REGULAR).fontSize(7.5).fillColor(COLOR.dim);
  const meta = `${kindLabel(input.lang, iconOf(asset))} · ${extOf(asset) || s.labels.none} · ${formatBytes(input.lang, asset.size)}`;
  oneLine(doc, meta, x, box.y + box.h + 18, CELL_W);
  doc.fontSize(7).fillColor(COLOR.text);
  (asset.fields ?? []).slice(0, lines).forEach((f, i) => {
    oneLine(doc, `${f.label}: ${f.value}`, x, box.y + box.h + 30 + i * FIELD_LINE_H, CELL_W);
  });
}
