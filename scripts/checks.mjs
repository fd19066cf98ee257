#!/usr/bin/env node
// The static checks: the five TypeScript projects, ESLint with dependency-cruiser, and Prettier's
// check. Each uses one core and none needs another's output, so they run two at a time, the
// longest first; each prints its output whole when it ends, never interleaved with another's.
//   node scripts/checks.mjs            every check (CI's "typecheck, lint and format" step)
//   node scripts/checks.mjs typecheck  the TypeScript projects only (`npm run typecheck`)
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { root } from './lib.mjs';

const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const prettier = fileURLToPath(new URL('../node_modules/prettier/bin/prettier.cjs', import.meta.url));

/** One TypeScript project; colours only on a terminal, since the output is read after the fact. */
const project = (path) => ({
  name: `tsc -p ${path}`,
  cmd: process.execPath,
  args: [tsc, '-p', path, ...(process.stdout.isTTY ? ['--pretty'] : [])],
});

const [server, web, e2e, bench, contract] = ['apps/server', 'apps/web', 'e2e', 'bench', 'packages/contract'].map(
  project,
);
const lint = { name: 'npm run lint', cmd: 'npm', args: ['run', 'lint', '--silent'] };
const format = {
  name: 'prettier --check',
  cmd: process.execPath,
  args: [prettier, '--check', '--log-level', 'warn', '.'],
};

// Each list is longest first, so that the last check to start is a short one.
export const TYPECHECK = [server, web, e2e, bench, contract];
export const ALL_CHECKS = [server, lint, web, format, e2e, bench, contract];

/** Runs one check with its output kept; resolves to its name, exit code, seconds and output. */
function check({ name, cmd, args }) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const done = (code) => resolve({ name, code, secs: ((Date.now() - started) / 1000).toFixed(1), output });
    child.on('error', (err) => {
      output += `${err.message}\n`;
      done(1);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
  });
}

/**
 * Runs the checks, `lanes` at a time, printing each one's result line and then its whole output as
 * it ends; resolves to the exit code (1 when any failed) and the failed checks' names.
 */
export async function runChecks(checks, lanes = Math.min(2, availableParallelism())) {
  const queue = [...checks];
  const failed = [];
  const lane = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const r = await check(next);
      if (r.code !== 0) failed.push(r.name);
      const out = r.output.trimEnd();
      console.log(`${r.code === 0 ? 'ok  ' : 'FAIL'} ${r.name} (${r.secs}s)${out ? ':' : ''}`);
      if (out) console.log(`${out}\n${r.code === 0 ? '' : `--- end of ${r.name} (exit ${r.code})\n`}`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, lanes) }, lane));
  if (failed.length) console.log(`failed: ${failed.join(', ')}`);
  return { code: failed.length ? 1 : 0, failed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const which = process.argv[2] ?? 'all';
  if (!['all', 'typecheck'].includes(which)) {
    console.error('usage: checks.mjs [typecheck]');
    process.exit(2);
  }
  const { code } = await runChecks(which === 'typecheck' ? TYPECHECK : ALL_CHECKS);
  process.exit(code);
}
