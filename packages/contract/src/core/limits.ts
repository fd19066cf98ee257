/**
 * Limits that the field messages name (fieldMessages.ts) as well as the schemas that enforce them.
 * They live here, apart from their schemas, so the sign-in page's messages do not pull in the
 * assets', downloads' or reports' schemas; each schema module re-exports its own.
 */

/** The largest output side of a cropped download, in pixels. */
export const CROP_MAX_SIDE = 16384;

/** The most pixels a cropped download may have (an upscaled 10,000 × 10,000 image), so one request cannot exhaust memory. */
export const CROP_MAX_PIXELS = 100_000_000;

/** The most mentions one comment may hold. */
export const COMMENT_MENTIONS_MAX = 50;

/** One archive holds at most this many files… */
export const DOWNLOAD_MAX_FILES = 10_000;

/** …and at most this many bytes of originals (50 GiB). */
export const DOWNLOAD_MAX_BYTES = 50 * 1024 ** 3;

/** A PDF shows at most this many assets (each is a page or a contact-sheet cell). */
export const DOWNLOAD_PDF_MAX_ASSETS = 500;

/** The most assets one bulk edit reaches (a selection, a folder or a search result). */
export const BULK_EDIT_MAX = 10_000;

/** The furthest a request may run, from now, in days. */
export const UPLOAD_REQUEST_MAX_DAYS = 365;

/** Spreadsheet templates (§1, §3, §4): what one file may hold, checked before anything is scheduled. */
export const TEMPLATE_MAX_BYTES = 10 * 1024 * 1024;
export const TEMPLATE_MAX_ROWS = 50_000;
export const TEMPLATE_MAX_COLUMNS = 50;

/** An apply may be deferred at most this far ahead (e.g. "tonight"). */
export const IMPORT_SCHEDULE_MAX_DAYS = 7;
