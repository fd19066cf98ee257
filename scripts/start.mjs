// `npm start`: builds the web app when missing or stale, then runs the server (which migrates,
// seeds on first start, and serves web and API on one port).
import { buildWebIfStale, root, run } from './lib.mjs';

if ((await buildWebIfStale()) !== 0) process.exit(1);
const code = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root });
process.exit(code);
