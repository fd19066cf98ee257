import { PRODUCT_NAME } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { render } from '../../mail/templates.js';

type Who = { first_name: string; email: string };

/** Webhooks (issue 41 §4): a subscription that kept failing was turned off. */
export const webhookMails = {
  disabled: (lang: Lang, u: Who, brand: string, url: string, failures: number, link: string) =>
    render(
      u.email,
      {
        en: {
          subject: `A webhook of ${brand} was turned off — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `The webhook you created for ${brand}, which sends events to ${url}, failed ${failures} times in a row, so it was turned off and no more events are sent to it.`,
            'The deliveries list shows what the receiver answered. Once it works again, turn the webhook back on.',
          ],
          action: { label: 'Open the webhooks', url: link },
        },
        es: {
          subject: `Se desactivó un webhook de ${brand} — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `El webhook que creaste para ${brand}, que envía eventos a ${url}, falló ${failures} veces seguidas, así que se desactivó y ya no se le envían eventos.`,
            'La lista de entregas muestra lo que respondió el receptor. Cuando vuelva a funcionar, reactiva el webhook.',
          ],
          action: { label: 'Abrir los webhooks', url: link },
        },
      }[lang],
    ),
};
