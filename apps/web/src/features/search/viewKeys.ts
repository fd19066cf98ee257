// Where the searcher's view choices live in this browser, apart from their hooks: the brand home's
// loader reads them before the screen's code has arrived.

/** Grid or list, for every brand. */
export const VIEW_STORAGE_KEY = 'brandvault-search-view';

/** Per brand: each brand has its own fields, and people settle on the columns they need there. */
export const listColumnsKey = (brandId: number) => `brandvault-list-columns-${brandId}`;
