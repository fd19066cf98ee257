/** Screens whose routes exist now and whose content comes with later capabilities. */
export const LATER_FEATURES = ['assetsSync'] as const;
export type LaterFeature = (typeof LATER_FEATURES)[number];

/** Where the menus would lead to those screens: their entries stay hidden until the screens exist. */
export const LATER_TARGETS: ReadonlySet<string> = new Set(['/asset/sync']);
