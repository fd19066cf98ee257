import type { Lang } from '@brandvault/contract';
import { TEMPLATE_MAX_COLUMNS, TEMPLATE_MAX_ROWS } from '@brandvault/contract';

/** Why a whole file could not be processed, in each language (the import's error and e-mail). */
const TEXTS = {
  meta: {
    en: "The sheet's export record (its hidden Meta sheet) is missing or was altered: export a new template.",
    es: 'Falta el registro de exportación de la hoja (su hoja oculta Meta) o fue modificado: exporta una plantilla nueva.',
  },
  kind: {
    en: 'This template is of another kind (assets or users) than the one uploaded.',
    es: 'Esta plantilla es de otro tipo (recursos o usuarios) que el que se subió.',
  },
  noId: {
    en: 'The sheet has no ID column: export a new template.',
    es: 'La hoja no tiene columna ID: exporta una plantilla nueva.',
  },
  tooLarge: {
    en: `The sheet has more than ${TEMPLATE_MAX_ROWS.toLocaleString('en')} rows or ${TEMPLATE_MAX_COLUMNS} columns.`,
    es: `La hoja tiene más de ${TEMPLATE_MAX_ROWS.toLocaleString('es')} filas o ${TEMPLATE_MAX_COLUMNS} columnas.`,
  },
  unreadable: {
    en: 'The file could not be read as a spreadsheet.',
    es: 'El archivo no se pudo leer como hoja de cálculo.',
  },
  rights: { en: 'You may no longer make these changes.', es: 'Ya no puedes hacer estos cambios.' },
  gone: { en: 'The uploaded file is no longer kept.', es: 'El archivo subido ya no se conserva.' },
} as const;
export type ImportProblem = keyof typeof TEXTS;

export class ImportFailed extends Error {
  constructor(readonly problem: ImportProblem) {
    super(TEXTS[problem].en);
  }
  text = (lang: Lang) => TEXTS[this.problem][lang];
}
