import type { AssetSearchResponse } from '@brandvault/contract';
import { LIST_FILTERS } from './searchState';
import type { ListFilter, SearchState } from './searchState';

export type Facets = AssetSearchResponse['facets'];

/** The response names the themes facet in the singular. */
export const FACET_OF: Record<ListFilter, Exclude<keyof Facets, 'fields'>> = {
  author: 'author',
  type: 'type',
  categories: 'category',
  language: 'language',
  extension: 'extension',
};

/**
 * The panel's facets: OR within a field, AND across fields. A field with ticked values lists the
 * counts of the search without its own filter (`own`), so its other values stay with the counts
 * ticking them would add; every other field counts the search as it is (`main`). Until a field's
 * own answer arrives it keeps the main one, which at least lists the ticked values.
 */
export function combineFacets(
  state: SearchState,
  main: Facets | undefined,
  own: Partial<Record<ListFilter, Facets | undefined>>,
): Facets | undefined {
  if (!main) return undefined;
  const facets = { ...main };
  for (const f of LIST_FILTERS) {
    const counts = state[f].length ? own[f]?.[FACET_OF[f]] : undefined;
    if (counts) facets[FACET_OF[f]] = counts;
  }
  return facets;
}
