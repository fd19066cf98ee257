import { DEFAULT_LANG, LANGS, LANG_STORAGE_KEY } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function readStoredLang(): Lang {
  try {
    const v = localStorage.getItem(LANG_STORAGE_KEY);
    return isLang(v) ? v : DEFAULT_LANG;
  } catch {
    return DEFAULT_LANG;
  }
}

export function storeLang(lang: Lang) {
  try {
    localStorage.setItem(LANG_STORAGE_KEY, lang);
  } catch {
    // Private mode or a full quota: the language still applies for this visit.
  }
}

// A choice made on the signed-out pages, per tab: the language left by an earlier user is no choice.
const CHOSEN_KEY = 'lang-chosen';

/** Remembers that the reader picked `lang` before signing in (survives reloads of this tab). */
export function markLangChosen(lang: Lang) {
  try {
    sessionStorage.setItem(CHOSEN_KEY, lang);
  } catch {
    // Without session storage the choice lasts until sign-in only through the `lang` key.
  }
}

/** The language picked before signing in, if any; forgotten once read (sign-in adopts it). */
export function takeChosenLang(): Lang | null {
  try {
    const v = sessionStorage.getItem(CHOSEN_KEY);
    sessionStorage.removeItem(CHOSEN_KEY);
    return isLang(v) ? v : null;
  } catch {
    return null;
  }
}
