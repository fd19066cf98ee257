import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomToken } from '../lib/crypto.js';
import type { Mailer, MailMessage } from '../lib/mailMessage.js';

export type { MailAttachment, MailMessage, Mailer } from '../lib/mailMessage.js';

const attachmentsOf = (msg: MailMessage) =>
  (msg.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: a.content,
    encoding: 'base64',
  }));

// nodemailer is loaded at the first message: most processes start, and many end, without one.
const nodemailer = async () => (await import('nodemailer')).default;
const smtpTransport = async (url: string) => (await nodemailer()).createTransport(url);
const mimeComposer = async () =>
  (await nodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

/**
 * Without SMTP_URL every message lands in DATA_DIR/outbox as an .eml (the real MIME message)
 * and a .json beside it (to, subject, text, links), which is how people running it locally and
 * the tests read their mail.
 */
export function createMailer(opts: { smtpUrl?: string; from: string; outboxDir: string }): Mailer {
  const { smtpUrl } = opts;
  if (smtpUrl) {
    let opened: ReturnType<typeof smtpTransport> | undefined;
    return {
      async send(msg) {
        const transport = await (opened ??= smtpTransport(smtpUrl));
        await transport.sendMail({
          from: opts.from,
          to: msg.to,
          subject: msg.subject,
          text: msg.text,
          html: msg.html,
          attachments: attachmentsOf(msg),
        });
      },
    };
  }
  let opened: ReturnType<typeof mimeComposer> | undefined;
  return {
    async send(msg) {
      const composer = await (opened ??= mimeComposer());
      const info = await composer.sendMail({
        from: opts.from,
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        html: msg.html,
        attachments: attachmentsOf(msg),
      });
      await mkdir(opts.outboxDir, { recursive: true });
      const base = join(opts.outboxDir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomToken(6)}`);
      await writeFile(`${base}.eml`, info.message as Buffer);
      const json = {
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        links: msg.links,
        attachments: (msg.attachments ?? []).map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          size: Buffer.from(a.content, 'base64').length,
        })),
        sent_at: new Date().toISOString(),
      };
      await writeFile(`${base}.json`, JSON.stringify(json, null, 2));
    },
  };
}

/** The mailer a deployment's config describes (SMTP_URL, MAIL_FROM; else DATA_DIR/outbox). */
export const mailerFromConfig = (config: { smtpUrl: string | undefined; mailFrom: string; dataDir: string }) =>
  createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'outbox') });

/**
 * Whether a failed send cannot succeed by trying again: the server refused the sender, a
 * recipient or the message for good (5xx), or the envelope itself is invalid. Refused sign-ins
 * (EAUTH) and anything 4xx or network-level are worth retrying.
 */
export function isPermanentMailError(err: unknown): boolean {
  const e = err as { code?: unknown; responseCode?: unknown } | null;
  if (!e || typeof e !== 'object' || e.code === 'EAUTH') return false;
  const status = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  if (status !== undefined) return status >= 500 && status < 600;
  return e.code === 'EENVELOPE';
}
