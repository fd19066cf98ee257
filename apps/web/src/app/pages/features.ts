/** Screens whose routes exist now and whose content comes with later capabilities. */
export const LATER_FEATURES = [
  'publicCollection',
  'sharedCollection',
  'collections',
  'collection',
  'usersCreate',
  'usersEdit',
  'brands',
  'brandHome',
  'assetsManage',
  'assetsSync',
  'roles',
  'shareLinks',
  'audit',
  'extensions',
  'dashboard',
] as const;
export type LaterFeature = (typeof LATER_FEATURES)[number];

/** Where the menus would lead to those screens: their entries stay hidden until the screens exist. */
export const LATER_TARGETS: ReadonlySet<string> = new Set([
  '/dashboard',
  '/collections/own',
  '/collections/own/favorites',
  '/asset/manager',
  '/asset/sync',
  '/roles/manage',
  '/share-link/manage',
  '/audit/all',
  '/extension/all',
]);
