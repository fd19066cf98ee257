import { createRequire } from 'node:module';
import { buffer } from 'node:stream/consumers';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import { ZipFile } from 'yazl';

/**
 * Documents made on the spot for the documents tests and the bench: PDFs with a text layer,
 * scanned (an image of text, no text layer) or password-protected; minimal docx and pptx
 * packages; an xlsx written by exceljs.
 */
const require = createRequire(import.meta.url);
const FONT = require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
GlobalFonts.registerFromPath(FONT, 'DejaVu Sans');

function pdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, ...options });
  const done = buffer(doc);
  draw(doc);
  doc.end();
  return done;
}

/** `pages` pages, each with the given lines (a function of the page number). */
export const textPdf = (pages: number, lines: (page: number) => string[], options: PDFKit.PDFDocumentOptions = {}) =>
  pdf(options, (doc) => {
    for (let p = 1; p <= pages; p++) {
      doc.addPage({ size: 'A4' });
      doc.font(FONT).fontSize(14);
      for (const line of lines(p)) doc.text(line);
    }
  });

/** A PNG of black lines of text on white, as a scanner would give a printed page. */
export function textImage(lines: string[], width = 1240, height = 1754): Buffer {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, width, height);
  ctx.fillStyle = '#111111';
  ctx.font = '56px "DejaVu Sans"';
  lines.forEach((line, i) => ctx.fillText(line, 100, 200 + i * 110));
  return canvas.toBuffer('image/png');
}

/** Pages that are only an image of text: no text layer. */
export const scannedPdf = (pages: number, lines: (page: number) => string[]) =>
  pdf({}, (doc) => {
    for (let p = 1; p <= pages; p++) {
      doc.addPage({ size: 'A4', margin: 0 });
      doc.image(textImage(lines(p)), 0, 0, { width: doc.page.width, height: doc.page.height });
    }
  });

function zip(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const z = new ZipFile();
  for (const [name, data] of Object.entries(entries)) z.addBuffer(Buffer.from(data), name);
  z.end();
  return buffer(z.outputStream);
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const A = 'http://schemas.openxmlformats.org/drawingml/2006/main';
const P = 'http://schemas.openxmlformats.org/presentationml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';

/** A Word document of paragraphs; `extra` adds parts (a macro project, a huge entry). */
export function docx(paragraphs: string[], extra: Record<string, string | Buffer> = {}) {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${esc(p)}</w:t></w:r></w:p>`).join('');
  return zip({
    '[Content_Types].xml':
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/>' +
      '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
      '</Types>',
    '_rels/.rels':
      `${XML}<Relationships xmlns="${REL}"><Relationship Id="rId1" ` +
      'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    'word/document.xml': `${XML}<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
    ...extra,
  });
}

/**
 * A presentation whose slides are listed in the given order; their part numbers run backwards,
 * so a reader that sorts part names instead of following the slide list gets them wrong.
 */
export function pptx(slides: string[][]) {
  const n = slides.length;
  const part = (i: number) => `slide${n - i}.xml`;
  const entries: Record<string, string> = {
    '[Content_Types].xml':
      `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
      '<Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels': `${XML}<Relationships xmlns="${REL}"><Relationship Id="rId1" Type="${R}/officeDocument" Target="ppt/presentation.xml"/></Relationships>`,
    'ppt/presentation.xml':
      `${XML}<p:presentation xmlns:p="${P}" xmlns:r="${R}"><p:sldIdLst>` +
      slides.map((_s, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('') +
      '</p:sldIdLst></p:presentation>',
    'ppt/_rels/presentation.xml.rels':
      `${XML}<Relationships xmlns="${REL}">` +
      slides.map((_s, i) => `<Relationship Id="rId${i + 1}" Type="${R}/slide" Target="slides/${part(i)}"/>`).join('') +
      '</Relationships>',
  };
  slides.forEach((paragraphs, i) => {
    const ps = paragraphs.map((p) => `<a:p><a:r><a:rPr lang="en-US"/><a:t>${esc(p)}</a:t></a:r></a:p>`).join('');
    entries[`ppt/slides/${part(i)}`] =
      `${XML}<p:sld xmlns:a="${A}" xmlns:p="${P}" xmlns:r="${R}"><p:cSld><p:spTree><p:sp><p:txBody>` +
      `<a:bodyPr/>${ps}</p:txBody></p:sp></p:spTree></p:cSld></p:sld>`;
  });
  return zip(entries);
}

/** A workbook of named sheets of rows, written by exceljs (shared strings, numbers, formulas, rich text). */
export async function xlsx(sheets: Record<string, ExcelJS.CellValue[][]>) {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) wb.addWorksheet(name).addRows(rows);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
