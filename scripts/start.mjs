// `npm start` (or `npm start worker`): builds the web app and the server when missing or stale,
// then runs the compiled server (which migrates, seeds on first start, and serves web and API on
// one port), or the job worker alone.
import { buildServerIfStale, buildWebIfStale, compiledNodeArgs, root, run } from './lib.mjs';

const worker = process.argv[2] === 'worker';
if (!worker && (await buildWebIfStale()) !== 0) process.exit(1);
if ((await buildServerIfStale()) !== 0) process.exit(1);
const entry = worker ? 'apps/server/dist/worker.js' : 'apps/server/dist/main.js';
const code = await run(process.execPath, [...compiledNodeArgs, entry], { cwd: root });
process.exit(code);
