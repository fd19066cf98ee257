import { PRODUCT_NAME } from '@brandvault/contract';
import type { Lang, SyncCounts } from '@brandvault/contract';
import { render } from '../../mail/templates.js';

type Who = { first_name: string; email: string };
const n = (lang: Lang, v: number) => v.toLocaleString(lang);

/** NAS sync (issue 29): a run's report, to the source's creator when the source asks for it. */
export const syncMails = {
  runReport: (lang: Lang, u: Who, source: string, c: SyncCounts, url: string) =>
    render(
      u.email,
      {
        en: {
          subject: `Sync "${source}": ${n(lang, c.new)} new, ${n(lang, c.updated)} updated — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `The sync of "${source}" looked at ${n(lang, c.seen)} files: ${n(lang, c.new)} new, ${c.restored ? `${n(lang, c.restored)} restored, ` : ''}${n(lang, c.updated)} updated, ${n(lang, c.moved)} moved, ${n(lang, c.removed)} removed, ${n(lang, c.skipped)} skipped, ${n(lang, c.failed)} failed.`,
            'The report lists each file and why it was skipped or failed.',
          ],
          action: { label: 'Open the report', url },
        },
        es: {
          subject: `Sincronización "${source}": ${n(lang, c.new)} nuevos, ${n(lang, c.updated)} actualizados — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `La sincronización de "${source}" revisó ${n(lang, c.seen)} archivos: ${n(lang, c.new)} nuevos, ${c.restored ? `${n(lang, c.restored)} restaurados, ` : ''}${n(lang, c.updated)} actualizados, ${n(lang, c.moved)} movidos, ${n(lang, c.removed)} retirados, ${n(lang, c.skipped)} omitidos, ${n(lang, c.failed)} con error.`,
            'El informe indica cada archivo y por qué se omitió o falló.',
          ],
          action: { label: 'Abrir el informe', url },
        },
      }[lang],
    ),
};
