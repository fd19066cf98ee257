import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const e2e = fileURLToPath(new URL('..', import.meta.url));

/**
 * The one folder a run leaves behind: each failing journey's trace, screenshots and server.log in a
 * folder of its own, and the server's whole log beside them.
 */
export const RESULTS_DIR = join(e2e, 'test-results');

/** The server's output (LOG_LEVEL info: every request with its id) for the whole run. */
export const SERVER_LOG = join(RESULTS_DIR, 'server.log');

/** The repository's root, where the built server and web app are. */
export const REPO_ROOT = join(e2e, '..');
