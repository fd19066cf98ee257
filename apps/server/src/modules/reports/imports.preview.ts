import { buffer } from 'node:stream/consumers';
import { iso } from '../../lib/clock.js';
import type { JobContext } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { makeRepos } from '../../repos.js';
import { linkActor } from '../assets/downloadLink.js';
import type { Actor } from '../auth/actor.js';
import { ASSET_COLUMNS, evaluateAssetRow } from './assetTemplate.js';
import { assetTemplateRepo } from './assetTemplate.repo.js';
import { ImportFailed } from './imports.errors.js';
import { failImport } from './imports.fail.js';
import { reportKey } from './reportKey.js';
import { reportsRepo } from './reports.repo.js';
import type { PreviewRow } from './reports.repo.js';
import { headerIndex } from './templateSheet.js';
import type { Evaluated, TemplateColumn } from './templateSheet.js';
import { USER_COLUMNS, evaluateUserRow } from './userTemplate.js';
import { visibleUsers } from './userTemplate.export.js';
import { readMeta } from './xlsx/meta.js';
import type { TemplateMeta } from './xlsx/meta.js';
import { SheetTooLarge, readTemplate } from './xlsx/reader.js';
import type { SheetRow } from './xlsx/reader.js';

type Cells = (key: string) => string | undefined;

/** The sheet's data rows with a reader of each row's cells by column key, and its id. */
function parsedRows(cols: readonly TemplateColumn[], rows: SheetRow[]) {
  const index = headerIndex(cols, rows[0]?.cells ?? []);
  const idAt = index.get('id');
  if (idAt === undefined) throw new ImportFailed('noId');
  const editable = cols.filter((c) => !c.readOnly && !c.hidden).map((c) => c.key);
  return rows.slice(1).flatMap((r) => {
    if (r.cells.every((c) => c.trim() === '')) return [];
    const raw = r.cells[idAt]?.trim() ?? '';
    const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
    const cells: Cells = (k) => {
      const at = index.get(k);
      return at === undefined || !editable.includes(k) ? undefined : (r.cells[at] ?? '');
    };
    return [{ number: r.number, id, cells }];
  });
}

async function evaluate(
  ctx: JobContext,
  actor: Actor,
  meta: TemplateMeta,
  rows: SheetRow[],
): Promise<[number, Evaluated][]> {
  const { db } = ctx;
  if (meta.kind === 'assets') {
    const parsed = parsedRows(ASSET_COLUMNS, rows);
    const ids = [...new Set(parsed.flatMap((p) => (p.id ? [p.id] : [])))];
    const assets = new Map((await assetTemplateRepo(db).byIds(ids, actor.user.id)).map((a) => [a.id, a]));
    const languages = new Map(
      (await reportsRepo(db).brandLanguages(meta.brandId ?? 0)).map((l) => [l.toLowerCase(), l]),
    );
    const c = { actor, meta, languages, seen: new Set<number>() };
    return parsed.map((p) => [p.number, evaluateAssetRow(c, p.id, p.cells, p.id ? assets.get(p.id) : undefined)]);
  }
  const parsed = parsedRows(USER_COLUMNS, rows);
  const ids = [...new Set(parsed.flatMap((p) => (p.id ? [p.id] : [])))];
  const users = new Map((await visibleUsers(db, actor, ids)).map((u) => [u.id, u]));
  const repos = makeRepos(db);
  const repo = reportsRepo(db);
  const [roleNames, brands, actorBrands] = await Promise.all([
    repo.roleNames(),
    repo.brands(),
    repos.brands.byUsers([actor.user.id]),
  ]);
  const byName = new Map<string, { id: number; name: string }>();
  for (const b of brands) for (const k of [b.slug, b.name]) byName.set(k.toLowerCase(), { id: b.id, name: b.name });
  const c = {
    actor,
    actorBrands: new Set((actorBrands.get(actor.user.id) ?? []).map((b) => b.id)),
    meta,
    seen: new Set<number>(),
    roles: new Set(roleNames),
    rolePermissions: await repos.roles.permissionsOfRoles(roleNames),
    brands: byName,
  };
  return parsed.map((p) => [p.number, evaluateUserRow(c, p.id, p.cells, p.id ? users.get(p.id) : undefined)]);
}

/**
 * The preview of an uploaded template (the `reports.preview` job): reads the sheet (formulas'
 * cached values, never evaluated), checks its signed Meta sheet, and stores per row what would
 * change, what is refused and why, and what is unchanged. Changes nothing else. Idempotent: an
 * import no longer previewing is left alone; a re-run replaces the rows it wrote.
 */
export async function previewImport(ctx: JobContext, id: number) {
  const { db, storage, clock } = ctx;
  if (!storage) throw new PermanentJobError('reports.preview needs the blob store');
  const repo = reportsRepo(db);
  const row = await repo.byId(id);
  if (!row || row.state !== 'previewing') return { id, state: row?.state ?? 'gone' };
  try {
    const actor = await linkActor(makeRepos(db), row.user_id);
    if (!actor) throw new ImportFailed('rights');
    if (!row.blob_key) throw new ImportFailed('gone');
    const data = await buffer(await storage.get(row.blob_key));
    const sheet = await readTemplate(data).catch((err: unknown) => {
      throw new ImportFailed(err instanceof SheetTooLarge ? 'tooLarge' : 'unreadable');
    });
    const meta = readMeta(await reportKey(db), sheet.meta);
    if (!meta) throw new ImportFailed('meta');
    if (meta.kind !== row.kind) throw new ImportFailed('kind');
    const rows = sheet.main?.rows ?? [];
    await ctx.progress(0, Math.max(rows.length - 1, 1));
    const evaluated = await evaluate(ctx, actor, meta, rows);
    const stored: PreviewRow[] = evaluated.map(([number, e]) => ({
      import_id: id,
      row_no: number,
      target_id: e.target_id,
      label: e.label?.slice(0, 320) ?? null,
      outcome: e.outcome,
      changes: JSON.stringify(e.changes),
      patch: e.patch ? JSON.stringify(e.patch) : null,
      version: e.version,
      reason: e.reason,
      reason_vars: e.reason_vars ? JSON.stringify(e.reason_vars) : null,
    }));
    const count = (o: string) => stored.filter((r) => r.outcome === o).length;
    await db.transaction().execute(async (trx) => {
      const t = reportsRepo(trx);
      await t.deleteRows(id);
      await t.insertRows(stored);
      await t.update(
        id,
        {
          state: 'ready',
          brand_id: meta.brandId,
          rows_total: stored.length,
          n_change: count('change'),
          n_refused: count('refused'),
          n_unchanged: count('unchanged'),
          previewed_at: iso(clock.now()),
        },
        ['previewing'],
      );
    });
    await ctx.progress(stored.length, Math.max(stored.length, 1));
    return { id, state: 'ready', rows: stored.length, change: count('change'), refused: count('refused') };
  } catch (err) {
    if (!(err instanceof ImportFailed)) throw err;
    await failImport(ctx, id, err, ['previewing']);
    return { id, state: 'failed' };
  }
}
