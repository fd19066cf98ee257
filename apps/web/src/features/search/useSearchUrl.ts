import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseSearch, writeSearch } from './searchState';
import type { SearchState } from './searchState';

/** Keystrokes settle for this long before they become a request (and a URL change). */
export const TYPING_DEBOUNCE_MS = 300;

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

/** The search box text: immediate for the input, debounced into the URL. */
export function useDebouncedQuery(urlQuery: string, commit: (q: string) => void) {
  const [draft, setDraft] = useState({ url: urlQuery, text: urlQuery });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // Back/forward (or a cleared filter) changed the URL under us: show what the URL says.
  let text = draft.text;
  if (draft.url !== urlQuery) {
    text = urlQuery;
    setDraft({ url: urlQuery, text: urlQuery });
  }

  const change = (value: string) => {
    setDraft({ url: urlQuery, text: value });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      // The URL is about to say `value`: that is not an outside change to undo typing with.
      setDraft((d) => ({ ...d, url: value }));
      commitRef.current(value);
    }, TYPING_DEBOUNCE_MS);
  };
  /** Commits now (Enter, the clear button) instead of after the pause. */
  const flush = (value: string = text) => {
    clearTimeout(timer.current);
    setDraft({ url: value, text: value });
    if (value !== urlQuery) commitRef.current(value);
  };
  return { text, change, flush };
}
