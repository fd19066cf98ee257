import type { Lang } from '@brandvault/contract';

/**
 * The text file a zip holds when files were left out: those missing from storage by path, and
 * how many chosen files the requester may no longer download (not named: they may not see them).
 */
export function skippedNote(lang: Lang, missing: string[], unavailable: number) {
  if (missing.length === 0 && unavailable === 0) return null;
  const t =
    lang === 'es'
      ? {
          path: 'ARCHIVOS OMITIDOS.txt',
          missing: 'Estos archivos no se encontraron en el almacenamiento y no están en el zip:',
          unavailable: (n: number) => `${n} de los elementos elegidos ya no se pueden descargar con tus permisos.`,
        }
      : {
          path: 'SKIPPED FILES.txt',
          missing: 'These files were not found in storage and are not in the zip:',
          unavailable: (n: number) => `${n} of the chosen items can no longer be downloaded with your rights.`,
        };
  const lines = [
    ...(missing.length ? [t.missing, ...missing.map((p) => `- ${p}`), ''] : []),
    ...(unavailable ? [t.unavailable(unavailable), ''] : []),
  ];
  // CRLF so Notepad shows the lines too.
  return { path: t.path, text: lines.join('\r\n') };
}
