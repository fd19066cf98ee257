#!/usr/bin/env node
// CI cannot run containers, so this runs what the Dockerfile runs, read from the Dockerfile itself:
// on a copy of the checkout (tracked and untracked files, as `COPY . .` with .gitignore's
// exclusions) it runs every RUN instruction that is the project's own (apt-get lines install
// Debian packages: CI has them already), with the image's ENV, then starts the final CMD (the
// compiled server) and the worker command of compose.yaml, and checks that the server answers
// /api/health, the web app and /api/docs, and that both stop cleanly on SIGTERM.
//   node scripts/docker-commands.mjs [--keep]
// --in-place skips the copy and the RUN lines and starts the commands in this checkout, already
// built (`npm run build`): a quick check of the run half.
// Not exercised here: the base image, the non-root user, the volumes and compose's services.
/* global fetch */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { clearTimeout } from 'node:timers';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { recordStep } from './ci-steps.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const keep = process.argv.includes('--keep');
const inPlace = process.argv.includes('--in-place');
const started = Date.now();

/** The Dockerfile's instructions, continuation lines joined, comments left out. */
function instructions(text) {
  const out = [];
  let current = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!current && (line === '' || line.startsWith('#'))) continue;
    current += (current ? ' ' : '') + line.replace(/\\$/, '').trim();
    if (!line.endsWith('\\')) {
      const [, op, rest] = /^(\w+)\s+(.*)$/.exec(current) ?? [];
      if (op) out.push({ op: op.toUpperCase(), rest });
      current = '';
    }
  }
  return out;
}

const dockerfile = instructions(readFileSync(join(root, 'Dockerfile'), 'utf8'));
// Each RUN with the ENV set before it in its stage (a FROM starts afresh), as Docker runs it: the
// final stage's NODE_ENV=production must not reach the build stage's `npm ci`.
const runs = [];
let env = {};
for (const i of dockerfile) {
  if (i.op === 'FROM') env = {};
  else if (i.op === 'ENV')
    for (const [, k, v] of i.rest.matchAll(/(\w+)=("[^"]*"|\S+)/g)) env[k] = v.replace(/^"|"$/g, '');
  else if (i.op === 'RUN' && !/\bapt-get\b/.test(i.rest)) runs.push({ line: i.rest, env: { ...env } });
}
const cmd = JSON.parse(dockerfile.filter((i) => i.op === 'CMD').at(-1).rest);
const compose = readFileSync(join(root, 'compose.yaml'), 'utf8');
const workerCmd = JSON.parse(
  /\n {2}worker:\n(?: {4}.*\n)*? {4}command: (\[.*\])/.exec(compose)[1].replaceAll("'", '"'),
);

const dir = mkdtempSync(join(tmpdir(), 'bv-docker-'));
const app = inPlace ? root : join(dir, 'app');
const data = join(dir, 'data');
let failed = null;
const children = [];
try {
  // COPY . . (what git would ship: no node_modules, dist or data).
  const listed = inPlace
    ? { status: 0, stdout: '' }
    : spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
        cwd: root,
        encoding: 'utf8',
      });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const f of listed.stdout.split('\0').filter(Boolean)) {
    mkdirSync(dirname(join(app, f)), { recursive: true });
    try {
      cpSync(join(root, f), join(app, f));
    } catch (err) {
      if (err.code !== 'ENOENT') throw err; // deleted but not yet committed
    }
  }
  for (const { line, env: runEnv } of inPlace ? [] : runs) {
    console.log(`docker-commands: RUN ${line}`);
    const r = spawnSync('sh', ['-c', line], { cwd: app, stdio: 'inherit', env: { ...process.env, ...runEnv } });
    if (r.status !== 0) throw new Error(`RUN ${line} exited with ${r.status ?? r.signal}`);
  }

  const port = await freePort();
  const runEnv = {
    ...process.env,
    ...env,
    DATA_DIR: data,
    PORT: String(port),
    HOST: '127.0.0.1',
    WEB_CONCURRENCY: '1',
  };
  console.log(`docker-commands: CMD ${cmd.join(' ')}`);
  const server = start(cmd, runEnv);
  await waitFor(`http://127.0.0.1:${port}/api/health`, server, 120_000);
  for (const [path, type] of [
    ['/', 'text/html'],
    ['/api/docs', 'application/json'],
  ]) {
    const r = await fetch(`http://127.0.0.1:${port}${path}`);
    if (!r.ok || !r.headers.get('content-type')?.startsWith(type))
      throw new Error(`GET ${path} answered ${r.status} ${r.headers.get('content-type')}`);
  }
  console.log(`docker-commands: worker ${workerCmd.join(' ')}`);
  const worker = start(workerCmd, runEnv);
  // The worker has started when it is still running a moment after the server has migrated.
  await new Promise((r) => setTimeout(r, 3000));
  if (worker.exitCode !== null) throw new Error(`the worker exited at start (${worker.exitCode})`);
  for (const [name, child] of [
    ['worker', worker],
    ['server', server],
  ]) {
    const code = await stop(child);
    if (code !== 0) throw new Error(`the ${name} did not stop cleanly on SIGTERM (${code})`);
  }
  console.log(
    `docker-commands: ${inPlace ? '' : 'the Dockerfile build ran, '}the server answered, server and worker stopped cleanly`,
  );
} catch (err) {
  failed = err;
  console.error(`docker-commands: ${err.message}`);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  if (!keep) rmSync(dir, { recursive: true, force: true });
  else console.log(`docker-commands: kept ${dir}`);
}
recordStep(
  inPlace ? 'Dockerfile CMD and worker (in place)' : 'Dockerfile commands (copy)',
  (Date.now() - started) / 1000,
  failed ? 'FAIL' : 'ok',
  failed?.message ?? '',
);
process.exit(failed ? 1 : 0);

function start([bin, ...args], childEnv) {
  const child = spawn(bin === 'node' ? process.execPath : bin, args, { cwd: app, env: childEnv, stdio: 'inherit' });
  children.push(child);
  return child;
}

function stop(child) {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
    child.kill('SIGTERM');
  });
}

async function waitFor(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited at start (${child.exitCode})`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}
