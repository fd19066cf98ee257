import type { TextLine } from './ocr.js';

/** Extensions whose text `documentText` reads (Office files with macros are read, never run). */
export const DOCUMENT_EXTS = ['pdf', 'docx', 'docm', 'pptx', 'pptm', 'xlsx', 'xlsm'] as const;

/** One page (PDF), slide (pptx) or sheet (xlsx) of a document; a docx is one page. */
export interface DocumentPage {
  page: number;
  text: string;
  /** Set for a scanned page read by OCR: its lines, boxes in the pixels of a `width` × `height` render. */
  ocr?: { width: number; height: number; lines: TextLine[] };
}

export type DocumentText = { state: 'done'; pages: DocumentPage[] } | { state: 'skipped' | 'failed'; reason: string };

/** The text of a document file on disk (issue 42 §1). Never throws for a bad file. */
export async function documentText(_path: string, _ext: string): Promise<DocumentText> {
  return { state: 'skipped', reason: 'documents are read by the documents analysis' };
}
