import type { PdfLang } from './labels.js';

export interface PdfAsset {
  id: number;
  name: string;
  description: string | null;
  keywords: string[];
  mime: string;
  extension: string;
  size: number;
  width: number | null;
  height: number | null;
  author: string | null;
  /** The brand's fields marked for PDFs that the asset holds, label and value as text. */
  fields?: { label: string; value: string }[];
  /** JPEG/PNG/WebP bytes of the asset's preview (image preview, video poster frame, first PDF page), or null → draw its type icon. */
  preview: () => Promise<Buffer | null>;
}

export interface PdfInput {
  brand: { name: string };
  requester: { name: string; email: string };
  createdAt: Date;
  lang: PdfLang;
  layout: 'pages' | 'sheet';
  assets: PdfAsset[];
  /** IANA zone the cover's date is shown in; UTC when not given. */
  timeZone?: string;
}

export interface PdfOptions {
  /** Checked before each asset; on abort the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Called after each asset is drawn. */
  onProgress?: (done: number, of: number) => void;
}

/** Assets per contact-sheet page: 3 columns by 4 rows on portrait A4. */
export const SHEET_COLUMNS = 3;
export const SHEET_ROWS = 4;
export const SHEET_PER_PAGE = SHEET_COLUMNS * SHEET_ROWS;
