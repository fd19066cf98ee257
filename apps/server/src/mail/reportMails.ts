import { PRODUCT_NAME } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import type { MailAttachment } from './mailer.js';
import { render } from './templates.js';

type Who = { first_name: string; email: string };
type Counts = { applied: number; refused: number; unchanged: number };

const n = (lang: Lang, v: number) => v.toLocaleString(lang);

/** Reports and templates (§1, §4): a report sent by e-mail, and an import's result. */
export const reportMails = {
  /** A report or template produced by a job, attached. */
  reportReady: (lang: Lang, u: Who, file: MailAttachment, rows: number) => ({
    ...render(
      u.email,
      {
        en: {
          subject: `Your report "${file.filename}" — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `The report you asked for is attached: ${n(lang, rows)} ${rows === 1 ? 'row' : 'rows'}.`,
          ],
        },
        es: {
          subject: `Tu informe "${file.filename}" — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `Adjuntamos el informe que pediste: ${n(lang, rows)} ${rows === 1 ? 'fila' : 'filas'}.`,
          ],
        },
      }[lang],
    ),
    attachments: [file],
  }),

  /** A template applied: the counts, the result sheet attached (when small enough) and a link. */
  importApplied: (lang: Lang, u: Who, name: string, c: Counts, url: string, file: MailAttachment | null) => ({
    ...render(
      u.email,
      {
        en: {
          subject: `Template "${name}" applied — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `"${name}" was applied: ${n(lang, c.applied)} changed, ${n(lang, c.refused)} refused, ${n(lang, c.unchanged)} unchanged.`,
            file
              ? 'The attached sheet has a result column for every row.'
              : 'The sheet with a result column for every row is too large to attach: open it in the app.',
          ],
          action: { label: 'Open the import', url },
        },
        es: {
          subject: `Plantilla "${name}" aplicada — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `"${name}" se aplicó: ${n(lang, c.applied)} cambiadas, ${n(lang, c.refused)} rechazadas, ${n(lang, c.unchanged)} sin cambios.`,
            file
              ? 'La hoja adjunta tiene una columna de resultado por fila.'
              : 'La hoja con una columna de resultado por fila es demasiado grande para adjuntarla: ábrela en la aplicación.',
          ],
          action: { label: 'Abrir la importación', url },
        },
      }[lang],
    ),
    ...(file ? { attachments: [file] } : {}),
  }),

  /** A template's processing failed (§8 "template update failure"). */
  importFailed: (lang: Lang, u: Who, name: string, reason: string, url: string) =>
    render(
      u.email,
      {
        en: {
          subject: `Template "${name}" could not be processed — ${PRODUCT_NAME}`,
          lines: [`Hello ${u.first_name},`, `"${name}" could not be processed: ${reason}`, 'Nothing was changed.'],
          action: { label: 'Open the import', url },
        },
        es: {
          subject: `No se pudo procesar la plantilla "${name}" — ${PRODUCT_NAME}`,
          lines: [`Hola ${u.first_name},`, `No se pudo procesar "${name}": ${reason}`, 'No se cambió nada.'],
          action: { label: 'Abrir la importación', url },
        },
      }[lang],
    ),
};
