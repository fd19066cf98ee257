import { PRODUCT_NAME } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { render } from './templates.js';
import type { MailFace } from './templates.js';

type Who = { first_name: string; email: string };

/** One asset of an expiry digest: its name, whether it expires soon or has, its last day, its page. */
export interface ExpiryItem {
  name: string;
  state: 'expiring' | 'expired';
  until: string;
  url: string;
}

/** The most assets a digest lists one by one; the rest are counted. */
export const EXPIRY_DIGEST_MAX = 50;

const day = (lang: Lang, d: string) =>
  new Date(`${d}T00:00:00Z`).toLocaleDateString(lang === 'es' ? 'es-ES' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

const line = (lang: Lang, i: ExpiryItem) =>
  lang === 'es'
    ? `«${i.name}»: ${i.state === 'expired' ? 'caducó el' : 'se puede usar hasta el'} ${day(lang, i.until)} (${i.url})`
    : `"${i.name}": ${i.state === 'expired' ? 'expired on' : 'can be used until'} ${day(lang, i.until)} (${i.url})`;

/** Usage rights (issue 40 §2): the daily digest of assets about to expire or expired. */
export const rightsMails = {
  expiryDigest: (lang: Lang, u: Who, items: ExpiryItem[], url: string, face?: MailFace) => {
    const shown = items.slice(0, EXPIRY_DIGEST_MAX);
    const more = items.length - shown.length;
    const n = items.length;
    return render(
      u.email,
      {
        en: {
          subject: `${n} ${n === 1 ? 'asset' : 'assets'} with expiring rights — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            'The usage rights of these assets end soon or have ended:',
            ...shown.map((i) => line('en', i)),
            ...(more > 0 ? [`And ${more.toLocaleString('en')} more.`] : []),
          ],
          action: { label: 'See expiring and expired assets', url },
        },
        es: {
          subject: `${n} ${n === 1 ? 'recurso' : 'recursos'} con derechos por caducar — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            'Los derechos de uso de estos recursos terminan pronto o ya terminaron:',
            ...shown.map((i) => line('es', i)),
            ...(more > 0 ? [`Y ${more.toLocaleString('es')} más.`] : []),
          ],
          action: { label: 'Ver los recursos que caducan', url },
        },
      }[lang],
      face,
    );
  },
};
