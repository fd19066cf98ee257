import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { isLang, readStoredLang, storeLang } from '../state/lang';
import first from './en.json?first';

// The sign-in screens' English ships with the app; the rest of English is a chunk the signed-in
// screens wait for (`ensureAllTexts`), and Spanish is one chunk, fetched only by those who read it.
// A copy: adding the rest later merges into the bundle in place, and the module's object stays as built.
export const resources = { en: { translation: structuredClone(first) } } as const;

void i18n.use(initReactI18next).init({
  resources,
  partialBundledLanguages: true,
  lng: readStoredLang(),
  fallbackLng: DEFAULT_LANG,
  supportedLngs: ['en', 'es'],
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
  showSupportNotice: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

let allEnglish: Promise<void> | null = null;

/**
 * Every English text, not only the sign-in screens' (fetched once). Screens other than those wait
 * for it before they render, and it is the fallback of any Spanish text missing.
 */
export function ensureAllTexts(): Promise<void> {
  allEnglish ??= import('./en.json').then(
    ({ default: bundle }) => void i18n.addResourceBundle('en', 'translation', bundle, true, true),
    (error: unknown) => {
      allEnglish = null;
      throw error;
    },
  );
  return allEnglish;
}

/** Fetches `lang`'s texts unless they are already here (the sign-in screens' English always is). */
export async function ensureLang(lang: Lang): Promise<void> {
  if (i18n.hasResourceBundle(lang, 'translation')) return;
  const { default: bundle } = await import('./es.json');
  i18n.addResourceBundle(lang, 'translation', bundle);
}

/** Switches the UI language and remembers it under the `lang` key (spec §1, §9). */
export function applyLang(lang: Lang) {
  storeLang(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  const change = () => {
    if (i18n.language !== lang) void i18n.changeLanguage(lang);
  };
  // Texts already here switch at once; Spanish read for the first time switches when it arrives.
  if (i18n.hasResourceBundle(lang, 'translation')) change();
  else void ensureLang(lang).then(change, change);
}

export default i18n;
