/**
 * The sections of a language's texts that the sign-in screens read (signing in, registering, a
 * new password, single sign-on, the two-factor steps) and the messages any screen may show before
 * the rest arrives (errors, offline, not found). They ship in the entry; the rest of English is
 * its own chunk, fetched beside the first signed-in screen's code (i18n/index.ts, app/router.tsx).
 * vite.config.ts reads this list to cut `en.json?first` out of en.json.
 */
export const FIRST_SECTIONS = [
  'auth',
  'common',
  'fields',
  'errors',
  'language',
  'languages',
  'offline',
  'notFound',
  'forbidden',
  'unsaved',
  'dates',
  'pagination',
  'sso',
  'twoFactor',
] as const;
