import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearch, writeSearch } from './searchState';
import type { SearchState } from './searchState';

/**
 * The searcher's state is the URL: back, forward and reload keep it. Filter and sort changes
 * push a history entry; typing replaces the current one (after the first push of a new search)
 * so Back does not replay every letter.
 */
export function useSearchUrl() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for the params' content.
  const state = useMemo(() => parseSearch(params), [key]);

  const set = (next: SearchState, replace = false) => setParams((prev) => writeSearch(prev, next), { replace });

  return { state, set, params, setParams };
}
