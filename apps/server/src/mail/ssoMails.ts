import { PRODUCT_NAME } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { render } from './templates.js';

type Who = { first_name: string; email: string };

/** Single sign-on (issue 41 §1): the link that proves an existing account before an identity joins it. */
export const ssoMails = {
  linkProof: (lang: Lang, u: Who, provider: string, url: string, minutes: number) =>
    render(
      u.email,
      {
        en: {
          subject: `Confirm signing in with ${provider} — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `Someone signed in with ${provider} using this address. Follow the link within ${minutes} minutes to let ${provider} sign you in to your existing account from now on.`,
            'If it was not you, ignore this message: nothing changes.',
          ],
          action: { label: `Link ${provider}`, url },
        },
        es: {
          subject: `Confirma el acceso con ${provider} — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name}:`,
            `Alguien entró con ${provider} usando esta dirección. Sigue el enlace antes de ${minutes} minutos para que ${provider} te dé acceso a tu cuenta existente a partir de ahora.`,
            'Si no fuiste tú, ignora este mensaje: no cambia nada.',
          ],
          action: { label: `Vincular ${provider}`, url },
        },
      }[lang],
    ),
};
