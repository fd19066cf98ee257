import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ExifTool } from 'exiftool-vendored';

/** The namespace of brand fields that no standard XMP property holds. */
export const BRAND_XMP_NAMESPACE = 'https://brandvault.app/ns/fields/1.0/';

/** What a downloaded file carries of its asset (issue 39 §4); empty parts are left out. */
export interface XmpValues {
  title?: string;
  description?: string;
  keywords?: string[];
  /** `A|B|C` paths, as Lightroom and Capture One write them. */
  hierarchical?: string[];
  creator?: string;
  rights?: string;
  /** The licences' terms (issue 40), as xmpRights:UsageTerms; the file is then marked as rights-managed. */
  usage_terms?: string;
  credit?: string;
  /** YYYY-MM-DD or an ISO date-time. */
  date_created?: string;
  /** The brand's fields as written in the custom namespace. */
  fields?: { key: string; label: string; value: string }[];
}

/** The formats whose XMP exiftool writes in place. */
const WRITABLE = new Set(['jpg', 'jpeg', 'tif', 'tiff', 'png', 'webp', 'pdf']);
export const xmpWritable = (ext: string) => WRITABLE.has(ext.toLowerCase());

// exiftool reads user-defined namespaces only from a config given at start-up.
const CONFIG = `%Image::ExifTool::UserDefined = (
  'Image::ExifTool::XMP::Main' => {
    brandvault => { SubDirectory => { TagTable => 'Image::ExifTool::UserDefined::brandvault' } },
  },
);
%Image::ExifTool::UserDefined::brandvault = (
  GROUPS => { 0 => 'XMP', 1 => 'XMP-brandvault', 2 => 'Image' },
  NAMESPACE => { 'brandvault' => '${BRAND_XMP_NAMESPACE}' },
  WRITABLE => 'string',
  Fields => { List => 'Bag', Struct => { NAMESPACE => 'brandvault', Key => {}, Label => {}, Value => {} } },
);
1;
`;

let shared: Promise<ExifTool> | null = null;

/** One exiftool process for the server, started on first use (imported lazily: most requests never need it). */
function exiftool(): Promise<ExifTool> {
  shared ??= (async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bv-exiftool-'));
    const config = join(dir, 'brandvault.config');
    await writeFile(config, CONFIG);
    const { ExifTool } = await import('exiftool-vendored');
    return new ExifTool({
      exiftoolArgs: ['-config', config, '-stay_open', 'True', '-@', '-'],
      maxProcs: 1,
      taskTimeoutMillis: 20_000,
    });
  })();
  return shared;
}

/** Ends the shared process, if one was started. */
export async function closeXmpWriter(): Promise<void> {
  const running = shared;
  shared = null;
  if (running) await (await running).end();
}

function tags(v: XmpValues): Record<string, unknown> {
  const t: Record<string, unknown> = {};
  if (v.title) t['XMP-dc:Title'] = v.title;
  if (v.description) t['XMP-dc:Description'] = v.description;
  if (v.keywords?.length) t['XMP-dc:Subject'] = v.keywords;
  if (v.hierarchical?.length) t['XMP-lr:HierarchicalSubject'] = v.hierarchical;
  if (v.creator) t['XMP-dc:Creator'] = [v.creator];
  if (v.rights) t['XMP-dc:Rights'] = v.rights;
  if (v.usage_terms) {
    t['XMP-xmpRights:UsageTerms'] = v.usage_terms;
    t['XMP-xmpRights:Marked'] = true;
  }
  if (v.credit) t['XMP-photoshop:Credit'] = v.credit;
  if (v.date_created) t['XMP-photoshop:DateCreated'] = v.date_created.replace(/^(\d{4})-(\d{2})-(\d{2})/, '$1:$2:$3');
  if (v.fields?.length)
    t['XMP-brandvault:Fields'] = v.fields.map((f) => ({ Key: f.key, Label: f.label, Value: f.value }));
  return t;
}

/** Writes the values into the file's XMP in place; the caller hands a copy, never a stored original. */
export async function writeXmp(path: string, values: XmpValues): Promise<void> {
  const t = tags(values);
  if (Object.keys(t).length === 0) return;
  const et = await exiftool();
  await et.write(path, t as never, { writeArgs: ['-overwrite_original'] });
}
