export { renderSelectionPdf } from './renderSelectionPdf.js';
export { pdfAssetFromRow, previewLoader } from './previewLoader.js';
export type { PdfAssetRow, PreviewKeys } from './previewLoader.js';
export type { PdfAsset, PdfInput, PdfOptions } from './types.js';
export type { PdfLang } from './labels.js';
