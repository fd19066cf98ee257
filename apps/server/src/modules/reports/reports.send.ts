import { AssetTemplateRequest, UserTemplateRequest, XLSX_MIME } from '@brandvault/contract';
import type { JobContext } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { asLang } from '../../mail/templates.js';
import { reportMails } from '../../mail/reportMails.js';
import { linkActor } from '../assets/downloadLink.js';
import { reportsPolicy } from './reports.policy.js';
import { assetTemplateFile } from './assetTemplate.export.js';
import { reportKey } from './reportKey.js';
import { userTemplateFile } from './userTemplate.export.js';

/** Mail servers refuse big messages: a report larger than this is not sent. */
const ATTACH_MAX_BYTES = 10 * 1024 * 1024;

/**
 * Produces a report for its owner and e-mails it (the `reports.send` job, §7 `send/*`): rights
 * are checked again as they are now; the file is attached, in the owner's language.
 */
export async function sendReport(ctx: JobContext, p: { kind: 'assets' | 'users'; userId: number; request: unknown }) {
  const actor = await linkActor(ctx.repos, p.userId);
  if (!actor || !reportsPolicy.sends(actor, p.kind))
    throw new PermanentJobError('the owner may no longer have this report');
  const lang = asLang(actor.user.lang);
  const env = {
    repos: ctx.repos,
    db: ctx.db,
    dialect: ctx.dialect,
    appKey: await reportKey(ctx.repos),
    now: ctx.clock.now(),
  };
  const file =
    p.kind === 'assets'
      ? await assetTemplateFile(env, actor, AssetTemplateRequest.parse(p.request), lang)
      : await userTemplateFile(env, actor, UserTemplateRequest.parse(p.request), lang);
  if (file.data.length > ATTACH_MAX_BYTES) throw new PermanentJobError('the report is too large to send by e-mail');
  const attachment = { filename: file.name, contentType: XLSX_MIME, content: file.data.toString('base64') };
  await ctx.tx((t) => t.mail(reportMails.reportReady(lang, actor.user, attachment, file.rows)));
  return { rows: file.rows, size: file.data.length };
}
