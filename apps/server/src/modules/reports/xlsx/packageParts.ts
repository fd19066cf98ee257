import { posix } from 'node:path';

/**
 * An xlsx read by its content, the way the Open Packaging Conventions define it: the workbook
 * lists its sheets (name, state, relationship id) and its relationships say which part holds
 * each one, by a target relative to xl/ or absolute from the package root. Programs differ in
 * all of that (openpyxl writes absolute targets, others name parts as they like, or prefix
 * elements), while exceljs' streaming reader only knows the names Excel uses.
 */

export interface SheetPart {
  name: string;
  state: string;
  /** The zip entry that holds the worksheet. */
  path: string;
}

export interface WorkbookParts {
  sheets: SheetPart[];
  /** The zip entry of the shared strings, when the workbook has them. */
  sharedStrings: string | null;
  date1904: boolean;
}

const ENTITY: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** The text of XML character data or an attribute: entities and character references resolved. */
export const decode = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (m, e: string) =>
    e[0] === '#'
      ? String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : (ENTITY[e] ?? m),
  );
export const escapeXml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of tag.matchAll(/([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) out.set(m[1]!, decode(m[2] ?? m[3] ?? ''));
  return out;
}

/** The attributes of every `local` element, whatever namespace prefix the writer chose. */
const elements = (xml: string, local: string) =>
  [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?${local}(?=[\\s/>])([^>]*)>`, 'g'))].map((m) => attributes(m[1]!));

/** The zip entry a relationship of a part in `from` points to (targets may be absolute or relative). */
export function resolveTarget(from: string, target: string): string {
  let t = target;
  try {
    t = decodeURIComponent(target);
  } catch {
    // A stray % is kept as it is.
  }
  const full = t.startsWith('/') ? t : posix.join(from, t);
  return posix.normalize(full).replace(/^\/+/, '');
}

export interface Relationship {
  id: string;
  type: string;
  target: string;
  external: boolean;
}

export function readRelationships(xml: string): Relationship[] {
  return elements(xml, 'Relationship').map((a) => ({
    id: a.get('Id') ?? '',
    type: a.get('Type') ?? '',
    target: a.get('Target') ?? '',
    external: a.get('TargetMode') === 'External',
  }));
}

/** The sheets of xl/workbook.xml with the parts xl/_rels/workbook.xml.rels gives them, in workbook order. */
export function workbookParts(workbookXml: string, relsXml: string): WorkbookParts {
  const rels = readRelationships(relsXml).filter((r) => !r.external);
  const byId = new Map(rels.map((r) => [r.id, r]));
  const sheets: SheetPart[] = [];
  for (const a of elements(workbookXml, 'sheet')) {
    // The relationship id is the `id` attribute in the relationships namespace (usually r:id).
    const rid = [...a].find(([k]) => /^[\w.-]+:id$/.test(k))?.[1];
    const rel = rid === undefined ? undefined : byId.get(rid);
    // Chart sheets and dialog sheets hold no cells.
    if (!rel || !rel.type.endsWith('/worksheet')) continue;
    sheets.push({
      name: a.get('name') ?? '',
      state: a.get('state') ?? 'visible',
      path: resolveTarget('xl', rel.target),
    });
  }
  const strings = rels.find((r) => r.type.endsWith('/sharedStrings'));
  const pr = elements(workbookXml, 'workbookPr')[0];
  const date1904 = pr?.get('date1904') === '1' || pr?.get('date1904') === 'true';
  return { sheets, sharedStrings: strings ? resolveTarget('xl', strings.target) : null, date1904 };
}
