#!/usr/bin/env node
// A short, reviewable listing of the production dependencies for CI logs: `npm audit` cannot
// reach its endpoint from these machines, so a reviewer reads versions here instead. The listing
// is informational: it prints warnings and always exits 0.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const readJson = (path) => JSON.parse(readFileSync(join(root, path), 'utf8'));
const warn = (text) => console.log(`deps: WARNING: ${text}`);

/** `npm ls` as JSON; exit code 1 only means it found problems (extraneous, missing, peers). */
function npmLs() {
  const r = spawnSync('npm', ['ls', '--omit=dev', '--all', '--json'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.error) return warn(`could not run npm ls: ${r.error.message}`);
  if (r.status !== 0) warn(`npm ls exited with ${r.status}; its problems are listed below`);
  try {
    return JSON.parse(r.stdout);
  } catch {
    const err = (r.stderr || '').split('\n').filter((l) => l && !l.startsWith('npm warn Unknown user config'));
    return warn(`npm ls printed no JSON (${err.slice(0, 3).join(' | ') || 'no message'})`);
  }
}

/** Every package node under a tree (workspace links excluded: they are this repository), and npm's problems. */
function collect(node, out, problems) {
  for (const p of node.problems ?? []) problems.add(p);
  for (const [name, dep] of Object.entries(node.dependencies ?? {})) {
    const local = (dep.resolved ?? '').startsWith('file:');
    if (dep.version && !local) out.push({ name, version: dep.version });
    collect(dep, out, problems);
  }
}

function main() {
  const tree = npmLs();
  if (!tree) return;
  const rootPkg = readJson('package.json');
  console.log('Production dependencies (npm ls --omit=dev --all)');
  const installed = (node, name) => node?.dependencies?.[name]?.version ?? 'NOT INSTALLED';
  const show = (label, pkg, node) => {
    const deps = Object.keys(pkg.dependencies ?? {}).sort();
    console.log(`  ${label}${deps.length ? '' : ': none'}`);
    const width = Math.max(0, ...deps.map((d) => d.length));
    const vwidth = Math.max(0, ...deps.map((d) => installed(node, d).length));
    for (const d of deps)
      console.log(`    ${d.padEnd(width)}  ${installed(node, d).padEnd(vwidth)}  (wants ${pkg.dependencies[d]})`);
  };
  show(`(root) ${rootPkg.name}`, rootPkg, tree);
  for (const ws of rootPkg.workspaces ?? []) {
    const pkg = readJson(join(ws, 'package.json'));
    show(`${ws} (${pkg.name})`, pkg, tree.dependencies?.[pkg.name]);
  }

  const all = [];
  const problems = new Set(tree.problems ?? []);
  collect(tree, all, problems);
  const distinct = new Map(all.map((p) => [`${p.name}@${p.version}`, p]));
  const versions = new Map();
  for (const { name, version } of distinct.values()) versions.set(name, [...(versions.get(name) ?? []), version]);
  console.log(`  Transitive production packages: ${distinct.size} (name@version), ${versions.size} names`);

  const major = (v) => v.split('.')[0];
  const split = [...versions]
    .filter(([, vs]) => new Set(vs.map(major)).size > 1)
    .sort(([a], [b]) => a.localeCompare(b));
  console.log(`  Same package at different major versions: ${split.length ? '' : 'none'}`);
  for (const [name, vs] of split) console.log(`    ${name}: ${vs.sort((a, b) => major(a) - major(b)).join(', ')}`);

  if (problems.size) {
    warn(`${problems.size} problem(s) reported by npm ls:`);
    for (const p of [...problems].slice(0, 30)) console.log(`    ${p}`);
  }
}

try {
  main();
} catch (err) {
  warn(`listing failed: ${err instanceof Error ? err.message : String(err)}`);
}
