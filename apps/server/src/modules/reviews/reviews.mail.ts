import { PRODUCT_NAME } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { render } from '../../mail/templates.js';
import type { MailFace } from '../../mail/templates.js';

type Who = { first_name: string; email: string };

/** Approval of uploads (issue 40 §3): the uploader hears of each decision. */
export const reviewMails = {
  approved: (lang: Lang, u: Who, names: string[], url: string, face?: MailFace) =>
    render(
      u.email,
      {
        en: {
          subject: `Your upload was approved: ${names[0]}${names.length > 1 ? ` and ${names.length - 1} more` : ''} — ${PRODUCT_NAME}`,
          lines: [`Hello ${u.first_name},`, `These uploads were approved and are now visible: ${names.join(', ')}.`],
          action: { label: 'Open your uploads', url },
        },
        es: {
          subject: `Tu subida fue aprobada: ${names[0]}${names.length > 1 ? ` y ${names.length - 1} más` : ''} — ${PRODUCT_NAME}`,
          lines: [`Hola ${u.first_name},`, `Estas subidas fueron aprobadas y ya son visibles: ${names.join(', ')}.`],
          action: { label: 'Abrir tus subidas', url },
        },
      }[lang],
      face,
    ),
  rejected: (lang: Lang, u: Who, names: string[], reason: string, url: string, face?: MailFace) =>
    render(
      u.email,
      {
        en: {
          subject: `Your upload was rejected: ${names[0]}${names.length > 1 ? ` and ${names.length - 1} more` : ''} — ${PRODUCT_NAME}`,
          lines: [`Hello ${u.first_name},`, `These uploads were rejected: ${names.join(', ')}.`, `Reason: ${reason}`],
          action: { label: 'Open your uploads', url },
        },
        es: {
          subject: `Tu subida fue rechazada: ${names[0]}${names.length > 1 ? ` y ${names.length - 1} más` : ''} — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `Estas subidas fueron rechazadas: ${names.join(', ')}.`,
            `Motivo: ${reason}`,
          ],
          action: { label: 'Abrir tus subidas', url },
        },
      }[lang],
      face,
    ),
};
