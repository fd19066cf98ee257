import { useEffect, useRef, useState } from 'react';

/** Keystrokes settle for this long before they reach the URL (and the API). */
export const TYPING_DEBOUNCE_MS = 300;

export interface DebouncedInputOptions {
  /** Commit the text without its surrounding spaces (the box keeps them while typing). */
  trim?: boolean;
}

/**
 * A text box bound to a URL value (the search box, a table's text filters): the box follows
 * every keystroke, the URL gets the text once typing pauses. When the URL changes under it
 * (back/forward, "clear filters"), the box shows what the URL says.
 */
export function useDebouncedInput(
  urlValue: string,
  commit: (value: string) => void,
  { trim = false }: DebouncedInputOptions = {},
) {
  const [draft, setDraft] = useState({ url: urlValue, text: urlValue });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const commitRef = useRef(commit);
  useEffect(() => {
    commitRef.current = commit;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  const settle = (value: string) => (trim ? value.trim() : value);

  let text = draft.text;
  if (draft.url !== urlValue) {
    clearTimeout(timer.current);
    text = urlValue;
    setDraft({ url: urlValue, text: urlValue });
  }

  const change = (value: string) => {
    setDraft({ url: urlValue, text: value });
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const next = settle(value);
      // The URL is about to say `next`: not an outside change to undo the typing with.
      setDraft((d) => ({ ...d, url: next }));
      if (next !== urlValue) commitRef.current(next);
    }, TYPING_DEBOUNCE_MS);
  };

  /** Commits now (Enter, the clear button) instead of after the pause. */
  const flush = (value: string = text) => {
    clearTimeout(timer.current);
    const next = settle(value);
    setDraft({ url: next, text: value });
    if (next !== urlValue) commitRef.current(next);
  };

  return { text, change, flush };
}
