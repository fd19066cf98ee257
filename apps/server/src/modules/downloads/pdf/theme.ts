import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

type Doc = InstanceType<typeof PDFDocument>;

export const REGULAR = 'DejaVuSans';
export const BOLD = 'DejaVuSans-Bold';

/** A4 portrait in points, and the margin every page keeps. */
export const PAGE = { w: 595.28, h: 841.89, margin: 40 };

/** The web app's greys and its primary blue (vault 7), so the PDF looks like the product. */
export const COLOR = {
  text: '#212529',
  dim: '#868e96',
  rule: '#dee2e6',
  frame: '#f1f3f5',
  accent: '#3b5bdb',
};

let fonts: { regular: Buffer; bold: Buffer } | null = null;

/**
 * DejaVu Sans ships with the server (an npm package, resolved from this file so any working
 * directory works): it covers Latin with accents, Greek and Cyrillic. It has no CJK glyphs;
 * PDFKit draws those as the font's empty box (.notdef) instead of failing, and the rest of the
 * name stays readable. Read once per process; PDFKit embeds only the glyphs a document uses.
 */
export function registerFonts(doc: Doc): void {
  if (!fonts) {
    const require = createRequire(import.meta.url);
    fonts = {
      regular: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
      bold: readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
    };
  }
  doc.registerFont(REGULAR, fonts.regular);
  doc.registerFont(BOLD, fonts.bold);
}

/** `text` cut with an ellipsis to fit `width` in the current font, by whole code points. */
export function fitToWidth(doc: Doc, text: string, width: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (doc.widthOfString(flat) <= width) return flat;
  const chars = Array.from(flat);
  let lo = 0;
  let hi = chars.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (doc.widthOfString(`${chars.slice(0, mid).join('').trimEnd()}…`) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${chars.slice(0, lo).join('').trimEnd()}…`;
}

/**
 * One line of text, cut to `width`. Every call passes a height: without one, PDFKit starts a new
 * page when text reaches the bottom margin, and these pages have none (margin 0).
 */
export function oneLine(
  doc: Doc,
  text: string,
  x: number,
  y: number,
  width: number,
  align: 'left' | 'center' | 'right' = 'left',
): void {
  const lh = doc.currentLineHeight(true);
  doc.text(fitToWidth(doc, text, width), x, y, { width: width + 1, height: lh + 1, align, lineBreak: false });
}

/** Wrapped text of at most `maxLines` lines (the last one ends in "…" when cut); its height. */
export function block(doc: Doc, text: string, x: number, y: number, width: number, maxLines: number): number {
  const height = blockHeight(doc, text, width, maxLines);
  doc.text(text, x, y, { width, height: height + 0.5, ellipsis: true });
  return height;
}

/** The height `block` will take, for laying a page out before drawing it. */
export function blockHeight(doc: Doc, text: string, width: number, maxLines: number): number {
  const lh = doc.currentLineHeight(true);
  return Math.min(doc.heightOfString(text, { width }), lh * maxLines);
}
