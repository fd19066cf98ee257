import { posix } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { DocumentRefused } from './documentPages.js';
import type { OfficeZip } from './officeZip.js';

export type XmlNode = Record<string, unknown>;

/** Ordered trees with namespace prefixes dropped (`a:t` is `t`), attributes left out: for text runs. */
const ordered = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: true,
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  processEntities: true,
  htmlEntities: true,
});
/** Plain trees with attributes (`r:id` is `@_id`): for a package's small structural parts. */
const attributed = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['Relationship', 'sheet', 'sldId'].includes(name),
});

function parse<T>(parser: XMLParser, xml: string, part: string): T {
  try {
    return parser.parse(xml) as T;
  } catch (err) {
    // A malformed part makes the file unreadable, never the job.
    throw new DocumentRefused('failed', `unreadable: ${part}: ${(err as Error).message}`);
  }
}

export const orderedTree = (xml: string, part: string) => parse<XmlNode[]>(ordered, xml, part);
export const attributeTree = <T>(xml: string, part: string) => parse<T>(attributed, xml, part);

/** A package part's relationships: id → part name (targets resolved against the part's folder). */
export async function relationships(zip: OfficeZip, part: string): Promise<Map<string, string>> {
  const relsName = posix.join(posix.dirname(part), '_rels', `${posix.basename(part)}.rels`);
  const xml = await zip.text(relsName);
  const out = new Map<string, string>();
  if (!xml) return out;
  const doc = attributeTree<{ Relationships?: { Relationship?: XmlNode[] } }>(xml, relsName);
  for (const r of doc.Relationships?.Relationship ?? []) {
    const id = r['@_Id'];
    const target = r['@_Target'];
    if (typeof id !== 'string' || typeof target !== 'string' || r['@_TargetMode'] === 'External') continue;
    out.set(id, target.startsWith('/') ? target.slice(1) : posix.normalize(posix.join(posix.dirname(part), target)));
  }
  return out;
}
