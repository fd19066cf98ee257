import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import first from './en.json?first';
import { FIRST_SECTIONS } from './firstSections';

function flatten(obj: unknown, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(obj as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v && typeof v === 'object') Object.assign(out, flatten(v, key));
    else out[key] = v;
  }
  return out;
}

describe('message files', () => {
  const a = flatten(en);
  const b = flatten(es);

  it('have exactly the same keys', () => {
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
  });

  it('have no empty value', () => {
    for (const [key, value] of [...Object.entries(a), ...Object.entries(b)]) {
      expect(typeof value, key).toBe('string');
      expect((value as string).trim(), key).not.toBe('');
    }
  });

  it('use the same placeholders in both languages', () => {
    const vars = (s: unknown) => [...String(s).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(a)) expect(vars(b[key]), key).toEqual(vars(a[key]));
  });
});

describe("the sign-in screens' texts", () => {
  it('are whole sections of en.json, every one of them there', () => {
    for (const section of FIRST_SECTIONS) expect(Object.keys(en)).toContain(section);
    expect(Object.keys(first).sort()).toEqual([...FIRST_SECTIONS].sort());
    expect(first).toEqual(Object.fromEntries(FIRST_SECTIONS.map((k) => [k, en[k]])));
  });
});
