import { PRODUCT_NAME } from '@brandvault/contract';
import type { Lang, NotificationKind } from '@brandvault/contract';
import type { MailMessage } from './mailer.js';

export type Parts = { subject: string; lines: string[]; action?: { label: string; url: string } };

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Whose face a message wears (issue 44 §5): the brand it is about (its name, logo as an absolute
 * address, accent colour), or the product's own for account messages.
 */
export type MailFace = { name: string; logo_url: string | null; accent: string | null };
/** The product's own accent, where a brand has none. */
export const DEFAULT_ACCENT = '#1c7ed6';
const PRODUCT_FACE: MailFace = { name: PRODUCT_NAME, logo_url: null, accent: null };

export function render(to: string, p: Parts, face: MailFace = PRODUCT_FACE): MailMessage {
  const accent = escape(face.accent ?? DEFAULT_ACCENT);
  const text = [
    face.name,
    '',
    ...p.lines,
    ...(p.action ? ['', `${p.action.label}: ${p.action.url}`] : []),
    '',
    `— ${face.name}`,
  ].join('\n');
  const logo = face.logo_url
    ? `<img src="${escape(face.logo_url)}" alt="" height="40" style="height:40px;max-width:160px;vertical-align:middle;margin-right:10px">`
    : '';
  const head = `<div data-face style="border-top:4px solid ${accent};padding:14px 0 6px">${logo}<strong style="font-size:18px;vertical-align:middle;color:${accent}">${escape(face.name)}</strong></div>`;
  const button = p.action
    ? `<p><a href="${escape(p.action.url)}" style="background:${accent};color:#fff;padding:10px 18px;border-radius:6px;text-decoration:none">${escape(p.action.label)}</a></p><p style="color:#666;font-size:12px">${escape(p.action.url)}</p>`
    : '';
  const html = `<div style="font-family:Inter,Arial,sans-serif;max-width:560px">${head}${p.lines.map((l) => `<p>${escape(l)}</p>`).join('')}${button}<p style="color:#888">— ${escape(face.name)}</p></div>`;
  return { to, subject: p.subject, text, html, links: p.action ? [p.action.url] : [] };
}

type Who = { first_name: string; last_name: string; email: string };

/** A stored language as one the mail speaks (anything unknown reads English). */
export const asLang = (v: string): Lang => (v === 'es' ? 'es' : 'en');

/** One thing a notification mail lists: who did what, and the start of the comment. */
export type DigestItem = { kind: NotificationKind; actor: string | null; excerpt: string | null };

const DID: Record<Lang, Record<NotificationKind, (who: string) => string>> = {
  en: {
    mention: (who) => `${who} mentioned you`,
    notify: (who) => `${who} asked you to look`,
    reply: (who) => `${who} replied in a thread you are in`,
    upload_comment: (who) => `${who} commented on your upload`,
    share: (who) => `${who} shared a collection with you`,
    download: () => 'Your download is ready',
    upload_request: () => 'A file arrived through your upload request',
    review_pending: (who) => `${who} uploaded files that await your review`,
    review_approved: (who) => `${who} approved your upload`,
    review_rejected: (who) => `${who} rejected your upload`,
    expiring: () => 'Expires soon',
    expired: () => 'Expired',
  },
  es: {
    mention: (who) => `${who} te mencionó`,
    notify: (who) => `${who} te pidió que lo miraras`,
    reply: (who) => `${who} respondió en un hilo en el que participas`,
    upload_comment: (who) => `${who} comentó un recurso que subiste`,
    share: (who) => `${who} compartió una colección contigo`,
    download: () => 'Tu descarga está lista',
    upload_request: () => 'Llegó un archivo mediante tu solicitud',
    review_pending: (who) => `${who} subió archivos que esperan tu revisión`,
    review_approved: (who) => `${who} aprobó tu subida`,
    review_rejected: (who) => `${who} rechazó tu subida`,
    expiring: () => 'Caduca pronto',
    expired: () => 'Caducado',
  },
};
const SOMEONE: Record<Lang, string> = { en: 'Someone', es: 'Alguien' };
const digestLine = (lang: Lang, i: DigestItem) =>
  `${DID[lang][i.kind](i.actor ?? SOMEONE[lang])}${i.excerpt ? (lang === 'es' ? `: «${i.excerpt}»` : `: "${i.excerpt}"`) : ''}`;

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

  /** A collection shared with chosen users; the owner's message, if any, is quoted. */
  collectionShared: (
    lang: Lang,
    u: Who,
    by: string,
    collection: string,
    message: string | null,
    url: string,
    face?: MailFace,
  ) =>
    render(
      u.email,
      {
        en: {
          subject: `${by} shared "${collection}" with you — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `${by} shared the collection "${collection}" with you.`,
            ...(message ? [`"${message}"`] : []),
          ],
          action: { label: 'Open the collection', url },
        },
        es: {
          subject: `${by} compartió "${collection}" contigo — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `${by} compartió la colección "${collection}" contigo.`,
            ...(message ? [`"${message}"`] : []),
          ],
          action: { label: 'Abrir la colección', url },
        },
      }[lang],
      face,
    ),

  /** A zip or PDF the user asked for is ready, for DOWNLOAD_EXPIRY_HOURS. */
  downloadReady: (lang: Lang, u: Who, name: string, files: number, hours: number, url: string, face?: MailFace) =>
    render(
      u.email,
      {
        en: {
          subject: `Your download "${name}" is ready — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `"${name}" is ready: ${files.toLocaleString('en')} ${files === 1 ? 'file' : 'files'}.`,
            `You can download it for ${hours} hours.`,
          ],
          action: { label: 'Open your downloads', url },
        },
        es: {
          subject: `Tu descarga "${name}" está lista — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `"${name}" está lista: ${files.toLocaleString('es')} ${files === 1 ? 'archivo' : 'archivos'}.`,
            `Puedes descargarla durante ${hours} horas.`,
          ],
          action: { label: 'Abrir tus descargas', url },
        },
      }[lang],
      face,
    ),

  /**
   * What happened on one asset while the user was away (notifications batched over
   * NOTIFICATION_MAIL_WINDOW_MINUTES): each line who did what, with the comment's start as text.
   */
  /** A file arrived through one of the recipient's upload requests. */
  uploadRequestReceived: (
    lang: Lang,
    u: Who,
    file: string,
    from: string,
    folder: string,
    url: string,
    face?: MailFace,
  ) =>
    render(
      u.email,
      {
        en: {
          subject: `New file from ${from} — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `${from} sent "${file}" through your upload request. It is in the folder "${folder}".`,
          ],
          action: { label: 'Open the file', url },
        },
        es: {
          subject: `Nuevo archivo de ${from} — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `${from} envió "${file}" mediante tu solicitud de archivos. Está en la carpeta "${folder}".`,
          ],
          action: { label: 'Abrir el archivo', url },
        },
      }[lang],
      face,
    ),

  notificationDigest: (lang: Lang, u: Who, asset: string, items: DigestItem[], url: string, face?: MailFace) =>
    render(
      u.email,
      {
        en: {
          subject:
            items.length === 1
              ? `${DID.en[items[0]!.kind](items[0]!.actor ?? SOMEONE.en)} on "${asset}" — ${PRODUCT_NAME}`
              : `${items.length} new comments on "${asset}" — ${PRODUCT_NAME}`,
          lines: [`Hello ${u.first_name},`, `New on "${asset}":`, ...items.map((i) => digestLine('en', i))],
          action: { label: 'Open the asset', url },
        },
        es: {
          subject:
            items.length === 1
              ? `${DID.es[items[0]!.kind](items[0]!.actor ?? SOMEONE.es)} en «${asset}» — ${PRODUCT_NAME}`
              : `${items.length} comentarios nuevos en «${asset}» — ${PRODUCT_NAME}`,
          lines: [`Hola ${u.first_name},`, `Novedades en «${asset}»:`, ...items.map((i) => digestLine('es', i))],
          action: { label: 'Abrir el recurso', url },
        },
      }[lang],
      face,
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
  loginLocked: (lang: Lang, u: Who, minutes: number, resetUrl: string) =>
    render(
      u.email,
      {
        en: {
          subject: `Sign-in to your account is locked for ${minutes} minutes — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `Someone entered a wrong password for your account too many times, so signing in is paused for ${minutes} minutes. An administrator can lift the lock sooner.`,
            'If it was not you, choose a new password now.',
          ],
          action: { label: 'Choose a new password', url: resetUrl },
        },
        es: {
          subject: `El inicio de sesión en tu cuenta está bloqueado ${minutes} minutos — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `Alguien ha escrito una contraseña incorrecta para tu cuenta demasiadas veces, así que el inicio de sesión queda en pausa durante ${minutes} minutos. Un administrador puede levantar el bloqueo antes.`,
            'Si no has sido tú, elige una contraseña nueva ahora.',
          ],
          action: { label: 'Elegir una contraseña nueva', url: resetUrl },
        },
      }[lang],
    ),

  registrationAttempt: (lang: Lang, u: Who, signInUrl: string) =>
    render(
      u.email,
      {
        en: {
          subject: `Someone tried to register with your address — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            'Someone asked for a new account with this e-mail address, which already has one. Nothing was changed.',
            'If it was you, sign in instead, or reset your password from the sign-in page. If not, you can ignore this message.',
          ],
          action: { label: 'Sign in', url: signInUrl },
        },
        es: {
          subject: `Alguien ha intentado registrarse con tu dirección — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            'Alguien ha pedido una cuenta nueva con esta dirección de correo, que ya tiene una. No se ha cambiado nada.',
            'Si has sido tú, inicia sesión, o restablece la contraseña desde la página de inicio de sesión. Si no, puedes ignorar este mensaje.',
          ],
          action: { label: 'Iniciar sesión', url: signInUrl },
        },
      }[lang],
    ),

  /** To the address an account had before its e-mail was changed. */
  emailChanged: (lang: Lang, u: Who, oldEmail: string) =>
    render(
      oldEmail,
      {
        en: {
          subject: `Your e-mail address was changed — ${PRODUCT_NAME}`,
          lines: [
            `Hello ${u.first_name},`,
            `The e-mail address of your account was changed from ${oldEmail} to ${u.email}. Messages now go to the new address.`,
            'If you did not make this change, contact your administrator at once.',
          ],
        },
        es: {
          subject: `Se ha cambiado tu dirección de correo — ${PRODUCT_NAME}`,
          lines: [
            `Hola ${u.first_name},`,
            `La dirección de correo de tu cuenta ha cambiado de ${oldEmail} a ${u.email}. Los mensajes van ahora a la dirección nueva.`,
            'Si no has hecho este cambio, avisa de inmediato a tu administrador.',
          ],
        },
      }[lang],
    ),
};
