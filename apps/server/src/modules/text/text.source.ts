import type { TextSource } from '@brandvault/contract';
import { DOCUMENT_EXTS } from '../../analysis/documents.js';

/** The asset columns that decide where its text comes from. */
export interface TextSubject {
  type: string;
  ext: string;
  preview_key: string | null;
}

const documents: ReadonlySet<string> = new Set(DOCUMENT_EXTS);

/**
 * Where an asset's text is read from, or null when none is (audio, archives, a video without a
 * poster frame): documents by their text layer or parser, images by OCR, videos by OCR of the
 * poster the derivatives job made. Documents first: a PDF is typed a document, and an
 * Illustrator file that is really a PDF keeps its image type and is read as an image.
 */
export function textSourceOf(a: TextSubject): TextSource | null {
  const ext = a.ext.toLowerCase().replace(/^\./, '');
  if (documents.has(ext)) return ext === 'pdf' ? 'pdf' : 'office';
  if (a.type === 'image') return 'ocr';
  if (a.type === 'video' && a.preview_key) return 'poster';
  return null;
}
