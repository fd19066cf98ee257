import type { Lang } from '@brandvault/contract';
import { PRODUCT_NAME } from '@brandvault/contract';
import { render } from '../../mail/templates.js';

/** How long an invitation's link stays usable: longer than a reset, people read mail days later. */
export const INVITE_LINK_DAYS = 7;

/** A stand-in first name from the address ("ana.garcia@…" → "ana.garcia") until they set theirs. */
export const nameFromEmail = (email: string) => email.split('@')[0]!.slice(0, 100) || email;

/** The invitation: who asked, where, and the link that sets the password (the reset page's). */
export function inviteMail(lang: Lang, to: string, inviter: string, org: string | null, url: string) {
  const where = org ?? PRODUCT_NAME;
  return render(
    to,
    {
      en: {
        subject: `You are invited to ${where} — ${PRODUCT_NAME}`,
        lines: [
          `${inviter} invited you to ${where} on ${PRODUCT_NAME}, where the team keeps its brand files.`,
          `Choose your password to sign in. The link is valid for ${INVITE_LINK_DAYS} days and can be used once.`,
          'If you did not expect this invitation, you can ignore this message.',
        ],
        action: { label: 'Choose your password', url },
      },
      es: {
        subject: `Te han invitado a ${where} — ${PRODUCT_NAME}`,
        lines: [
          `${inviter} te ha invitado a ${where} en ${PRODUCT_NAME}, donde el equipo guarda los archivos de sus marcas.`,
          `Elige tu contraseña para entrar. El enlace es válido durante ${INVITE_LINK_DAYS} días y se puede usar una vez.`,
          'Si no esperabas esta invitación, puedes ignorar este mensaje.',
        ],
        action: { label: 'Elegir contraseña', url },
      },
    }[lang],
  );
}
