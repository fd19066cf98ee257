#!/usr/bin/env node
// The CI budget: every step of `.ci/run` (and of `npm test` and the other-Node runs inside it)
// appends one line to the file named by CI_STEPS_FILE, and `.ci/run` prints them as one table at
// the end, passed or not, so a slow step is named in the log's tail.
//   node scripts/ci-steps.mjs add FILE NAME SECONDS STATUS [NOTE]
//   node scripts/ci-steps.mjs table FILE TOTAL_SECONDS [--markdown]
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Records a step when CI_STEPS_FILE is set (by `.ci/run`); a no-op otherwise. */
export function recordStep(name, seconds, status, note = '', file = process.env.CI_STEPS_FILE) {
  if (!file) return;
  appendFileSync(file, `${JSON.stringify({ name, seconds: Number(seconds), status, note })}\n`);
}

const clock = (s) => {
  const t = Math.round(s);
  return `${Math.floor(t / 60)}:${String(t % 60).padStart(2, '0')}`;
};

export function table(file, totalSeconds, markdown = false) {
  const rows = existsSync(file)
    ? readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l))
    : [];
  const width = Math.max(20, ...rows.map((r) => r.name.length));
  const lines = [];
  if (markdown) {
    lines.push('| Step | Wall time | Result | Note |', '| --- | ---: | --- | --- |');
    for (const r of rows) lines.push(`| ${r.name} | ${clock(r.seconds)} | ${r.status} | ${r.note || ''} |`);
    lines.push(`| **total** | **${clock(totalSeconds)}** | | |`);
  } else {
    lines.push(`${'step'.padEnd(width)}  ${'time'.padStart(6)}  result`);
    for (const r of rows)
      lines.push(
        `${r.name.padEnd(width)}  ${clock(r.seconds).padStart(6)}  ${r.status}${r.note ? `  (${r.note})` : ''}`,
      );
    lines.push(`${'total'.padEnd(width)}  ${clock(totalSeconds).padStart(6)}`);
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [cmd, file, ...rest] = process.argv.slice(2);
  if (cmd === 'add') {
    const [name, seconds, status, note] = rest;
    recordStep(name, seconds, status, note, file);
  } else if (cmd === 'table') {
    console.log(table(file, Number(rest[0] ?? 0), rest.includes('--markdown')));
  } else {
    console.error('usage: ci-steps.mjs add FILE NAME SECONDS STATUS [NOTE] | table FILE TOTAL_SECONDS [--markdown]');
    process.exit(2);
  }
}
