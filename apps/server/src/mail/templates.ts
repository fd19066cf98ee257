import { PRODUCT_NAME } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import type { MailMessage } from './mailer.js';

type Parts = { subject: string; lines: string[]; action?: { label: string; url: string } };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(to: string, p: Parts): MailMessage {
  const text = [
    ...p.lines,
    ...(p.action ? ['', `${p.action.label}: ${p.action.url}`] : []),
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n');
  const button = p.action
    ? `<p><a href="${escape(p.action.url)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(p.action.label)}</a></p><p style="color:#666;font-size:12px">${escape(p.action.url)}</p>`
    : '';
  const html = `<div style="font-family:Inter,Arial,sans-serif;max-width:560px">${p.lines.map((l) => `<p>${escape(l)}</p>`).join('')}${button}<p style="color:#888">— ${PRODUCT_NAME}</p></div>`;
  return { to, subject: p.subject, text, html, links: p.action ? [p.action.url] : [] };
}

type Who = { first_name: string; last_name: string; email: string };

/** Every e-mail the product sends, in the recipient's language. */
export const mails = {
  verifyEmail: (lang: Lang, u: Who, url: string) =>
    render(
      u.email,
      {
        en: {
          subject: `Verify your e-mail address — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            'Please confirm that this is your e-mail address. The link is valid for 24 hours.',
          ],
          action: { label: 'Verify e-mail', url },
        },
        es: {
          subject: `Verifica tu correo — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            'Confirma que esta es tu dirección de correo. El enlace es válido durante 24 horas.',
          ],
          action: { label: 'Verificar correo', url },
        },
      }[lang],
    ),

  resetPassword: (lang: Lang, u: Who, url: string) =>
    render(
      u.email,
      {
        en: {
          subject: `Reset your password — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            'We received a request to reset your password. The link is valid for 60 minutes and can be used once.',
            'If you did not ask for it, you can ignore this message.',
          ],
          action: { label: 'Reset password', url },
        },
        es: {
          subject: `Restablece tu contraseña — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            'Hemos recibido una solicitud para restablecer tu contraseña. El enlace es válido durante 60 minutos y se puede usar una vez.',
            'Si no lo has pedido, puedes ignorar este mensaje.',
          ],
          action: { label: 'Restablecer contraseña', url },
        },
      }[lang],
    ),

  registrationNotice: (lang: Lang, admin: Who, applicant: Who, url: string) =>
    render(
      admin.email,
      {
        en: {
          subject: `New account request: ${applicant.first_name} ${applicant.last_name}`,
          lines: [
            `Hello ${admin.first_name},`,
            `${applicant.first_name} ${applicant.last_name} (${applicant.email}) asked for an account. It stays inactive until an administrator approves it.`,
          ],
          action: { label: 'Review pending users', url },
        },
        es: {
          subject: `Nueva solicitud de cuenta: ${applicant.first_name} ${applicant.last_name}`,
          lines: [
            `Hola ${admin.first_name},`,
            `${applicant.first_name} ${applicant.last_name} (${applicant.email}) ha solicitado una cuenta. Seguirá inactiva hasta que un administrador la apruebe.`,
          ],
          action: { label: 'Revisar usuarios pendientes', url },
        },
      }[lang],
    ),

  accountApproved: (lang: Lang, u: Who, url: string) =>
    render(
      u.email,
      {
        en: {
          subject: `Your account is ready — ${PRODUCT_NAME}`,
          lines: [`Hello ${u.first_name},`, 'An administrator approved your account. You can sign in now.'],
          action: { label: 'Sign in', url },
        },
        es: {
          subject: `Tu cuenta está lista — ${PRODUCT_NAME}`,
          lines: [`Hola ${u.first_name},`, 'Un administrador ha aprobado tu cuenta. Ya puedes iniciar sesión.'],
          action: { label: 'Iniciar sesión', url },
        },
      }[lang],
    ),
};
