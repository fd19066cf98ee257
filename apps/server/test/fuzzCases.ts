import { TUS_PATH } from '@brandvault/contract';
import {
  CONTROL,
  HUGE,
  ODD_NUMBERS,
  ODD_NUMERIC_TEXT,
  ODD_SEGMENTS,
  WRONG_TYPES,
  sample,
  typeOf,
} from './fuzzValues.js';
import type { Rng, Schema } from './fuzzValues.js';

/** One malformed request. `what` says what is wrong with it, for the failure message. */
export interface FuzzCase {
  method: string;
  url: string;
  what: string;
  payload?: string | Buffer;
  contentType?: string;
  headers?: Record<string, string>;
  anonymous?: boolean;
}

/** One operation of the OpenAPI document, with what the fuzzer needs from it. */
export interface Op {
  id: string;
  method: string;
  /** The path as the document writes it: /api/ops/folder/{id}. */
  path: string;
  access: string;
  pathParams: string[];
  query: { name: string; schema: Schema }[];
  body?: Schema;
}

type Doc = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        description?: string;
        parameters?: { name: string; in: string; schema: Schema }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
};

export function operations(doc: Doc): Op[] {
  const ops: Op[] = [];
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, o] of Object.entries(methods)) {
      // The tus endpoint is documented too, and has cases of its own (tusCases).
      if (path.startsWith(TUS_PATH)) continue;
      const params = o.parameters ?? [];
      ops.push({
        id: o.operationId,
        method: method.toUpperCase(),
        path,
        access:
          /^Access: (\S+?)[;\s]|^Access: (\S+)$/
            .exec(o.description ?? '')
            ?.slice(1)
            .find(Boolean) ?? '',
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema })),
        body: o.requestBody?.content['application/json']?.schema,
      });
    }
  return ops;
}

/** What a valid request of an operation carries: path values, query parameters, a JSON body. */
export interface Baseline {
  pathValue(op: Op, name: string): string;
  query(op: Op): Record<string, string>;
  /** A valid body (an object) when the operation takes one. */
  body(op: Op): Record<string, unknown> | undefined;
}

/** The URL with path parameter `swap` (if any) replaced by a raw segment and `q` as query. */
export function urlOf(op: Op, base: Baseline, swap?: [string, string], q?: string) {
  const value = (name: string) => (swap?.[0] === name ? swap[1] : base.pathValue(op, name));
  const path = op.path.replace(/\{(\w+)\}/g, (_m, n: string) => value(n)).replace(/\*$/, () => value('*'));
  const query = q ?? new URLSearchParams(base.query(op)).toString();
  return query ? `${path}?${query}` : path;
}

const deepArray = (depth: number) => `${'['.repeat(depth)}1${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const JSON_TYPE = 'application/json';

/** Whole-body mistakes: bad JSON, wrong content types, deep nesting, values that are not objects. */
function bodyShapes(valid: string): [string, string, string][] {
  return [
    ['empty JSON body', '', JSON_TYPE],
    ['body null', 'null', JSON_TYPE],
    ['body array', '[]', JSON_TYPE],
    ['body string', '"x"', JSON_TYPE],
    ['body number', '123', JSON_TYPE],
    ['bad JSON: cut', valid.slice(0, Math.max(1, valid.length >> 1)), JSON_TYPE],
    ['bad JSON: single quotes', "{'a':1}", JSON_TYPE],
    ['bad JSON: trailing comma', '{"a":1,}', JSON_TYPE],
    ['bad JSON: NUL byte', `{"a":"\u0000"\u0000}`, JSON_TYPE],
    ['JSON with a BOM', `\ufeff${valid}`, JSON_TYPE],
    ['JSON as text/plain', valid, 'text/plain'],
    ['XML body', '<?xml version="1.0"?><a>1</a>', 'application/xml'],
    ['form-urlencoded body', 'a=1&b=%00', 'application/x-www-form-urlencoded'],
    ['JSON in UTF-16', valid, 'application/json; charset=utf-16'],
    ['array nested 5,000 deep', deepArray(5_000), JSON_TYPE],
    ['object nested 5,000 deep', deepObject(5_000), JSON_TYPE],
    ['array nested 100,000 deep', deepArray(100_000), JSON_TYPE],
  ];
}

/** Wrong values for one field of the body: a wrong type, control characters, a huge string, odd numbers. */
function fieldValues(s: Schema, rng: Rng): [string, unknown][] {
  const type = typeOf(s);
  const wrong = WRONG_TYPES.filter((v) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v) !== type);
  const out: [string, unknown][] = [
    ['wrong type', rng.pick(wrong)],
    ['wrong type', rng.pick(wrong)],
    ['NUL', 'a\u0000b'],
    ['control characters', rng.pick(CONTROL)],
    ['100k string', HUGE],
    ['numeric text', rng.pick(ODD_NUMERIC_TEXT)],
  ];
  // Every id-like field gets every edge: a too-large id is the likeliest way to a database error.
  if (type === 'integer' || type === 'number') for (const n of ODD_NUMBERS) out.push([`number ${n}`, n]);
  if (type === 'array') out.push(['10k items', Array.from({ length: 10_000 }, () => 'x')], ['NUL item', ['\u0000']]);
  if (type === 'array' && ['integer', 'number'].includes(typeOf(s.items ?? {})))
    for (const n of [2 ** 31, Number.MAX_SAFE_INTEGER, -1]) out.push([`item ${n}`, [n]]);
  return out;
}

/** Malformed bodies for an operation with a JSON body, each with the rest of the body valid. */
function bodyCases(schema: Schema, valid: Record<string, unknown>, rng: Rng): Omit<FuzzCase, 'method' | 'url'>[] {
  const text = JSON.stringify(valid);
  const out: Omit<FuzzCase, 'method' | 'url'>[] = bodyShapes(text).map(([what, payload, contentType]) => ({
    what,
    payload,
    contentType,
  }));
  const json = (what: string, v: unknown) => out.push({ what, payload: JSON.stringify(v), contentType: JSON_TYPE });
  json('empty object', {});
  json('extra field', { ...valid, zz_extra: 1 });
  out.push({
    what: '__proto__ key',
    payload: `{"__proto__":{"isAdmin":true},${text.slice(1)}`,
    contentType: JSON_TYPE,
  });
  json('constructor key', { ...valid, constructor: { prototype: { isAdmin: true } } });
  for (const k of schema.required ?? []) {
    const { [k]: _gone, ...rest } = valid;
    json(`missing ${k}`, rest);
  }
  for (const [k, s] of Object.entries(schema.properties ?? {})) {
    for (const [what, v] of fieldValues(s, rng)) json(`${k}: ${what}`, { ...valid, [k]: v });
    const type = typeOf(s);
    if (type === 'integer' || type === 'number')
      out.push({
        what: `${k}: 1e309 as JSON text`,
        payload: JSON.stringify({ ...valid, [k]: 7 }).replace(/7/, '1e309'),
        contentType: JSON_TYPE,
      });
    if (type === 'object') {
      const inner = (sample(s) ?? {}) as Record<string, unknown>;
      for (const [ik, is] of Object.entries(s.properties ?? {}))
        for (const [what, v] of rng.some(fieldValues(is, rng), 2))
          json(`${k}.${ik}: ${what}`, { ...valid, [k]: { ...inner, [ik]: v } });
      // Spliced in as text: building the value and stringifying it would overflow this side's stack.
      const deep = JSON.stringify({ ...valid, [k]: '@deep@' }).replace('"@deep@"', deepObject(5_000));
      out.push({ what: `${k}: nested 5,000 deep`, payload: deep, contentType: JSON_TYPE });
    }
  }
  return out;
}

/** Odd values for the query parameters: numbers as text, control characters, repeats, huge. */
function queryCases(op: Op, base: Baseline, rng: Rng): Omit<FuzzCase, 'method'>[] {
  const out: Omit<FuzzCase, 'method'>[] = [];
  const baseQuery = base.query(op);
  // The other parameters keep their valid values; `raw` replaces this one (already URL-encoded).
  const query = (name: string, raw: string) =>
    [
      ...Object.entries(baseQuery)
        .filter(([k]) => k !== name)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`),
      raw,
    ]
      .filter(Boolean)
      .join('&');
  const raw = [...ODD_NUMERIC_TEXT.map(encodeURIComponent), '%00', '%1b%5b2J', '%7f', '%ff', '%', '', '-1', '0'];
  const edges = ['2147483648', '9007199254740991', 'a%00b'];
  const add = (name: string, q: string, what: string) =>
    out.push({ url: urlOf(op, base, undefined, query(name, q)), what });
  for (const { name } of op.query) {
    for (const v of [...edges, ...rng.some(raw, 8)]) add(name, `${name}=${v}`, `query ${name}=${v}`);
    add(name, `${name}=${HUGE}`, `query ${name}: 100k`);
    add(name, `${name}=1&${name}=2`, `query ${name} twice`);
    add(name, `${name}[a]=1`, `query ${name}[a]`);
  }
  add('zz', 'zz=%00', 'unknown query parameter');
  return out;
}

/** Every malformed request for one operation (multipart bodies aside: see fuzzMultipart). */
export function casesFor(op: Op, base: Baseline, rng: Rng): FuzzCase[] {
  const valid = op.body ? (base.body(op) ?? (sample(op.body) as Record<string, unknown>)) : undefined;
  // Path and query cases carry the valid body, or the body's validation would answer first.
  const withBody = valid ? { payload: JSON.stringify(valid), contentType: JSON_TYPE } : {};
  const out: FuzzCase[] = [];
  for (const name of op.pathParams)
    for (const seg of ODD_SEGMENTS)
      out.push({
        method: op.method,
        url: urlOf(op, base, [name, seg]),
        what: `path ${name}=${seg.slice(0, 20)}`,
        ...withBody,
      });
  for (const c of queryCases(op, base, rng)) out.push({ method: op.method, ...c, ...withBody });
  const url = urlOf(op, base);
  if (op.body && valid) for (const c of bodyCases(op.body, valid, rng)) out.push({ method: op.method, url, ...c });
  else if (op.method !== 'GET')
    for (const [what, payload, contentType] of rng.some(bodyShapes('{"a":1}'), 8))
      out.push({ method: op.method, url, what: `unexpected body: ${what}`, payload, contentType });
  return out;
}
