import { SEARCH_EXACT_TOTAL } from '@brandvault/contract';
import type { AssetSearchBody } from '@brandvault/contract';
import type { z } from 'zod';
import type { Deps } from '../../services.js';
import type { Actor } from '../auth/actor.js';
import { seesPrivate } from '../assets/assets.policy.js';
import { assetCard } from '../assets/assets.view.js';
import type { FoldersService } from '../folders/folders.service.js';
import { searchRepo, searchTerms } from './search.repo.js';
import type { Scope, SearchOrder } from './search.repo.js';

type Body = z.output<typeof AssetSearchBody>;

export interface SearchOptions {
  /** Totals are exact up to this, then reported as this with `total_capped`. */
  exactTotal?: number;
  /** Facets are counted over at most this many matching rows. */
  facetRows?: number;
  /** Values kept per facet, most frequent first. */
  facetValues?: number;
}

/**
 * Sorts: name asc/desc by lower-cased name; name with latest/oldest sorts by date. Date:
 * asc/oldest oldest first, desc/latest newest first. The date is the upload date (created_at).
 * Ties by id in the same direction.
 */
export function orderOf(sort: Body['sort']): SearchOrder {
  const { attribute, mode } = sort;
  if (attribute === 'name' && (mode === 'asc' || mode === 'desc')) return { key: 'name_lc', dir: mode };
  return { key: 'sort_date', dir: mode === 'asc' || mode === 'oldest' ? 'asc' : 'desc' };
}

const nextDay = (d: string) => new Date(Date.parse(`${d}T00:00:00.000Z`) + 86_400_000).toISOString();

export function searchService(deps: Deps, folders: FoldersService, opts: SearchOptions = {}) {
  const { handle, media } = deps;
  const repo = searchRepo(handle.db, handle.dialect);
  const exactTotal = opts.exactTotal ?? SEARCH_EXACT_TOTAL;
  const facetRows = opts.facetRows ?? SEARCH_EXACT_TOTAL;
  const facetValues = opts.facetValues ?? 50;

  return {
    /**
     * A page of the assets under a folder the actor can see (404 otherwise). Brand, privacy and
     * status are conditions of the SQL itself, so totals and facets never count what the actor
     * may not see.
     */
    async search(actor: Actor, folderId: number, body: Body, page: number, perPage: number) {
      const folder = await folders.visible(actor, folderId);
      const scope: Scope = !body.recursive
        ? { kind: 'folder', folderId: folder.id }
        : folder.parent_id === null
          ? { kind: 'brand', brandId: folder.brand_id }
          : { kind: 'subtree', brandId: folder.brand_id, path: folder.path };
      const filters = {
        scope,
        withPrivate: seesPrivate(actor),
        terms: searchTerms(body.q, handle.dialect),
        author: body.author,
        type: body.type,
        categories: body.categories,
        language: body.language,
        extension: body.extension,
        dateFrom: body.date_from ? `${body.date_from}T00:00:00.000Z` : undefined,
        dateBefore: body.date_to ? nextDay(body.date_to) : undefined,
        visibility: body.visibility,
      };
      // A query with no searchable word ("!!!") matches nothing rather than everything.
      if (body.q && body.q.trim() && !filters.terms.length)
        return {
          items: [],
          total: 0,
          total_capped: false,
          page,
          per_page: perPage,
          facets: { author: [], type: [], category: [], language: [], extension: [] },
        };
      const order = orderOf(body.sort);
      const [ids, counted, facets] = await Promise.all([
        repo.page(filters, order, perPage, (page - 1) * perPage),
        repo.count(filters, exactTotal),
        repo.facets(filters, facetRows, facetValues),
      ]);
      const rows = await repo.rows(ids);
      return {
        items: rows.map((a) => assetCard(actor, a, media)),
        total: Math.min(counted, exactTotal),
        total_capped: counted > exactTotal,
        page,
        per_page: perPage,
        facets,
      };
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;
