import { buffer } from 'node:stream/consumers';
import { IMPORT_EXPIRY_DAYS, XLSX_MIME } from '@brandvault/contract';
import { iso } from '../../lib/clock.js';
import { contextFor } from '../../lib/requestContext.js';
import type { JobContext } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { asLang } from '../../mail/templates.js';
import { reportMails } from '../../mail/reportMails.js';
import { linkActor } from '../assets/downloadLink.js';
import type { AuditEvent } from '../audit/audit.trail.js';
import type { AssetWrite } from './assetTemplate.repo.js';
import { RowRefused } from './templateSheet.js';
import type { Repos } from '../../deps/repos.js';
import type { ValueRow } from '../metadata/values.repo.js';
import { fieldCatalog } from './assetTemplate.fields.js';
import { applyUserRow, decideAssetRow } from './imports.apply.rows.js';
import type { Outcome } from './imports.apply.rows.js';
import { ImportFailed } from './imports.errors.js';
import { failImport, importPath } from './imports.fail.js';
import { resultSheet } from './imports.result.js';
import { visibleUsers } from './userTemplate.export.js';
import { userRules } from './userRules.js';

const BATCH = 200;
/** SQLite keeps every page written and read (cache, map); handed back every this many batches (1,000 rows). */
const RELEASE_EVERY = 5;
const releaseCache = async (ctx: JobContext) => {
  if (ctx.dialect === 'sqlite') await ctx.repos.searchMaintenance.releaseCache();
};
const resultOf = (row: number, out: Outcome) => ({
  row,
  result: out.result,
  reason: out.reason?.reason ?? null,
  vars: out.reason ? JSON.stringify(out.reason.vars) : null,
});
/** An asset's brand field values as imported; the options named are claimed first, as PUT values does. */
async function writeFieldRows(repos: Repos, assetId: number, rows: ValueRow[]) {
  const named = [...new Set(rows.flatMap((r) => (r.option_id === null ? [] : [r.option_id])))];
  for (const id of named.sort((a, b) => a - b)) await repos.options.hold(id);
  await repos.fieldValues.replace(assetId, rows);
}

/** A result sheet larger than this goes by link only (mail servers refuse big messages). */
const ATTACH_MAX_BYTES = 5 * 1024 * 1024;
export const resultKey = (id: number) => `reports/imports/${id}/result.xlsx`;

/**
 * Applies a previewed import (the `reports.apply` job, maybe scheduled): each row that was to
 * change is applied on its own (one bad row never blocks the others), as things are now, with one
 * audit entry per changed asset or user, 200 rows a transaction. Then the result sheet is kept
 * for download and sent by e-mail. A retry after a crash skips the rows that have a result.
 */
export async function applyImport(ctx: JobContext, id: number) {
  const { repos, storage, clock } = ctx;
  if (!storage) throw new PermanentJobError('reports.apply needs the blob store');
  const repo = repos.reports;
  const imp = await repo.byId(id);
  if (!imp || (imp.state !== 'scheduled' && imp.state !== 'applying')) return { id, state: imp?.state ?? 'gone' };
  await repo.update(id, { state: 'applying' }, ['scheduled']);
  const actor = await linkActor(repos, imp.user_id);
  if (!actor || (imp.kind === 'users' && !actor.permissions.has('user.update'))) {
    await failImport(ctx, id, new ImportFailed('rights'), ['applying']);
    return { id, state: 'failed' };
  }
  const lang = asLang(actor.user.lang);
  const rctx = contextFor(actor, lang);
  const rules =
    imp.kind === 'users'
      ? await userRules(repos, actor, {
          kind: 'users',
          brandId: null,
          exportedAt: '',
          exportedBy: 0,
          versions: new Map(),
        })
      : null;
  // The brand's fields, when the template has any (issue 39 §3).
  const fields = imp.kind === 'assets' && imp.brand_id ? await repos.metadata.fieldsOfBrand(imp.brand_id) : [];
  const brandOptions = fields.length ? await repos.assetTemplates.brandOptions(imp.brand_id!) : [];
  const catalog = fieldCatalog(fields, brandOptions);
  const optionsById = new Map(brandOptions.map((o) => [o.id, o]));
  const total = imp.n_change ?? 0;
  let done = 0;
  let batches = 0;
  await ctx.progress(0, Math.max(total, 1));
  // What the preview and earlier requests read is still mapped: the apply starts without it.
  await releaseCache(ctx);
  for (let after = 0; ;) {
    const batch = await repo.rowsAfter(id, after, BATCH);
    if (!batch.length) break;
    after = batch.at(-1)!.row_no;
    const unapplied = batch.filter((r) => r.outcome === 'change' && r.result === null && r.target_id !== null);
    if (!unapplied.length) continue;
    const ids = unapplied.map((r) => r.target_id!);
    const assets =
      imp.kind === 'assets'
        ? new Map((await repos.assetTemplates.byIds(ids, actor.user.id)).map((a) => [a.id, a]))
        : null;
    const held = new Map<number, ValueRow[]>();
    if (assets && fields.length)
      for (const v of await repos.assetTemplates.fieldValues(ids))
        held.set(v.asset_id, [...(held.get(v.asset_id) ?? []), v]);
    const users = rules ? new Map((await visibleUsers(repos, actor, ids)).map((u) => [u.id, u])) : null;
    const at = iso(clock.now());
    await ctx.change(rctx, async (u) => {
      const events: AuditEvent[] = [];
      const results: ReturnType<typeof resultOf>[] = [];
      const writes: { row: number; write: AssetWrite; event: AuditEvent; fieldRows: ValueRow[] | null }[] = [];
      for (const r of unapplied) {
        if (assets) {
          const fx = fields.length ? { catalog, options: optionsById, held: held.get(r.target_id!) ?? [] } : undefined;
          const d = decideAssetRow({ actor, imp }, r, assets.get(r.target_id!), fx);
          if ('write' in d) writes.push({ row: r.row_no, ...d });
          else results.push(resultOf(r.row_no, d));
        } else {
          const c = { actor, events, imp, at, rules: rules! };
          results.push(resultOf(r.row_no, await applyUserRow(u.repos, c, r, users!.get(r.target_id!))));
        }
      }
      const written = await u.repos.assetTemplates.updateMany(
        writes.map((w) => w.write),
        at,
      );
      for (const w of writes) {
        // Not written: the asset changed between the read above and the update.
        if (!written.has(w.write.id))
          results.push(resultOf(w.row, { result: 'refused', reason: new RowRefused('conflict') }));
        else {
          if (w.fieldRows) await writeFieldRows(u.repos, w.write.id, w.fieldRows);
          events.push(w.event);
          results.push(resultOf(w.row, { result: 'applied' }));
        }
      }
      // One audit entry per changed asset or user, chained together in the batch's transaction.
      await u.auditMany(events);
      await u.repos.reports.setResults(id, results);
    });
    done += unapplied.length;
    await ctx.progress(done, Math.max(total, 1));
    if (++batches % RELEASE_EVERY === 0) await releaseCache(ctx);
  }
  await releaseCache(ctx);
  await repo.settleUnapplied(id);
  const counts = await repo.resultCounts(id);
  const source = imp.blob_key ? await buffer(await storage.get(imp.blob_key)) : null;
  const sheet = source ? await resultSheet(repos, id, source, lang) : null;
  if (sheet) await storage.put(resultKey(id), sheet.data, XLSX_MIME);
  const now = clock.now();
  const resultName = imp.name.replace(/\.xlsx$/i, '') + (lang === 'es' ? ' (resultado).xlsx' : ' (result).xlsx');
  await ctx.tx(async (t) => {
    const changed = await t.repos.reports.update(
      id,
      {
        state: 'applied',
        result_key: sheet ? resultKey(id) : null,
        n_applied: counts.applied,
        n_apply_refused: counts.refused,
        n_apply_unchanged: counts.unchanged,
        applied_at: iso(now),
        expires_at: iso(new Date(now.getTime() + IMPORT_EXPIRY_DAYS * 86_400_000)),
      },
      ['applying'],
    );
    if (!changed) return;
    await t.emit('template_import.applied', {
      importId: id,
      kind: imp.kind,
      brandIds: imp.brand_id !== null ? [imp.brand_id] : [],
    });
    const file =
      sheet && sheet.data.length <= ATTACH_MAX_BYTES
        ? { filename: resultName, contentType: XLSX_MIME, content: sheet.data.toString('base64') }
        : null;
    const url = `${(ctx.appUrl ?? '').replace(/\/$/, '')}${importPath(id)}`;
    await t.mail(reportMails.importApplied(lang, actor.user, imp.name, counts, url, file));
  });
  return { id, state: 'applied', ...counts };
}
