import type { Lang } from '@brandvault/contract';
import { applyLang } from '../i18n';
import { takeChosenLang } from '../state/lang';

/**
 * The language a new session speaks: one picked on the signed-out pages wins over the account's
 * and is saved on it (`save`), so signing in, and any reload after, does not switch the reader back.
 */
export function adoptSessionLang(accountLang: Lang, save: (lang: Lang) => Promise<unknown>): Lang {
  const lang = takeChosenLang() ?? accountLang;
  applyLang(lang);
  // A failed save only costs the account's copy: this browser keeps the choice under `lang`.
  if (lang !== accountLang) void save(lang).catch(() => undefined);
  return lang;
}
