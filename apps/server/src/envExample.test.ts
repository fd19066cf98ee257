import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from './config/config.js';

const file = new URL('../../../.env.example', import.meta.url);

/** `NAME=value` lines, commented out or not: a commented one documents an unset default. */
function listed(text: string): Map<string, { value: string; active: boolean }> {
  const found = new Map<string, { value: string; active: boolean }>();
  for (const line of text.split('\n')) {
    const m = /^(#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (m) found.set(m[2]!, { value: m[3]!.replace(/^"(.*)"$/, '$1'), active: !m[1] });
  }
  return found;
}

describe('.env.example', () => {
  const entries = listed(readFileSync(file, 'utf8'));

  it('lists every setting the server reads, and nothing it does not', () => {
    const missing = SETTING_NAMES.filter((n) => !entries.has(n));
    const unknown = [...entries.keys()].filter((n) => !SETTING_NAMES.includes(n));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it('gives the defaults themselves: the active lines change nothing', () => {
    const active = Object.fromEntries([...entries].filter(([, e]) => e.active).map(([n, e]) => [n, e.value]));
    const { sync, ...withExample } = loadConfig({ ...active, DATA_DIR: './data' });
    const { sync: defaultSync, ...byDefault } = loadConfig({ DATA_DIR: './data' });
    expect(withExample).toEqual(byDefault);
    expect(sync).toEqual(defaultSync);
  });
});
