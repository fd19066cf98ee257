/** What a mail is and what sends one: types shared by mail/ (which sends) and jobs/ (which queues). */

/** A file sent with a message (a report, an import's result sheet), base64 in the mail job. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** The file's bytes, base64. */
  content: string;
}
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}
