import type { IconName } from '../../../media/icons.js';

export type PdfLang = 'en' | 'es';

/** Every word the PDF prints, in both languages; the requester's language picks one. */
const LABELS = {
  en: {
    title: 'Asset selection',
    date: 'Date',
    requestedBy: 'Requested by',
    assets: 'Assets',
    layout: 'Layout',
    layoutPages: 'One asset per page',
    layoutSheet: 'Contact sheet, 12 per page',
    description: 'Description',
    keywords: 'Keywords',
    type: 'Type',
    size: 'Size',
    dimensions: 'Dimensions',
    author: 'Author',
    none: '—',
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    count: (n: number) => (n === 1 ? '1 asset' : `${n} assets`),
    noPreview: 'No preview',
  },
  es: {
    title: 'Selección de recursos',
    date: 'Fecha',
    requestedBy: 'Solicitado por',
    assets: 'Recursos',
    layout: 'Disposición',
    layoutPages: 'Un recurso por página',
    layoutSheet: 'Hoja de contactos, 12 por página',
    description: 'Descripción',
    keywords: 'Palabras clave',
    type: 'Tipo',
    size: 'Tamaño',
    dimensions: 'Dimensiones',
    author: 'Autor',
    none: '—',
    page: (n: number, of: number) => `Página ${n} de ${of}`,
    count: (n: number) => (n === 1 ? '1 recurso' : `${n} recursos`),
    noPreview: 'Sin vista previa',
  },
} as const;

export type Labels = (typeof LABELS)[PdfLang];

const KINDS: Record<PdfLang, Record<IconName, string>> = {
  en: {
    image: 'Image',
    video: 'Video',
    audio: 'Audio',
    pdf: 'PDF document',
    word: 'Text document',
    spreadsheet: 'Spreadsheet',
    presentation: 'Presentation',
    text: 'Plain text',
    design: 'Design file',
    archive: 'Archive',
    file: 'File',
  },
  es: {
    image: 'Imagen',
    video: 'Vídeo',
    audio: 'Audio',
    pdf: 'Documento PDF',
    word: 'Documento de texto',
    spreadsheet: 'Hoja de cálculo',
    presentation: 'Presentación',
    text: 'Texto sin formato',
    design: 'Archivo de diseño',
    archive: 'Archivo comprimido',
    file: 'Archivo',
  },
};

export const labelsFor = (lang: PdfLang): Labels => LABELS[lang];

export const kindLabel = (lang: PdfLang, icon: IconName): string => KINDS[lang][icon];

/** The cover's date, spelled in the language ("25 de noviembre de 2026, 14:05 UTC"). */
export function formatDate(lang: PdfLang, date: Date, timeZone = 'UTC'): string {
  const text = new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeStyle: 'short', timeZone }).format(date);
  return `${text} ${timeZone}`;
}

const BYTE_UNITS = ['kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Binary steps (1 KB = 1024 bytes) worded by Intl, as the web app shows sizes. */
export function formatBytes(lang: PdfLang, bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return LABELS[lang].none;
  if (bytes < 1024) return `${new Intl.NumberFormat(lang).format(bytes)} B`;
  let value = bytes / 1024;
  let i = 0;
  while (value >= 1024 && i < BYTE_UNITS.length - 1) {
    value /= 1024;
    i += 1;
  }
  return new Intl.NumberFormat(lang, {
    style: 'unit',
    unit: BYTE_UNITS[i],
    unitDisplay: 'short',
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value);
}

export function formatDimensions(lang: PdfLang, width: number | null, height: number | null): string {
  if (!width || !height) return LABELS[lang].none;
  const n = new Intl.NumberFormat(lang);
  return `${n.format(width)} × ${n.format(height)} px`;
}
