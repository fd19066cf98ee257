export { renderSelectionPdf } from './renderSelectionPdf.js';
export type { PdfAsset, PdfInput, PdfOptions } from './types.js';
export type { PdfLang } from './labels.js';
