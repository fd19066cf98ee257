import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANG } from '@brandvault/contract';
import type { Lang } from '@brandvault/contract';
import { isLang, readStoredLang, storeLang } from '../state/lang';
import en from './en.json';
import es from './es.json';

export const resources = { en: { translation: en }, es: { translation: es } } as const;

void i18n.use(initReactI18next).init({
  resources,
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

/** Switches the UI language and remembers it under the `lang` key (spec §1, §9). */
export function applyLang(lang: Lang) {
  storeLang(lang);
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  if (i18n.language !== lang) void i18n.changeLanguage(lang);
}

export default i18n;
