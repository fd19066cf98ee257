import { AssetSearchResponse, SEARCH_EXACT_TOTAL } from '@brandvault/contract';
import type { AssetSearchBody } from '@brandvault/contract';
import type { z } from 'zod';
import type { Deps } from '../../deps/deps.js';
import type { Repos } from '../../deps/repos.js';
import type { Db, Dialect } from '../../db/index.js';
import { abilitiesKey } from '../assets/assets.policy.js';
import { sightOf } from '../../access/principal.js';
import type { Sight } from '../access/privacy.js';
import { JsonText } from '../../lib/jsonText.js';
import { linkExpiry } from '../../lib/signedUrl.js';
import { assetCard } from '../assets/assets.view.js';
import type { FoldersService } from '../folders/folders.service.js';
import { searchCore } from './search.core.js';
import type { Found } from './search.core.js';
// eslint-disable-next-line no-restricted-syntax -- bound to the dialect and the side reader: built over deps.handle
import { searchRepo, searchTerms } from './search.repo.js';
import type { Scope, SearchFilters, SearchOrder } from './search.repo.js';
import type { RequestContext } from '../../lib/requestContext.js';
import { cardMedia } from '../watermarks/watermark.previews.js';
import { visibleBrand } from '../brands/brandAccess.js';
import { keptPerGeneration } from './search.kept.js';
import { resolveColumns, resolveFields } from './search.fields.js';
import { fieldDisplays } from '../metadata/fieldDisplay.js';
// eslint-disable-next-line no-restricted-syntax -- shares the searcher's conditions: built over deps.handle like searchRepo
import { searchFieldsRepo } from './search.fields.repo.js';
import { addDays, dayOf } from '../availability/availability.rule.js';
import type { Clock } from '../../lib/clock.js';
import type { FieldFacet } from './search.fields.repo.js';
import { shownFrom } from '../labels/labels.words.js';

type Body = z.output<typeof AssetSearchBody>;

export interface SearchOptions {
  /** Totals are exact up to this, then reported as this with `total_capped`. */
  exactTotal?: number;
  /** Beyond the exact total, facets are counted over this many first matches. */
  facetSample?: number;
  /** Values kept per facet, most frequent first. */
  facetValues?: number;
  /** SQLite: above this many documents for the words, a capped page walks the sort index. */
  commonWordDocs?: number;
  /** SQLite: a common word's walk reads its document set once it would ask FTS5 about more rows than this. */
  wordSetFromRows?: number;
}

/**
 * The order of a sort: name asc/desc by the name's sort key (`name_lc`: case and accents
 * folded, then the name itself; migration 2026112601); name with latest/oldest by date. Date:
 * asc/oldest oldest first, desc/latest newest first; the date is the upload date (created_at).
 * Type: by type (asc a to z, desc z to a), then by the name's sort key in the same direction;
 * latest/oldest by date, as for the name. Size: asc smallest first, desc largest first (bytes of
 * the current version); latest/oldest by date. Ties by id in the same direction.
 */
export function orderOf(sort: Body['sort']): SearchOrder {
  const { attribute, mode } = sort;
  if (attribute === 'name' && (mode === 'asc' || mode === 'desc')) return { key: 'name_lc', dir: mode };
  if (attribute === 'type' && (mode === 'asc' || mode === 'desc')) return { key: 'type', dir: mode };
  if (attribute === 'size' && (mode === 'asc' || mode === 'desc')) return { key: 'size', dir: mode };
  return { key: 'sort_date', dir: mode === 'asc' || mode === 'oldest' ? 'asc' : 'desc' };
}

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The filters of a search body under `folder`: the folder alone, or with its subfolders (the
 * brand's root: the whole brand). Shared with bench/search, which times the same work as SQL.
 */
export function filtersOf(
  folder: { id: number; brand_id: number; parent_id: number | null; path: string },
  body: Body,
  sight: Sight,
  dialect: 'sqlite' | 'postgres',
  /** The day (UTC) "expiring within" counts from: the server clock's. */
  today = dayOf(new Date()),
): SearchFilters {
  const scope: Scope = !body.recursive
    ? { kind: 'folder', folderId: folder.id, brandId: folder.brand_id, path: folder.path }
    : folder.parent_id === null
      ? { kind: 'brand', brandId: folder.brand_id }
      : { kind: 'subtree', brandId: folder.brand_id, path: folder.path };
  return {
    scope,
    withPrivate: sight.withPrivate,
    withPending: sight.withPending ?? false,
    terms: searchTerms(body.q, dialect),
    author: body.author,
    type: body.type,
    categories: body.categories,
    language: body.language,
    extension: body.extension,
    dateFrom: body.date_from ? `${body.date_from}T00:00:00.000Z` : undefined,
    dateBefore: body.date_to ? nextDay(body.date_to) : undefined,
    visibility: body.visibility,
    ...(body.availability?.length ? { availability: [...new Set(body.availability)].sort() } : {}),
    ...(body.expiring_within !== undefined ? { endsBy: addDays(today, body.expiring_within) } : {}),
    ...(body.colours?.length ? { colours: [...new Set(body.colours)].sort() } : {}),
    ...(body.people?.length ? { people: [...new Set(body.people)].sort((a, b) => a - b) } : {}),
  };
}

/**
 * The filters of a search body run outside the searcher (bulk edits, template exports): those of
 * `filtersOf` with the body's field conditions (422 naming wrong ones), or null when the query has
 * no searchable word, which the searcher answers with nothing rather than everything.
 */
export async function searchFiltersOf(
  env: { repos: Repos; db: Db; dialect: Dialect; clock?: Clock },
  folder: Parameters<typeof filtersOf>[0],
  body: Body,
  sight: Sight,
): Promise<SearchFilters | null> {
  const filters = filtersOf(folder, body, sight, env.dialect, env.clock ? dayOf(env.clock.now()) : undefined);
  if (body.q && body.q.trim() && !filters.terms.length) return null;
  const fields = await env.repos.metadata.fieldsOfBrand(folder.brand_id);
  const { descendants } = searchFieldsRepo(env.db, env.dialect);
  const { conds } = await resolveFields(fields, body.fields, body.sort.field, descendants);
  if (conds.length) filters.fields = conds;
  if (body.detected) filters.detected = await detectedOf(env.repos, folder.brand_id, body.detected);
  return filters;
}

/** The "detected" filter (issue 42 §2) under the brand's threshold, which is part of its key. */
async function detectedOf(repos: Repos, brandId: number, labels: string[]): Promise<SearchFilters['detected']> {
  const { object_threshold } = await repos.analysis.settings(brandId);
  return { labels: [...new Set(labels)].sort(), from: shownFrom(object_threshold) };
}

/** The searcher: a folder's assets with filters, sort and facets, as the actor may see them. */
export function searchService(deps: Deps, folders: FoldersService, opts: SearchOptions = {}) {
  const { handle, clock } = deps;
  // Serialised bodies per kept answer: a new generation makes new answers, and these go with the old.
  type Answer = z.output<typeof AssetSearchResponse>;
  const sent = new WeakMap<Found, Map<string, JsonText<Answer>>>();
  const answer = (a: z.input<typeof AssetSearchResponse>) =>
    new JsonText<Answer>(JSON.stringify(AssetSearchResponse.parse(a)));
  const repo = searchRepo(handle.db, handle.dialect, handle.side);
  const fieldsRepo = searchFieldsRepo(handle.db, handle.dialect);
  // The brand's fields and the field facets, kept under the generation (fields bump it too).
  const remember = keptPerGeneration(deps.config.searchCacheEntries);
  const facetValues = opts.facetValues ?? 50;
  const facetSample = opts.facetSample ?? 2000;
  const core = searchCore({
    repo,
    dialect: handle.dialect,
    exactTotal: opts.exactTotal ?? SEARCH_EXACT_TOTAL,
    facetValues,
    cacheEntries: deps.config.searchCacheEntries,
    facetSample: opts.facetSample,
    commonWordDocs: opts.commonWordDocs,
    wordSetFromRows: opts.wordSetFromRows,
  });

  return {
    /**
     * A page of the assets under a folder the actor can see (404 otherwise). Brand, privacy and
     * status are conditions of the SQL itself, so totals and facets never count what the actor
     * may not see.
     */
    async search(ctx: RequestContext, folderId: number, body: Body, page: number, perPage: number) {
      const { actor } = ctx;
      const { folder, searchGeneration } = await folders.visibleWithGeneration(actor, folderId);
      const filters = filtersOf(folder, body, sightOf(actor), handle.dialect, dayOf(clock.now()));
      const brandId = folder.brand_id;
      const fields = await remember(`fields ${brandId}`, searchGeneration, () =>
        deps.repos.metadata.fieldsOfBrand(brandId),
      );
      const { conds, sortField } = await resolveFields(fields, body.fields, body.sort.field, fieldsRepo.descendants);
      if (conds.length) filters.fields = conds;
      if (body.detected) filters.detected = await detectedOf(deps.repos, brandId, body.detected);
      const columns = resolveColumns(fields, body.columns);
      // A query with no searchable word ("!!!") matches nothing rather than everything.
      if (body.q && body.q.trim() && !filters.terms.length)
        return answer({
          items: [],
          total: 0,
          total_capped: false,
          page,
          per_page: perPage,
          facets: repo.emptyFacets(),
          facets_capped: false,
        });
      let found = sortField
        ? await core(brandId, filters, orderOf({ attribute: 'name', mode: 'asc' }), 1, 1, searchGeneration)
        : await core(brandId, filters, orderOf(body.sort), page, perPage, searchGeneration);
      if (sortField) {
        // The count and facets are the kept summary's; the page is ordered by the field's value.
        const dir = body.sort.mode === 'asc' || body.sort.mode === 'oldest' ? 'asc' : 'desc';
        const ids = found.total
          ? await fieldsRepo.pageByField(filters, sortField, dir, perPage, (page - 1) * perPage)
          : [];
        found = { ...found, ids, rows: await repo.rows(ids) };
      }
      const filterFields = fields.filter(
        (x) => x.is_filter && (x.vocabulary_id !== null || x.type === 'number' || x.type === 'date'),
      );
      // Beyond the exact total the field facets count a sample, as the others do when filtered:
      // over a whole 1M-asset brand, counting every match's values took 13 s (bench/fields).
      const fieldsSampled = found.totalCapped && filterFields.length > 0;
      const fieldFacets = await remember(
        `field facets ${brandId} ${JSON.stringify(filters)} ${fieldsSampled}`,
        searchGeneration,
        async () => {
          if (!filterFields.length || !found.total) return {} as Record<string, FieldFacet>;
          const r = await fieldsRepo.facets(filters, filterFields, fieldsSampled ? facetSample : undefined);
          // Lists keep their most frequent values, as the other facets do; a tree keeps its shape.
          for (const x of filterFields)
            if (x.type !== 'tree' && r[x.key]?.options) r[x.key]!.options = r[x.key]!.options!.slice(0, facetValues);
          return r;
        },
      );
      const linkDay = linkExpiry(clock.now());
      const cm = await cardMedia(deps, actor);
      const reply = (items: z.input<typeof AssetSearchResponse>['items']) =>
        answer({
          items,
          total: found.total,
          total_capped: found.totalCapped,
          page,
          per_page: perPage,
          facets: { ...found.facets, fields: fieldFacets },
          facets_capped: found.facetsCapped || fieldsSampled,
        });
      if (columns.length) {
        // Read afresh for every answer: renaming an option changes its label but not the generation.
        const shown = await fieldDisplays(
          deps.repos,
          found.rows.map((a) => a.id),
          columns,
          ctx.lang,
        );
        return reply(
          found.rows.map((a) => ({
            ...assetCard(actor, a, cm),
            field_values: Object.fromEntries(
              columns.flatMap((f) => {
                const v = shown.get(a.id)?.get(f.id);
                return v === undefined ? [] : [[f.key, v]];
              }),
            ),
          })),
        );
      }
      // The body depends only on the kept answer, the caller's abilities and the links' day.
      const key = `${abilitiesKey(actor)} ${linkDay}${cm.tag ? ` ${cm.tag}` : ''}`;
      const bodies = sent.get(found) ?? sent.set(found, new Map()).get(found)!;
      let text = bodies.get(key);
      if (!text) {
        text = reply(found.rows.map((a) => assetCard(actor, a, cm)));
        // One links' day at a time; ability sets of that day share the answer side by side.
        for (const k of bodies.keys()) if (!k.endsWith(` ${linkDay}`)) bodies.delete(k);
        bodies.set(key, text);
      }
      return text;
    },

    /** Per required field of a brand, how many of its assets the caller sees miss a value. */
    async gaps(ctx: RequestContext, brandId: number) {
      await visibleBrand(deps.repos, ctx.actor, brandId);
      const required = (await deps.repos.metadata.fieldsOfBrand(brandId)).filter((x) => x.required);
      const counts = await fieldsRepo.gaps(
        brandId,
        required.map((x) => ({ id: x.id, types: JSON.parse(x.asset_types) as string[] })),
        sightOf(ctx.actor),
      );
      return {
        items: required.map((x, i) => ({
          field_id: x.id,
          key: x.key,
          label_en: x.label_en,
          label_es: x.label_es,
          missing: counts[i]!.missing,
        })),
      };
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;

declare module '../../deps/services.js' {
  interface Services {
    search: ReturnType<typeof searchService>;
  }
}
