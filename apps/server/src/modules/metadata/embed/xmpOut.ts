import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FieldType } from '@brandvault/contract';
import type { Deps } from '../../../deps/deps.js';
import type { Repos } from '../../../deps/repos.js';
import { FileAnswer } from '../../../lib/fileAnswer.js';
import { writeXmp, xmpWritable } from '../../../media/index.js';
import type { XmpValues } from '../../../media/index.js';

export interface XmpAsset {
  id: number;
  brand_id: number;
  name: string;
  ext: string;
  author: string | null;
  description: string | null;
  keywords: string;
}

const list = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

/** The asset's current metadata as XMP: its own title, description and keywords, and its brand's fields. */
export async function xmpValuesOf(repos: Repos, a: XmpAsset): Promise<XmpValues> {
  const [fields, rows, mapping, licences] = await Promise.all([
    repos.metadata.fieldsOfBrand(a.brand_id),
    repos.fieldValues.ofAsset(a.id),
    repos.embedMappings.ofBrand(a.brand_id),
    repos.assetRights.licencesOf([a.id]),
  ]);
  const optionIds = rows.flatMap((r) => (r.option_id === null ? [] : [r.option_id]));
  const held = await repos.options.byIds([...new Set(optionIds)]);
  // A tree option's path names its ancestors: `/12/40/` is 12 › 40.
  const ancestorIds = held.flatMap((o) => o.path.split('/').filter(Boolean).map(Number));
  const options = new Map((await repos.options.byIds([...new Set(ancestorIds)])).map((o) => [o.id, o]));
  for (const o of held) options.set(o.id, o);
  const hierarchical: string[] = [];
  const out: XmpValues = {
    title: a.name.replace(/\.[^.]+$/, ''),
    description: a.description ?? undefined,
    keywords: list(a.keywords),
    creator: a.author ?? undefined,
    fields: [],
  };
  const textOf = new Map<number, string>();
  for (const f of fields) {
    const mine = rows.filter((r) => r.field_id === f.id);
    if (!mine.length) continue;
    const type = f.type as FieldType;
    let value: string;
    if (type === 'tree') {
      const o = options.get(mine[0]!.option_id!);
      if (!o) continue;
      const labels = o.path
        .split('/')
        .filter(Boolean)
        .map((id) => options.get(Number(id))?.label_en ?? '');
      hierarchical.push(labels.join('|'));
      value = labels.join(' › ');
    } else if (type === 'select' || type === 'multi_select')
      value = mine.map((r) => options.get(r.option_id!)?.label_en ?? '').join(', ');
    else if (type === 'boolean') value = mine[0]!.value_bool ? 'true' : 'false';
    else if (type === 'number') value = String(mine[0]!.value_number);
    else value = mine[0]!.value_date ?? mine[0]!.value_text ?? '';
    if (!value) continue;
    textOf.set(f.id, value);
    out.fields!.push({ key: f.key, label: f.label_en, value });
  }
  // Fields filled from a standard property go back to it, so the file reads as it came in.
  for (const m of mapping) {
    const v = textOf.get(m.field_id);
    if (!v) continue;
    if (m.source === 'creator') out.creator = v;
    else if (m.source === 'copyright') out.rights = v;
    else if (m.source === 'credit') out.credit = v;
    else if (m.source === 'date_created') out.date_created = v;
  }
  out.hierarchical = hierarchical;
  if (licences.length) {
    out.usage_terms = licences.map(usageTerms).join('\n');
    out.rights ??= [...new Set(licences.map((l) => l.holder).filter(Boolean))].join(', ') || undefined;
  }
  return out;
}

/**
 * Whether the asset holds metadata someone set (a description, keywords, a brand field): without
 * any, the file goes out byte for byte (ranges kept), as its name and author are already its own.
 */
const carries = (v: XmpValues) =>
  Boolean(v.description?.trim() || v.keywords?.length || v.fields?.length || v.usage_terms);

type LinkedLicence = Awaited<ReturnType<Repos['assetRights']['licencesOf']>>[number];

/** One licence as a line of usage terms: name, holder, terms, channels, territories, end. */
function usageTerms(l: LinkedLicence): string {
  const parts = [`Licence: ${l.name}${l.holder ? ` (${l.holder})` : ''}`];
  if (l.terms?.trim()) parts.push(l.terms.trim());
  const channels = list(l.channels);
  if (channels.length) parts.push(`Channels: ${channels.join(', ')}`);
  const territories = list(l.territories);
  if (territories.length)
    parts.push(`Territories: ${territories.map((t) => (t === 'WW' ? 'worldwide' : t)).join(', ')}`);
  if (l.valid_until) parts.push(`Valid until ${l.valid_until}`);
  return parts.join('. ');
}

/**
 * A copy of a file with the asset's metadata in its XMP, in a temp file removed once read;
 * null (and `fill` never called) when the format holds no XMP or the asset has nothing set.
 * `fill` writes the file's bytes at the path it is given.
 */
export async function xmpCopy(
  repos: Repos,
  a: XmpAsset,
  ext: string,
  fill: (path: string) => Promise<void>,
): Promise<{ stream: Readable; size: number } | null> {
  if (!xmpWritable(ext)) return null;
  const values = await xmpValuesOf(repos, a);
  if (!carries(values)) return null;
  const dir = await mkdtemp(join(tmpdir(), 'bv-xmp-'));
  const done = () => rm(dir, { recursive: true, force: true });
  try {
    const path = join(dir, `file.${ext.toLowerCase()}`);
    await fill(path);
    await writeXmp(path, values);
    const { size } = await stat(path);
    const stream = createReadStream(path);
    stream.once('close', () => void done());
    return { stream, size };
  } catch (err) {
    await done();
    throw err;
  }
}

/**
 * The original as a copy carrying the asset's metadata in its XMP (issue 39 §4); the stored
 * original is never touched. On any failure `fallback` serves it unchanged: a download never fails for this.
 */
export async function originalWithXmp(
  deps: Deps,
  a: XmpAsset,
  answer: FileAnswer,
  fallback: () => Promise<FileAnswer>,
): Promise<FileAnswer> {
  const body = answer.body;
  if (answer.status !== 200 || !(body instanceof Readable)) return answer;
  try {
    const copy = await xmpCopy(deps.repos, a, a.ext, (path) => pipeline(body, createWriteStream(path)));
    if (!copy) return answer;
    // The copy's bytes differ from the stored original's, so a resumed range would not match.
    const { 'accept-ranges': _ranges, ...headers } = answer.headers;
    return new FileAnswer(200, { ...headers, 'content-length': copy.size }, copy.stream);
  } catch (err) {
    deps.log.warn({ err, asset: a.id }, 'could not write XMP into a download; serving the original');
    body.destroy();
    return fallback();
  }
}

const CROP_EXT: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** A rendered crop with the asset's metadata in its XMP; the crop as it was if writing fails. */
export async function cropWithXmp(deps: Deps, a: XmpAsset, data: Buffer, mime: string): Promise<Buffer> {
  const ext = CROP_EXT[mime];
  if (!ext) return data;
  const values = await xmpValuesOf(deps.repos, a);
  if (!carries(values)) return data;
  const dir = await mkdtemp(join(tmpdir(), 'bv-xmp-'));
  try {
    const path = join(dir, `crop.${ext}`);
    await writeFile(path, data);
    await writeXmp(path, values);
    return await readFile(path);
  } catch (err) {
    deps.log.warn({ err, asset: a.id }, 'could not write XMP into a crop; serving it without');
    return data;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
