import type { AssetTemplateRequest, Lang } from '@brandvault/contract';
import { TEMPLATE_MAX_ROWS, VISIBILITIES } from '@brandvault/contract';
import type { z } from 'zod';
import type { Db, Dialect } from '../../db/index.js';
import type { Repos } from '../../deps/repos.js';
import { AppError, invalid } from '../../http/errors.js';
import type { Actor } from '../../access/principal.js';
import { assetsPolicy } from '../assets/assets.policy.js';
import { seesPrivate, sightOf } from '../../access/principal.js';
import { brandsPolicy } from '../brands/brands.policy.js';
import { foldersPolicy } from '../folders/folders.policy.js';
import { orderOf, searchFiltersOf } from '../search/search.service.js';
// eslint-disable-next-line no-restricted-syntax -- bound to the dialect, which makeRepos(db) does not know
import { searchRepo } from '../search/search.repo.js';
import { ASSET_COLUMNS, assetCells, assetVersion } from './assetTemplate.js';
import type { AssetRightsNames } from './assetTemplate.js';
import type { TemplateAsset } from './assetTemplate.repo.js';
import { LIST_ERROR, sheetColumns } from './templateSheet.js';
import { fieldCatalog } from './assetTemplate.fields.js';
import type { ValueRow } from '../metadata/values.repo.js';
import { metaRows } from './xlsx/meta.js';
import { writeWorkbook } from './xlsx/writer.js';

type Request = z.output<typeof AssetTemplateRequest>;
const SLICE = 1000;
interface Env {
  repos: Repos;
  /** The connection and its dialect, for the search (its repository needs the dialect). */
  db: Db;
  dialect: Dialect;
  appKey: string;
  now: Date;
}

/** A folder the actor sees (404 otherwise), with the ids of the visible folders under it. */
export async function folderScope(repos: Repos, actor: Actor, id: number, recursive: boolean) {
  const row = await repos.folders.byIdForUser(id, actor.user.id);
  if (!row) throw new AppError('FOLDER_NOT_FOUND');
  const { brand_status, member, ...folder } = row;
  if (!brandsPolicy.see(actor, { status: brand_status }, !!member) || !foldersPolicy.see(actor, folder))
    throw new AppError('FOLDER_NOT_FOUND');
  if (!recursive) return { folder, ids: [folder.id] };
  // A folder is in when it and every folder between it and the chosen one are visible.
  const tree = (await repos.downloads.subtree(folder.brand_id, folder.path)).sort(
    (a, b) => a.path.length - b.path.length,
  );
  const inside = new Set<number>();
  for (const t of tree) {
    const visible = t.status === 'ACTIVE' && (seesPrivate(actor) || t.private_path === 0);
    if (visible && (t.id === folder.id || (t.parent_id !== null && inside.has(t.parent_id)))) inside.add(t.id);
  }
  return { folder, ids: [...inside] };
}

/**
 * The asset ids of a template request, in order: chosen assets (404 unless every one is visible
 * and active), then each folder's, then the search result's. One brand only, at most
 * TEMPLATE_MAX_ROWS. Only ids: the rows are read a thousand at a time while the file is written.
 */
export async function resolveTemplateAssets(env: Env, actor: Actor, req: Request) {
  const repo = env.repos.assetTemplates;
  const brands = new Set<number>();
  const ids: number[] = [];
  const chosen = [...new Set(req.asset_ids)];
  for (let i = 0; i < chosen.length; i += SLICE) {
    const slice = chosen.slice(i, i + SLICE);
    const rows = new Map((await repo.byIds(slice, actor.user.id)).map((a) => [a.id, a]));
    for (const id of slice) {
      const a = rows.get(id);
      if (!a || a.status !== 'ACTIVE' || !assetsPolicy.can(actor, 'view', a)) throw new AppError('NOT_FOUND');
      brands.add(a.brand_id);
      ids.push(id);
    }
  }
  for (const id of new Set(req.folder_ids)) {
    const { folder, ids: inside } = await folderScope(env.repos, actor, id, req.recursive);
    brands.add(folder.brand_id);
    ids.push(...(await repo.idsIn(inside)));
  }
  if (req.search) {
    const { folder } = await folderScope(env.repos, actor, req.search.folder_id, false);
    brands.add(folder.brand_id);
    const filters = await searchFiltersOf(env, folder, req.search.filters, sightOf(actor));
    if (filters)
      ids.push(
        ...(await searchRepo(env.db, env.dialect).page(
          filters,
          orderOf(req.search.filters.sort),
          TEMPLATE_MAX_ROWS + 1,
          0,
        )),
      );
  }
  const unique = [...new Set(ids)];
  if (unique.length > TEMPLATE_MAX_ROWS) throw invalid({ asset_ids: 'templateTooMany' });
  if (brands.size > 1) throw invalid({ asset_ids: 'templateOneBrand' });
  const brandId = [...brands][0];
  if (brandId === undefined) throw invalid({ asset_ids: 'templateEmpty' });
  return { brandId, ids: unique };
}

/** The assets of `ids` the actor may see, active, in order, read a slice at a time. */
async function* visibleAssets(
  env: Env,
  actor: Actor,
  ids: number[],
  onSlice?: (ids: number[]) => Promise<void>,
): AsyncGenerator<TemplateAsset> {
  const repo = env.repos.assetTemplates;
  for (let i = 0; i < ids.length; i += SLICE) {
    const slice = ids.slice(i, i + SLICE);
    const rows = new Map((await repo.byIds(slice, actor.user.id)).map((a) => [a.id, a]));
    await onSlice?.(slice);
    for (const id of slice) {
      const a = rows.get(id);
      // Folders and searches only ever offer what the actor may see; anything else is left out.
      if (a && a.status === 'ACTIVE' && assetsPolicy.can(actor, 'view', a)) yield a;
    }
  }
}

/** "Brand / Folder / Subfolder" for each folder of a brand. */
async function folderPaths(repos: Repos, brandId: number) {
  const folders = new Map((await repos.assetTemplates.folders(brandId)).map((f) => [f.id, f]));
  const paths = new Map<number, string>();
  const pathOf = (id: number): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const f = folders.get(id);
    const p = !f ? '' : f.parent_id === null ? f.name : `${pathOf(f.parent_id)} / ${f.name}`;
    paths.set(id, p);
    return p;
  };
  return pathOf;
}

/** The asset template of a request as an xlsx (§1), with its lists and signed Meta sheet. */
export async function assetTemplateFile(env: Env, actor: Actor, req: Request, lang: Lang) {
  const { brandId, ids } = await resolveTemplateAssets(env, actor, req);
  const [pathOf, languages, brand, fields, options] = await Promise.all([
    folderPaths(env.repos, brandId),
    env.repos.reports.brandWords(brandId, 'language').then((ws) => ws.map((w) => w.label_en)),
    env.repos.brands.byId(brandId),
    env.repos.metadata.fieldsOfBrand(brandId),
    env.repos.assetTemplates.brandOptions(brandId),
  ]);
  const catalog = fieldCatalog(fields, options);
  const versions = new Map<number, string>();
  // The brand field values of the slice being written, by asset.
  let held = new Map<number, ValueRow[]>();
  // The names of the licences and consents of the slice being written, by asset.
  let rights = new Map<number, AssetRightsNames>();
  const loadValues = async (slice: number[]) => {
    held = new Map();
    rights = new Map();
    const names = await env.repos.assetTemplates.rightsNames(slice);
    for (const [kind, list] of [
      ['licences', names.licences],
      ['consents', names.consents],
    ] as const)
      for (const r of list) {
        const entry = rights.get(r.asset_id) ?? { licences: [], consents: [] };
        entry[kind].push(r.name);
        rights.set(r.asset_id, entry);
      }
    if (!fields.length) return;
    for (const r of await env.repos.assetTemplates.fieldValues(slice))
      held.set(r.asset_id, [...(held.get(r.asset_id) ?? []), r]);
  };
  async function* rows() {
    for await (const a of visibleAssets(env, actor, ids, loadValues)) {
      const mine = held.get(a.id) ?? [];
      versions.set(a.id, assetVersion(a, fields.length ? catalog.texts(mine, 'en') : undefined));
      const texts = catalog.texts(mine, lang);
      yield [...assetCells(a, pathOf(a.folder_id), rights.get(a.id)), ...fields.map((f) => texts[f.key] ?? '')];
    }
  }
  const exportedAt = env.now.toISOString();
  const file = await writeWorkbook({
    sheet: 'Assets',
    columns: sheetColumns([...ASSET_COLUMNS, ...catalog.columns], lang),
    rows: rows(),
    lists: { language: languages, visibility: VISIBILITIES, ...catalog.lists(lang) },
    listError: LIST_ERROR[lang],
    meta: () => metaRows(env.appKey, { kind: 'assets', brandId, exportedAt, exportedBy: actor.user.id, versions }),
  });
  const stamp = exportedAt.slice(0, 16).replace('T', ' ').replace(':', '.');
  return { ...file, brandId, name: `${brand?.name ?? 'Assets'} template ${stamp}.xlsx` };
}
