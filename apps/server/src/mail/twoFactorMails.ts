import { PRODUCT_NAME } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { render } from './templates.js';

type Who = { first_name: string; email: string };

/** Mail about a person's two-factor sign-in (issue 41 §2). */
export const twoFactorMails = {
  /** An administrator turned the person's two-factor sign-in off (a lost phone, or not them). */
  reset: (lang: Lang, u: Who, signInUrl: string) =>
    render(
      u.email,
      {
        en: {
          subject: `Two-factor sign-in was turned off for your account — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            'An administrator turned off two-factor sign-in for your account: signing in now needs only your password.',
            'Turn it on again from your profile. If you did not ask for this, tell your administrator and choose a new password.',
          ],
          action: { label: 'Sign in', url: signInUrl },
        },
        es: {
          subject: `Se ha desactivado la verificación en dos pasos de tu cuenta — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            'Un administrador ha desactivado la verificación en dos pasos de tu cuenta: ahora para iniciar sesión basta con tu contraseña.',
            'Vuelve a activarla desde tu perfil. Si no lo has pedido, avisa a tu administrador y elige una contraseña nueva.',
          ],
          action: { label: 'Iniciar sesión', url: signInUrl },
        },
      }[lang],
    ),
};
