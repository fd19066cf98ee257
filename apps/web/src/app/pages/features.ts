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
