import type { QueryClient } from '@tanstack/react-query';
import { brandQuery } from '../brands/api';
import { folderQuery } from '../folders/api';
import { assetSearchQuery, firstPageSize } from '../search/api';
import { datesReversed, parseSearch, toBody } from '../search/searchState';
import { VIEW_STORAGE_KEY, listColumnsKey } from '../search/viewKeys';

/** A value the screen keeps in this browser (Mantine's useLocalStorage writes JSON), or `fallback`. */
function stored(key: string, fallback: unknown): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as unknown);
  } catch {
    return fallback;
  }
}

/**
 * The searcher's first page, as the screen will ask for it: the URL's search, a screenful of cards.
 * Not when the screen waits before asking (chosen list columns wait for the brand's fields, a
 * reversed date range asks for nothing).
 */
function prefetchFirstPage(client: QueryClient, brandId: number, folderId: number, params: URLSearchParams) {
  const state = parseSearch(params);
  if (datesReversed(state)) return Promise.resolve();
  const columns = stored(listColumnsKey(brandId), []);
  if (stored(VIEW_STORAGE_KEY, 'grid') === 'list' && Array.isArray(columns) && columns.length > 0)
    return Promise.resolve();
  return client.prefetchInfiniteQuery(assetSearchQuery(folderId, toBody(state), firstPageSize()));
}

/**
 * The brand home's first calls, started from its route's loader beside the session call and the
 * screen's own code instead of after them: the brand (which names its top folder), then the folder
 * the URL opens and its first page of cards, side by side. The screen's hooks find them in the
 * cache (same keys and functions).
 */
export async function prefetchBrandHome(client: QueryClient, brandId: number, params: URLSearchParams) {
  const brand = client.fetchQuery(brandQuery(brandId)).catch(() => undefined);
  const asked = Number(params.get('folder'));
  const folderId = Number.isInteger(asked) && asked > 0 ? asked : (await brand)?.brand.root_folder_id;
  if (folderId === undefined) return;
  await Promise.all([
    client.prefetchQuery(folderQuery(folderId)),
    prefetchFirstPage(client, brandId, folderId, params),
  ]);
}
