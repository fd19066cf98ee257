import { CONTROL, HUGE, ODD_NUMERIC_TEXT } from './fuzzValues.js';
import type { Rng } from './fuzzValues.js';
import type { FuzzCase } from './fuzzCases.js';

/** A multipart route: where it is, a valid set of fields, and the file fields it reads. */
export interface FormRoute {
  method: string;
  url: string;
  fields: Record<string, string>;
  files: string[];
}

const CRLF = '\r\n';
type Part = { name?: string; filename?: string; type?: string; data: string | Buffer; disposition?: boolean };

/** A multipart body from parts, with full control over every byte that goes wrong. */
function body(boundary: string, parts: Part[], eol = CRLF) {
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disp = [
      `form-data`,
      p.name !== undefined ? `name="${p.name}"` : '',
      p.filename !== undefined ? `filename="${p.filename}"` : '',
    ]
      .filter(Boolean)
      .join('; ');
    const head = [`--${boundary}`, p.disposition === false ? '' : `Content-Disposition: ${disp}`];
    if (p.type) head.push(`Content-Type: ${p.type}`);
    chunks.push(Buffer.from(head.filter(Boolean).join(eol) + eol + eol), Buffer.from(p.data), Buffer.from(eol));
  }
  chunks.push(Buffer.from(`--${boundary}--${eol}`));
  return Buffer.concat(chunks);
}

/** Broken multipart bodies for one route: no or wrong boundary, truncation, bad parts, limits. */
export function multipartCases(r: FormRoute, png: Buffer, rng: Rng): FuzzCase[] {
  const b = 'fuzzBoundary7MA4YWxkTrZu0gW';
  const type = `multipart/form-data; boundary=${b}`;
  const fields = Object.entries(r.fields).map(([name, data]) => ({ name, data }));
  const file = (over: Partial<Part> = {}): Part => ({
    name: r.files[0],
    filename: 'f.png',
    type: 'image/png',
    data: png,
    ...over,
  });
  const good = body(b, [...fields, file()]);
  const cases: [string, Buffer | string, string][] = [
    ['multipart without boundary', good, 'multipart/form-data'],
    ['multipart with the wrong boundary', good, 'multipart/form-data; boundary=notTheOne'],
    ['multipart with an empty boundary', good, 'multipart/form-data; boundary='],
    [
      'multipart with a 200-character boundary',
      body('b'.repeat(200), [...fields, file()]),
      `multipart/form-data; boundary=${'b'.repeat(200)}`,
    ],
    ['multipart truncated in a file', good.subarray(0, good.length - Math.floor(png.length / 2)), type],
    ['multipart truncated in part headers', good.subarray(0, 30), type],
    ['multipart: empty body', '', type],
    ['multipart: closing boundary only', `--${b}--${CRLF}`, type],
    ['multipart: garbage', '\u0000\u0001\u0002 not multipart at all', type],
    ['multipart with LF line endings', body(b, [...fields, file()], '\n'), type],
    ['multipart/mixed', good, `multipart/mixed; boundary=${b}`],
    ['part without Content-Disposition', body(b, [{ data: 'x', disposition: false }, file()]), type],
    ['part without a name', body(b, [...fields, file({ name: undefined })]), type],
    ['file name with NUL', body(b, [...fields, file({ filename: 'a\u0000b.png' })]), type],
    ['file name with control characters', body(b, [...fields, file({ filename: `${rng.pick(CONTROL)}.png` })]), type],
    ['file name of 100k', body(b, [...fields, file({ filename: `${HUGE}.png` })]), type],
    ['file name with a path', body(b, [...fields, file({ filename: '../../../etc/passwd.png' })]), type],
    ['file without a file name', body(b, [...fields, file({ filename: '' })]), type],
    ['not an image named .png', body(b, [...fields, file({ data: Buffer.from('\u0000garbage'.repeat(50)) })]), type],
    ['empty file', body(b, [...fields, file({ data: '' })]), type],
    ['unknown file field', body(b, [...fields, file({ name: 'zz_unknown' })]), type],
    ['three files in one field', body(b, [...fields, file(), file(), file()]), type],
    [
      '60 fields',
      body(
        b,
        Array.from({ length: 60 }, (_, i) => ({ name: `f${i}`, data: 'x' })),
      ),
      type,
    ],
    ['field name of 100k', body(b, [{ name: HUGE, data: 'x' }, file()]), type],
  ];
  for (const f of fields) {
    const values = [
      HUGE,
      'a\u0000b',
      rng.pick(CONTROL),
      rng.pick(ODD_NUMERIC_TEXT),
      '{"x":',
      '{"x":1e309,"y":-1,"width":0,"height":1e400}',
    ];
    for (const v of values) {
      const others = fields.filter((o) => o.name !== f.name);
      cases.push([
        `field ${f.name} = ${JSON.stringify(v.slice(0, 24))}`,
        body(b, [...others, { name: f.name, data: v }, file()]),
        type,
      ]);
    }
  }
  return cases.map(([what, payload, contentType]) => ({ method: r.method, url: r.url, what, payload, contentType }));
}

const b64 = (s: string) => Buffer.from(s).toString('base64');

/** Malformed resumable-upload (tus) requests: lengths, metadata, offsets, odd upload ids. */
export function tusCases(brandId: number, folderId: number, uploadPath: string): FuzzCase[] {
  const meta = (over: Record<string, string> = {}) =>
    Object.entries({ filename: 'f.png', brand_id: String(brandId), folder_id: String(folderId), ...over })
      .map(([k, v]) => `${k} ${b64(v)}`)
      .join(',');
  const create = (what: string, headers: Record<string, string>): FuzzCase => ({
    method: 'POST',
    url: '/api/uploads',
    what: `tus create: ${what}`,
    headers: { 'tus-resumable': '1.0.0', 'upload-length': '10', 'upload-metadata': meta(), ...headers },
  });
  const patch = (what: string, headers: Record<string, string>, payload = 'xxxx'): FuzzCase => ({
    method: 'PATCH',
    url: uploadPath,
    what: `tus patch: ${what}`,
    payload,
    contentType: 'application/offset+octet-stream',
    headers: { 'tus-resumable': '1.0.0', 'upload-offset': '0', ...headers },
  });
  return [
    ...['-1', 'abc', '1e309', '99999999999999999999', '', ' 1', '0x10'].map((v) =>
      create(`length ${v}`, { 'upload-length': v }),
    ),
    create('no length, no defer', { 'upload-length': '' }),
    create('deferred length', { 'upload-length': '', 'upload-defer-length': '1' }),
    create('metadata not base64', { 'upload-metadata': 'filename !!!, brand_id ***' }),
    create('metadata key without value', { 'upload-metadata': 'filename' }),
    create('filename with NUL', { 'upload-metadata': meta({ filename: 'a\u0000.png' }) }),
    create('filename of 100k', { 'upload-metadata': meta({ filename: `${HUGE}.png` }) }),
    create('brand_id 0x10', { 'upload-metadata': meta({ brand_id: '0x10' }) }),
    create('folder_id 1e309', { 'upload-metadata': meta({ folder_id: '1e309' }) }),
    create('asset_id -1', { 'upload-metadata': meta({ asset_id: '-1' }) }),
    create('asset_id NUL', { 'upload-metadata': meta({ asset_id: '\u0000' }) }),
    create('duplicates bogus', { 'upload-metadata': meta({ duplicates: '\u001b' }) }),
    create('concatenation', { 'upload-concat': 'final;/api/uploads/a /api/uploads/b' }),
    create('old protocol version', { 'tus-resumable': '0.0.1' }),
    patch('offset -1', { 'upload-offset': '-1' }),
    patch('offset abc', { 'upload-offset': 'abc' }),
    patch('offset 1e309', { 'upload-offset': '1e309' }),
    patch('offset past the end', { 'upload-offset': '60' }, 'x'.repeat(100)),
    patch('more bytes than the length', {}, 'x'.repeat(1000)),
    { ...patch('wrong content type', {}), contentType: 'application/json' },
    { method: 'HEAD', url: '/api/uploads/%00', what: 'tus head: NUL id', headers: { 'tus-resumable': '1.0.0' } },
    {
      method: 'HEAD',
      url: `/api/uploads/${'a'.repeat(5000)}`,
      what: 'tus head: long id',
      headers: { 'tus-resumable': '1.0.0' },
    },
    {
      method: 'DELETE',
      url: '/api/uploads/..%2f..%2fetc%2fpasswd',
      what: 'tus delete: path id',
      headers: { 'tus-resumable': '1.0.0' },
    },
    { method: 'GET', url: '/api/uploads/%1b', what: 'tus get: escape id' },
    { method: 'OPTIONS', url: '/api/uploads', what: 'tus options' },
  ];
}

/** Odd headers on a few routes: tokens, languages, encodings, XSRF values, byte ranges. */
export function headerCases(downloadUrl: string): FuzzCase[] {
  const on = (what: string, headers: Record<string, string>, url = '/api/auth/me', method = 'GET'): FuzzCase => ({
    method,
    url,
    what,
    headers,
  });
  const ranges = [
    'bytes=abc-1e309',
    'bytes=99999999999999999999-',
    'bytes=-0',
    'bytes=5-1',
    'bytes=0-1,'.repeat(500),
    'lines=1-2',
  ];
  return [
    on('bearer of 10k', { authorization: `Bearer ${'A'.repeat(10_000)}` }),
    on('bearer with dots', { authorization: 'Bearer a.b.c' }),
    on('basic auth', { authorization: 'Basic Zm9vOmJhcg==' }),
    on('language q=abc', { 'accept-language': 'zz;q=abc,*;q=NaN,es;q=1e309' }),
    on('language of 10k', { 'accept-language': 'es,'.repeat(2_500) }),
    on('encoding q=abc', { 'accept-encoding': 'gzip;q=abc, br;q=-1, zstd;q=1e309' }, '/api/ops/brand/list'),
    on(
      'XSRF cookie garbage',
      { cookie: 'XSRF-TOKEN=%00%ff%; other=%', 'x-xsrf-token': '%00%ff%' },
      '/api/logout',
      'POST',
    ),
    on(
      'XSRF of 10k',
      { cookie: `XSRF-TOKEN=${'a'.repeat(10_000)}`, 'x-xsrf-token': 'a'.repeat(10_000) },
      '/api/logout',
      'POST',
    ),
    ...ranges.map((range) => on(`range ${range.slice(0, 24)}`, { range }, downloadUrl)),
  ];
}
