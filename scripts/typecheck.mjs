// `npm run typecheck`: every TypeScript project, two compilers at a time (tsc uses one core, and
// the projects do not build on each other's output). Each project's errors print together.
import { spawn } from 'node:child_process';
import { cpus } from 'node:os';
import { root } from './lib.mjs';

const projects = ['apps/server', 'apps/web', 'e2e', 'bench', 'packages/contract'];
const tsc = new URL('../node_modules/typescript/bin/tsc', import.meta.url).pathname;

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('exit', (code) => {
      const secs = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok  ' : 'FAIL'} tsc -p ${project} (${secs}s)`);
      if (out.trim()) console.log(out.trimEnd());
      resolve(code ?? 1);
    });
  });
}

const queue = [...projects];
let failed = 0;
const lanes = Array.from({ length: Math.min(2, cpus().length) }, async () => {
  for (let p = queue.shift(); p; p = queue.shift()) if ((await check(p)) !== 0) failed++;
});
await Promise.all(lanes);
process.exit(failed ? 1 : 0);
