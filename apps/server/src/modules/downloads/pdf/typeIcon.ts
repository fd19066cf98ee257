import type PDFDocument from 'pdfkit';
import type { IconName } from '../../../media/icons.js';
import { BOLD, COLOR, REGULAR, oneLine } from './theme.js';

type Doc = InstanceType<typeof PDFDocument>;

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** One colour per kind of file, from the web app's (Mantine's) palette. */
const TINT: Record<IconName, string> = {
  image: '#0ca678',
  video: '#7048e8',
  audio: '#d6336c',
  pdf: '#e03131',
  word: '#1c7ed6',
  spreadsheet: '#2f9e44',
  presentation: '#f76707',
  text: '#495057',
  design: '#ae3ec9',
  archive: '#f08c00',
  file: '#868e96',
};

/**
 * A file without a picture, drawn with vector shapes (no icon files to ship): a sheet of paper
 * with a folded corner and a coloured band holding the extension, the kind of file beneath.
 */
export function drawTypeIcon(doc: Doc, box: Box, icon: IconName, ext: string, caption: string): void {
  doc.save();
  doc.roundedRect(box.x, box.y, box.w, box.h, 6).fill(COLOR.frame);

  const captionSize = Math.max(7, Math.min(14, box.h * 0.06));
  const room = box.h - captionSize * 2.6;
  const pageW = Math.min(box.w * 0.42, room * 0.62, 140);
  const pageH = pageW * 1.3;
  const fold = pageW * 0.26;
  const px = box.x + (box.w - pageW) / 2;
  const py = box.y + (room - pageH) / 2 + captionSize * 0.4;

  doc
    .moveTo(px, py)
    .lineTo(px + pageW - fold, py)
    .lineTo(px + pageW, py + fold)
    .lineTo(px + pageW, py + pageH)
    .lineTo(px, py + pageH)
    .closePath()
    .lineWidth(Math.max(0.75, pageW / 90))
    .fillAndStroke('#ffffff', COLOR.rule);
  doc
    .moveTo(px + pageW - fold, py)
    .lineTo(px + pageW - fold, py + fold)
    .lineTo(px + pageW, py + fold)
    .closePath()
    .fillAndStroke(COLOR.rule, COLOR.rule);

  const bandH = pageH * 0.26;
  const bandY = py + pageH * 0.52;
  const bandX = px - pageW * 0.12;
  const bandW = pageW * 1.24;
  doc.roundedRect(bandX, bandY, bandW, bandH, Math.min(4, bandH / 4)).fill(TINT[icon]);

  const label = (ext.replace(/^\.+/, '').toUpperCase() || '?').slice(0, 6);
  doc.font(BOLD).fontSize(bandH * 0.55);
  const fits = (bandW - 8) / doc.widthOfString(label);
  if (fits < 1) doc.fontSize(bandH * 0.55 * fits);
  doc.fillColor('#ffffff');
  oneLine(doc, label, bandX, bandY + (bandH - doc.currentLineHeight()) / 2, bandW, 'center');

  doc.font(REGULAR).fontSize(captionSize).fillColor(COLOR.dim);
  oneLine(doc, caption, box.x + 4, py + pageH + captionSize * 0.9, box.w - 8, 'center');
  doc.restore();
}
