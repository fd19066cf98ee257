import { DOWNLOAD_EXPIRY_HOURS } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { mails } from '../../mail/templates.js';
import type { MailFace } from '../../mail/templates.js';
import type { Repos } from '../../deps/repos.js';
import type { Work } from '../../unitOfWork/unitOfWork.js';
import { DOWNLOADS_PATH } from './downloads.view.js';

/** Whom a finished download is announced to, and what the e-mail says of it. */
export interface ReadyNotice {
  downloadId: number;
  user: { id: number; first_name: string; last_name: string; email: string };
  lang: Lang;
  /** The download's name and how many files (or pages) it holds. */
  name: string;
  files: number;
  at: Date;
  appUrl: string | undefined;
  face: MailFace | undefined;
}

/**
 * Tells a download's owner it is ready, in the transaction that marks it so: one notification
 * in the app and the e-mail linking to the downloads list. Zips and PDFs of a selection and
 * guidelines PDFs alike; the caller publishes the answered notification once committed.
 */
export async function announceReady(t: Work<Repos>, n: ReadyNotice) {
  const [row] = await t.repos.notifications.insert([
    {
      user_id: n.user.id,
      kind: 'download',
      actor_id: null,
      asset_id: null,
      comment_id: null,
      share_link_id: null,
      download_id: n.downloadId,
      read_at: null,
      mail_after: null,
      mailed_at: null,
      created_at: iso(n.at),
    },
  ]);
  const url = `${(n.appUrl ?? '').replace(/\/$/, '')}${DOWNLOADS_PATH}`;
  await t.mail(mails.downloadReady(n.lang, n.user, n.name, n.files, DOWNLOAD_EXPIRY_HOURS, url, n.face));
  return row ?? null;
}
