// `npm run backup -- [folder] [--with-blobs]`: a consistent copy of the SQLite database (online:
// the app may keep running) into `folder` (default ./backups/<time>), and what else to keep. On
// PostgreSQL it prints the pg_dump command instead.
import { join } from 'node:path';
import { loadConfig } from '../config/config.js';
import { backup } from '../ops/backup.js';

const args = process.argv.slice(2);
const folder = args.find((a) => !a.startsWith('--')) ?? join('backups', new Date().toISOString().replace(/[:.]/g, '-'));
try {
  const report = await backup(loadConfig(), folder, { withBlobs: args.includes('--with-blobs') });
  console.log(report.lines.join('\n'));
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
}
