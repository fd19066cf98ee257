// `npm run build -w apps/server`: the server and the contract as JavaScript, one file per module
// and the layout kept, so Node runs them without tsx and paths read from import.meta.url still
// hold (migrations' .sql files, the decoder worker, ../../web/dist). esbuild rather than tsc:
// it transpiles without type-checking (typecheck is its own step) in about a second.
import { build } from 'esbuild';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where each build goes; the server's stamp is written last, so a build cut short stays stale. */
export const serverDist = join(root, 'apps/server/dist');
export const serverStamp = join(serverDist, '.built');
export const contractDist = join(root, 'packages/contract/dist');

/** Every file under `dir`, as paths relative to it, tests left out. */
function files(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.test\.ts$/.test(e.name))
    .map((e) => relative(dir, join(e.parentPath, e.name)));
}

async function transpile(src, out) {
  rmSync(out, { recursive: true, force: true });
  const all = files(src);
  await build({
    entryPoints: all.filter((f) => f.endsWith('.ts')).map((f) => join(src, f)),
    outdir: out,
    outbase: src,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  // Data files read beside their module (the baseline migration's SQL, the schema dumps).
  for (const f of all.filter((f) => f.endsWith('.sql'))) {
    mkdirSync(dirname(join(out, f)), { recursive: true });
    cpSync(join(src, f), join(out, f));
  }
}

export async function buildServer() {
  const started = Date.now();
  await transpile(join(root, 'packages/contract/src'), contractDist);
  await transpile(join(root, 'apps/server/src'), serverDist);
  writeFileSync(serverStamp, new Date().toISOString() + '\n');
  console.log(`Server built into apps/server/dist in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
