import type { SavedSearch } from '@brandvault/contract';
import { fromBody, writeSearch } from '../search/searchState';

/** The searcher's address that reopens a saved search: its folder, then its filters as URL state. */
export function savedSearchUrl(s: Pick<SavedSearch, 'folder_id' | 'search'>): string {
  const base = new URLSearchParams({ folder: String(s.folder_id) });
  const params = s.search ? writeSearch(base, fromBody(s.search)) : base;
  return `/brand?${params.toString()}`;
}
