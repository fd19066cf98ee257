// How the web app's resumable uploads travel; bench/upload sends its small files with these too,
// so its figures are what people get.

/** Bytes per PATCH of a large file. */
export const TUS_CHUNK_SIZE = 8 * 1024 * 1024;
/** Files sent side by side from the upload dialog. */
export const TUS_PARALLEL_FILES = 4;
export const TUS_RETRY_DELAYS = [0, 1000, 3000, 5000, 10000];

/**
 * A file that fits in one chunk goes with the POST that creates its upload (tus
 * creation-with-upload): one round trip instead of two. Larger files create their upload first, so
 * a refusal (a wrong field, no right to the folder) comes before any of their bytes.
 */
export const sendsWithCreation = (size: number | null | undefined) => size != null && size <= TUS_CHUNK_SIZE;
