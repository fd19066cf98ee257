import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const root = new URL('..', import.meta.url).pathname;

/** Runs a command with inherited output; resolves to its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', cwd: root, ...opts, env: { ...process.env, ...opts.env } });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) if (entry !== 'node_modules') max = Math.max(max, newest(join(path, entry)));
  return max;
}

/** The web build is stale when any of its sources (or the contract) is newer than dist/index.html. */
export function webBuildIsStale() {
  const built = join(root, 'apps/web/dist/index.html');
  if (!existsSync(built)) return true;
  const sources = [
    'apps/web/src',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/contract/src',
  ];
  return Math.max(...sources.map((s) => newest(join(root, s)))) > statSync(built).mtimeMs;
}

export async function buildWebIfStale() {
  if (!webBuildIsStale()) return 0;
  console.log('Building the web app…');
  return run('npm', ['run', 'build', '-w', 'apps/web']);
}

/** The compiled server's sources: its own, the contract's, and what decides how they are built. */
const serverSources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/contract/src',
  'packages/contract/package.json',
  'scripts/build-server.mjs',
];

/** The server build is stale when it is missing or any of its sources is newer than its stamp. */
export function serverBuildIsStale() {
  const stamp = join(root, 'apps/server/dist/.built');
  if (!existsSync(stamp) || !existsSync(join(root, 'packages/contract/dist/index.js'))) return true;
  return Math.max(...serverSources.map((s) => newest(join(root, s)))) > statSync(stamp).mtimeMs;
}

export async function buildServerIfStale() {
  if (!serverBuildIsStale()) return 0;
  console.log('Building the server…');
  return run('npm', ['run', 'build', '-w', 'apps/server']);
}

/**
 * Node's arguments for the compiled server: the contract resolves to its JavaScript build too,
 * and V8's old space is bounded at 1 GiB. Below 2 GiB V8 lets the heap grow to 1.3–2 times what
 * survives a collection instead of 4 times, so a burst of garbage (a 50,000-row template) no
 * longer leaves hundreds of MB of heap behind: with a live heap under 100 MB the heap stayed
 * under 150 MB instead of reaching 300 (issue 43 §6). Keep Dockerfile, compose.yaml and deploy/ alike.
 */
export const compiledNodeArgs = ['--conditions=brandvault-dist', '--max-old-space-size=1024'];

/**
 * Tallies a vitest JSON report, with each failing test (or file that failed to load) named with
 * its first message line: CI keeps only the tail of a long log, so the summary has to say it.
 */
export function vitestCounts(file) {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    const short = (name) => name.split('/apps/server/')[1] ?? name.split('/apps/web/')[1] ?? name;
    const first = (msg) => (msg ?? '').split('\n')[0].slice(0, 300);
    const failures = (r.testResults ?? []).flatMap((f) => {
      const tests = (f.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (tests.length) return tests.map((a) => `${short(f.name)}: ${a.fullName}: ${first(a.failureMessages?.[0])}`);
      return f.status === 'failed' ? [`${short(f.name)}: ${first(f.message) || 'the file failed'}`] : [];
    });
    const failedFiles = (r.testResults ?? [])
      .filter((f) => f.status === 'failed' || (f.assertionResults ?? []).some((a) => a.status === 'failed'))
      .map((f) => f.name);
    return {
      passed: r.numPassedTests,
      failed: Math.max(r.numFailedTests, failures.length),
      skipped: r.numPendingTests + r.numTodoTests,
      failures,
      failedFiles,
    };
  } catch {
    return undefined;
  }
}
