export type GuidelinePdfLang = 'en' | 'es';

/** Every word of the interface the guidelines PDF prints, in both languages (the page content is the brand's). */
const LABELS = {
  en: {
    title: 'Brand guidelines',
    contents: 'Contents',
    exported: (date: string) => `Exported on ${date}`,
    page: (n: number, of: number) => `Page ${n} of ${of}`,
    do: 'Do',
    dont: "Don't",
    weights: 'Weights',
    unavailable: 'This file is not available.',
    pdfFile: 'PDF document',
    video: 'Video',
    files: 'Files',
    emptyPage: 'This page has no content yet.',
  },
  es: {
    title: 'Guías de marca',
    contents: 'Contenido',
    exported: (date: string) => `Exportado el ${date}`,
    page: (n: number, of: number) => `Página ${n} de ${of}`,
    do: 'Sí',
    dont: 'No',
    weights: 'Pesos',
    unavailable: 'Este archivo no está disponible.',
    pdfFile: 'Documento PDF',
    video: 'Vídeo',
    files: 'Archivos',
    emptyPage: 'Esta página aún no tiene contenido.',
  },
} as const;

export type GuidelineLabels = (typeof LABELS)[GuidelinePdfLang];
export const guidelineLabels = (lang: GuidelinePdfLang): GuidelineLabels => LABELS[lang];
export const formatDay = (lang: GuidelinePdfLang, at: Date) =>
  new Intl.DateTimeFormat(lang === 'es' ? 'es-ES' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(at);
