import mammoth from 'mammoth';
import { DOCUMENT_LIMITS, DocumentRefused, PageCollector } from './documentPages.js';
import type { DocumentText } from './documents.js';
import { attributeTree, orderedTree, relationships } from './officeXml.js';
import type { XmlNode } from './officeXml.js';
import { OfficeZip } from './officeZip.js';
import { sheetsText } from './sheetText.js';

/** A Word document's text by mammoth, after the package passed the size caps. */
async function wordText(path: string, zip: OfficeZip): Promise<DocumentText> {
  if (!zip.has('word/document.xml')) throw new DocumentRefused('failed', 'unreadable: no word/document.xml');
  // mammoth inflates the parts it reads with no cap of its own: those parts are the XML ones.
  await zip.readAll((n) => n.endsWith('.xml') || n.endsWith('.rels'));
  let raw: string;
  try {
    raw = (await mammoth.extractRawText({ path })).value;
  } catch (err) {
    throw new DocumentRefused('failed', `unreadable: ${(err as Error).message}`);
  }
  const out = new PageCollector();
  out.add(1, raw);
  return out.result();
}

/** Text of drawing paragraphs (`a:p`) under a node: runs joined, a line per paragraph and break. */
function drawingText(nodes: XmlNode[], out: string[]) {
  for (const node of nodes) {
    for (const [tag, kids] of Object.entries(node)) {
      if (tag === ':@' || tag === '#text' || !Array.isArray(kids)) continue;
      if (tag === 't') {
        for (const k of kids as XmlNode[]) if (typeof k['#text'] === 'string') out.push(k['#text']);
      } else if (tag === 'br') out.push('\n');
      else {
        drawingText(kids as XmlNode[], out);
        if (tag === 'p') out.push('\n');
      }
    }
  }
}

/** Slide part names in the presentation's order (its slide list), or by number when it has none. */
async function slideParts(zip: OfficeZip): Promise<string[]> {
  const main = 'ppt/presentation.xml';
  const xml = await zip.text(main);
  if (!xml) throw new DocumentRefused('failed', 'unreadable: no ppt/presentation.xml');
  const doc = attributeTree<{ presentation?: { sldIdLst?: { sldId?: XmlNode[] } } }>(xml, main);
  const rels = await relationships(zip, main);
  const listed = (doc.presentation?.sldIdLst?.sldId ?? [])
    .map((s) => rels.get(String(s['@_id'])))
    .filter((p): p is string => p !== undefined && zip.has(p));
  if (listed.length) return listed;
  const num = (n: string) => Number(/slide(\d+)\.xml$/.exec(n)?.[1]);
  return zip
    .names()
    .filter((n) => /^ppt\/slides\/slide\d+\.xml$/.test(n))
    .sort((a, b) => num(a) - num(b));
}

/** A presentation's text, a page per slide in show order (notes are not read). */
async function slidesText(zip: OfficeZip, deadline: number): Promise<DocumentText> {
  const parts = await slideParts(zip);
  const out = new PageCollector();
  const last = Math.min(parts.length, DOCUMENT_LIMITS.pages);
  if (parts.length > last) out.note(`read the first ${last} of ${parts.length} slides`);
  for (let i = 0; i < last; i++) {
    if (Date.now() > deadline) {
      out.note(`stopped at slide ${i + 1} of ${parts.length}: time limit`);
      break;
    }
    const part = parts[i]!;
    const lines: string[] = [];
    drawingText(orderedTree((await zip.text(part)) ?? '', part), lines);
    if (!out.add(i + 1, lines.join(''))) break;
  }
  return out.result();
}

/** The text of a docx/docm, pptx/pptm or xlsx/xlsm file; macros and embedded objects are never read. */
export async function officeText(path: string, ext: string, deadline: number): Promise<DocumentText> {
  const zip = await OfficeZip.open(path);
  try {
    if (ext === 'docx' || ext === 'docm') return await wordText(path, zip);
    if (ext === 'pptx' || ext === 'pptm') return await slidesText(zip, deadline);
    return await sheetsText(zip, deadline);
  } finally {
    zip.close();
  }
}
