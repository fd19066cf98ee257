// `DATA_DIR=<empty folder> npm run restore -- <backup folder>`: puts a backup made by
// `npm run backup` into an empty data directory (a non-empty one is refused).
import { loadConfig } from '../config/config.js';
import { restore } from '../ops/backup.js';

const folder = process.argv.slice(2).find((a) => !a.startsWith('--'));
if (!folder) {
  console.error('Usage: DATA_DIR=<an empty folder> npm run restore -- <backup folder>');
  process.exit(2);
}
try {
  console.log((await restore(loadConfig(), folder)).join('\n'));
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
