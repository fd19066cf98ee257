import { buffer } from 'node:stream/consumers';
import { iso } from '../../lib/clock.js';
import type { JobContext } from '../../jobs/types.js';
import { PermanentJobError } from '../../jobs/errors.js';
import { linkActor } from '../assets/downloadLink.js';
import type { Actor } from '../../access/principal.js';
import { ASSET_COLUMNS, evaluateAssetRow } from './assetTemplate.js';
import { ImportFailed } from './imports.errors.js';
import { failImport } from './imports.fail.js';
import { reportKey } from './reportKey.js';
import type { PreviewRow } from './reports.repo.js';
import { headerIndex } from './templateSheet.js';
import { fieldCatalog, unknownFieldHeaders } from './assetTemplate.fields.js';
import type { ValueRow } from '../metadata/values.repo.js';
import type { Lang } from '@brandvault/contract';
import type { Evaluated, TemplateColumn } from './templateSheet.js';
import { USER_COLUMNS, evaluateUserRow } from './userTemplate.js';
import { userRules } from './userRules.js';
import { visibleUsers } from './userTemplate.export.js';
import { readMeta } from './xlsx/meta.js';
import type { TemplateMeta } from './xlsx/meta.js';
import { SheetTooLarge, readMetaRows, sheetRows } from './xlsx/reader.js';
import type { SheetRow } from './xlsx/reader.js';

type Cells = (key: string) => string | undefined;
type Parsed = { number: number; id: number | null; cells: Cells };

/** Reads data rows by column key, from the header's positions. */
function rowParser(cols: readonly TemplateColumn[], header: readonly string[]) {
  const index = headerIndex(cols, header);
  const idAt = index.get('id');
  if (idAt === undefined) throw new ImportFailed('noId');
  const editable = new Set(cols.filter((c) => !c.readOnly && !c.hidden).map((c) => c.key));
  return (rows: SheetRow[]): Parsed[] =>
    rows.flatMap((r) => {
      if (r.cells.every((c) => c.trim() === '')) return [];
      const raw = r.cells[idAt]?.trim() ?? '';
      const id = /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
      const cells: Cells = (k) => {
        const at = index.get(k);
        return at === undefined || !editable.has(k) ? undefined : (r.cells[at] ?? '');
      };
      return [{ number: r.number, id, cells }];
    });
}

/** Evaluates one batch of rows against the assets or users as they are now. */
async function evaluator(ctx: JobContext, actor: Actor, meta: TemplateMeta, lang: Lang) {
  const { repos } = ctx;
  const ids = (rows: Parsed[]) => [...new Set(rows.flatMap((p) => (p.id ? [p.id] : [])))];
  if (meta.kind === 'assets') {
    const brandId = meta.brandId ?? 0;
    // A word in either language names its option, any case; the option's label is what is kept.
    const words = async (key: 'themes' | 'language') =>
      new Map(
        (await repos.reports.brandWords(brandId, key)).flatMap((w) => [
          [w.label_es.toLowerCase(), w.label_en],
          [w.label_en.toLowerCase(), w.label_en],
        ]),
      );
    const c = {
      actor,
      meta,
      languages: await words('language'),
      themes: await words('themes'),
      seen: new Set<number>(),
    };
    const fields = await repos.metadata.fieldsOfBrand(brandId);
    const catalog = fieldCatalog(fields, await repos.assetTemplates.brandOptions(brandId));
    return {
      cols: [...ASSET_COLUMNS, ...catalog.columns],
      ignored: (header: readonly string[]) => unknownFieldHeaders(fields, header),
      async run(rows: Parsed[]): Promise<[number, Evaluated][]> {
        const assets = new Map((await repos.assetTemplates.byIds(ids(rows), actor.user.id)).map((a) => [a.id, a]));
        const held = new Map<number, ValueRow[]>();
        if (fields.length)
          for (const r of await repos.assetTemplates.fieldValues(ids(rows)))
            held.set(r.asset_id, [...(held.get(r.asset_id) ?? []), r]);
        return rows.map((p) => {
          const fx = fields.length ? { catalog, held: (p.id && held.get(p.id)) || [], lang } : undefined;
          return [p.number, evaluateAssetRow(c, p.id, p.cells, p.id ? assets.get(p.id) : undefined, fx)];
        });
      },
    };
  }
  const c = await userRules(repos, actor, meta);
  return {
    cols: USER_COLUMNS,
    ignored: (): string[] => [],
    async run(rows: Parsed[]): Promise<[number, Evaluated][]> {
      const users = new Map((await visibleUsers(repos, actor, ids(rows))).map((u) => [u.id, u]));
      return rows.map((p) => [p.number, evaluateUserRow(c, p.id, p.cells, p.id ? users.get(p.id) : undefined)]);
    },
  };
}

const stored = (id: number, number: number, e: Evaluated): PreviewRow => ({
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
});

/**
 * The preview of an uploaded template (the `reports.preview` job): checks the signed Meta sheet
 * first, then reads the sheet a thousand rows at a time (formulas' cached values, never
 * evaluated) and stores per row what would change, what is refused and why, and what is
 * unchanged. Changes nothing else. Idempotent: an import no longer previewing is left alone; a
 * re-run replaces the rows it wrote.
 */
export async function previewImport(ctx: JobContext, id: number) {
  const { repos, storage, clock } = ctx;
  if (!storage) throw new PermanentJobError('reports.preview needs the blob store');
  const repo = repos.reports;
  const row = await repo.byId(id);
  if (!row || row.state !== 'previewing') return { id, state: row?.state ?? 'gone' };
  try {
    const actor = await linkActor(repos, row.user_id);
    if (!actor) throw new ImportFailed('rights');
    if (!row.blob_key) throw new ImportFailed('gone');
    const data = await buffer(await storage.get(row.blob_key));
    const read = async <T>(work: () => Promise<T>) =>
      work().catch((err: unknown) => {
        if (err instanceof ImportFailed) throw err;
        throw new ImportFailed(err instanceof SheetTooLarge ? 'tooLarge' : 'unreadable');
      });
    const meta = readMeta(await reportKey(repos), await read(() => readMetaRows(data)));
    if (!meta) throw new ImportFailed('meta');
    if (meta.kind !== row.kind) throw new ImportFailed('kind');
    const evaluate = await evaluator(ctx, actor, meta, row.lang === 'es' ? 'es' : 'en');
    let ignored: string[] = [];
    await repo.deleteRows(id);
    const counts = { change: 0, refused: 0, unchanged: 0 };
    let parse: ReturnType<typeof rowParser> | null = null;
    // Only the reading is the file's fault; a database error fails the attempt and is retried.
    const batches = sheetRows(data);
    for (;;) {
      const next = await read(() => batches.next());
      if (next.done) break;
      const batch = next.value;
      if (!parse) ignored = evaluate.ignored(batch[0]!.cells);
      parse ??= rowParser(evaluate.cols, batch[0]!.cells);
      const rows = parse(batch[0]!.number === 1 ? batch.slice(1) : batch);
      const evaluated = await evaluate.run(rows);
      for (const [, e] of evaluated) counts[e.outcome]++;
      await repo.insertRows(evaluated.map(([n, e]) => stored(id, n, e)));
      const total = counts.change + counts.refused + counts.unchanged;
      await ctx.progress(total, Math.max(meta.versions.size, total));
    }
    if (!parse) throw new ImportFailed('noId');
    await repo.update(
      id,
      {
        state: 'ready',
        brand_id: meta.brandId,
        rows_total: counts.change + counts.refused + counts.unchanged,
        n_change: counts.change,
        n_refused: counts.refused,
        n_unchanged: counts.unchanged,
        previewed_at: iso(clock.now()),
        ignored_columns: ignored.length ? JSON.stringify(ignored) : null,
      },
      ['previewing'],
    );
    return { id, state: 'ready', ...counts };
  } catch (err) {
    if (!(err instanceof ImportFailed)) throw err;
    await failImport(ctx, id, err, ['previewing']);
    return { id, state: 'failed' };
  }
}
