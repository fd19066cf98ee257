/** Business constants of the product specification (§9) shared by server and web. */
export const PRODUCT_NAME = 'Brandvault';

export const LANGS = ['en', 'es'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

/** Local storage keys (§9): the language and the persisted session state. */
export const LANG_STORAGE_KEY = 'lang';
export const STATE_STORAGE_KEY = 'brandvault-state';

export const STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type Status = (typeof STATUSES)[number];

export const VISIBILITIES = ['PUBLIC', 'PRIVATE'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const MENU_VALUES = ['dashboard', 'home', 'change_brand', 'my_collections', 'my_favorites', 'admin'] as const;
export type MenuValue = (typeof MENU_VALUES)[number];

export const DEFAULT_MENU: { order: number; label: string; value: MenuValue }[] = [
  { order: 1, label: 'Dashboard', value: 'dashboard' },
  { order: 2, label: 'Home', value: 'home' },
  { order: 3, label: 'Change Brand', value: 'change_brand' },
  { order: 4, label: 'My Collections', value: 'my_collections' },
  { order: 5, label: 'My Favorites', value: 'my_favorites' },
  { order: 6, label: 'Admin', value: 'admin' },
];

/** Toast durations in milliseconds (§9). */
export const TOAST_MS = {
  login: 4000,
  user: 3000,
  assets: 4500,
  folders: 4500,
  language: 4500,
  templateProcessing: 5000,
  downloads: 8500,
  reportSending: 8500,
} as const;
export const LOGIN_TOAST_WIDTH = 400;

export const LOADING_OVERLAY = { opacity: 0.5, zIndex: 9999 } as const;

/** §9: letters typed in an open menu find an item; the typed text starts over after this pause. */
export const MENU_SEARCH_RESET_MS = 500;

export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const FOLDER_NAME_MAX = 510;

/** Collections (§3): the longest name, and the most asset ids one call adds or removes. */
export const COLLECTION_NAME_MAX = 255;
export const COLLECTION_ASSETS_MAX = 500;

export const USERS_PER_PAGE = 20;
export const MAX_PER_PAGE = 200;

/** Recommended maximum upload (§5, §9): 1.5 GB. */
export const DEFAULT_MAX_UPLOAD_BYTES = 1.5 * 1024 * 1024 * 1024;

/** Wrong passwords for one e-mail from one address within RATE_WINDOW_SECONDS. */
export const LOGIN_MAX_ATTEMPTS = 5;
export const RATE_WINDOW_SECONDS = 60;
/**
 * One account, from any address: from the 5th failure in a row each try waits twice as long as
 * the last (1, 2, 4, 8 s...), and the 10th locks sign-in for 15 minutes and tells the owner.
 */
export const LOGIN_ACCOUNT_SLOW_FROM = 5;
export const LOGIN_ACCOUNT_LOCK_AT = 10;
export const LOGIN_LOCK_MINUTES = 15;
/** Sign-in attempts one address may make across all accounts in ten minutes. */
export const LOGIN_IP_MAX = 60;
export const LOGIN_IP_WINDOW_SECONDS = 600;
export const RESET_TOKEN_MINUTES = 60;
export const VERIFY_LINK_MINUTES = 60 * 24;
/**
 * A signed link to an original lives this long: enough to start the download or playback the
 * view was read for (the web app reads the view again before it runs out), short for a leaked one.
 */
export const DOWNLOAD_LINK_MINUTES = 10;

/**
 * The onboarding tour (§9): it starts this long after the brand chooser settles, and its searcher
 * steps follow this long after a brand card is clicked.
 */
export const TOUR_START_MS = 1000;
export const TOUR_SEARCHER_MS = 2000;

/** Shortcuts (§3, §5, §9). */
export const SHORTCUT_NAME_MAX = 255;
/** How long the main overlay shows when a shortcut is opened, in milliseconds. */
export const SHORTCUT_ACCESS_MS = 800;
/** The shortcut dialog: its width by breakpoint and its layer. */
export const SHORTCUT_DIALOG = {
  width: '25vw',
  widthBelow960: '85vw',
  widthBelow640: '90vw',
  zIndex: 1200,
} as const;
/**
 * What a shortcut points at, as the namespaced class name of spec §3: the third segment,
 * lowercased, is the kind.
 */
export const SHORTABLE_TYPES = { asset: 'App\\Models\\Asset', folder: 'App\\Models\\Folder' } as const;
export type ShortableKind = keyof typeof SHORTABLE_TYPES;
export type ShortableType = (typeof SHORTABLE_TYPES)[ShortableKind];

/** Why a single sign-on was refused: the sign-in page says it in the reader's language. */
export const SSO_ERRORS = [
  'unreachable',
  'state',
  'refused',
  'token',
  'email',
  'domain',
  'signup',
  'account',
  'disabled',
] as const;
export type SsoError = (typeof SSO_ERRORS)[number];
