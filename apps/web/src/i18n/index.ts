import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { isLang, readStoredLang, storeLang } from '../state/lang';
import en from './en.json';

// English ships with the app; Spanish is its own chunk, fetched only by those who read it.
export const resources = { en: { translation: en } } as const;

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

/** Fetches `lang`'s texts unless they are already here (English always is). */
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
