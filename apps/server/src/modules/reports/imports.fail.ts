import { asLang } from '../../mail/templates.js';
import { reportMails } from '../../mail/reportMails.js';
import type { JobContext } from '../../jobs/types.js';
import type { ImportFailed } from './imports.errors.js';

export const importPath = (id: number) => `/reports/imports/${id}`;

/** Marks an import failed with the reason in its language and tells its owner by e-mail (§8). */
export async function failImport(ctx: JobContext, id: number, err: ImportFailed, from: readonly string[]) {
  const row = await ctx.repos.reports.byId(id);
  if (!row) return;
  const user = await ctx.repos.users.byId(row.user_id);
  // The recipient's language, as every mail; the screen shows the same text.
  const lang = asLang(user?.lang ?? row.lang);
  await ctx.tx(async (t) => {
    const changed = await t.repos.reports.update(id, { state: 'failed', error: err.text(lang) }, from);
    if (changed && user) {
      const url = `${(ctx.appUrl ?? '').replace(/\/$/, '')}${importPath(id)}`;
      await t.mail(reportMails.importFailed(lang, user, row.name, err.text(lang), url));
    }
  });
}
