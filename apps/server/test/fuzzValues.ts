/** Seeded randomness and the odd values the fuzz test sends, so every failure reproduces. */

/** mulberry32: small, fast, and the same sequence for the same seed on every machine. */
export function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    /** Up to n items of xs, in a seeded order. */
    some: <T>(xs: readonly T[], n: number): T[] => {
      const copy = [...xs];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, n);
    },
  };
}
export type Rng = ReturnType<typeof prng>;

export const HUGE = 'a'.repeat(100_000);
export const CONTROL = [
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u001b[2J',
  '\u007f',
  'x\u0000'.repeat(20),
  '\ud800',
  '\u202e',
];
/** Values of the wrong JSON type for any field. */
export const WRONG_TYPES: unknown[] = [123, -1, 1.5, true, null, [], {}, 'text', [HUGE], ['\u0000'], { a: '\u0000' }];
/** Numbers at the edges, as JSON numbers: PostgreSQL's integer ends at 2^31 - 1, JavaScript's at 2^53. */
export const ODD_NUMBERS: unknown[] = [-1, 0, 1.5, 2 ** 31, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 1e21, 1e308, -1e308];
/** Numbers written as text: what a path, a query or a lenient parser may coerce. */
export const ODD_NUMERIC_TEXT = ['1e309', '0x10', ' 1', '1 ', '1.5', '-0', '+1', '01', '99999999999999999999', 'NaN'];
/** Path segments (already URL-encoded where needed). */
export const ODD_SEGMENTS = [
  '-1',
  '0',
  '1e309',
  '0x10',
  '%201',
  '1.5',
  '2147483648',
  '9007199254740991',
  '99999999999999999999',
  'abc',
  '%00',
  '1%00',
  '%01',
  '%1b',
  '%7f',
  '%E2%80%AE1',
  '%ZZ',
  'a'.repeat(90),
];

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  minItems?: number;
  minimum?: number;
  exclusiveMinimum?: number;
};
export type { Schema };

/** The JSON type a schema asks for, looking through anyOf (nullish fields). */
export function typeOf(s: Schema): string {
  if (s.enum) return typeof s.enum[0];
  const t = s.type ?? (s.anyOf ?? s.oneOf)?.find((v) => v.type !== 'null')?.type;
  return Array.isArray(t) ? t[0]! : (t ?? 'unknown');
}

/** A valid-looking value for a schema, so that one mutated field is the only thing wrong. */
export function sample(s: Schema, name = ''): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = (s.anyOf ?? s.oneOf)?.find((v) => v.type !== 'null');
  if (alt) return sample(alt, name);
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries((s.required ?? []).map((k) => [k, sample(s.properties?.[k] ?? {}, k)]));
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}, name));
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 0, (s.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'email') return 'fuzz.sample@example.com';
      if (s.format === 'date') return '2026-01-01';
      if (/password/.test(name)) return 'Fz8!vR2#pL6mq';
      if (s.pattern?.includes('[a-z0-9]')) return 'fuzz-sample';
      return 'F'.repeat(Math.max(1, s.minLength ?? 1));
    default:
      return null;
  }
}
