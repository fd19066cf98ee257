import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import type { Entry, ZipFile as ZipIn } from 'yauzl';
import { ZipFile } from 'yazl';
import { escapeXml, readRelationships, workbookParts } from './packageParts.js';
import type { WorkbookParts } from './packageParts.js';

/**
 * The parts exceljs' streaming reader must meet before any worksheet: it reads a worksheet at
 * once when the shared strings and the relationships are known, and then needs the workbook's
 * sheet list too, which it does not wait for (a TypeError on `sheets`). Excel writes the
 * workbook early; exceljs' own writer adds it last and its worksheets and shared strings in an
 * order that varies from one save to the next, so such files failed now and then.
 */
const FIRST = [
  '[Content_Types].xml',
  '_rels/.rels',
  'xl/workbook.xml',
  'xl/_rels/workbook.xml.rels',
  'xl/styles.xml',
  'xl/sharedStrings.xml',
];
const WORKBOOK = 'xl/workbook.xml';
const RELS = 'xl/_rels/workbook.xml.rels';
const STRINGS = 'xl/sharedStrings.xml';
const EMPTY_STRINGS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
  '<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>';
const sheetName = (i: number) => `xl/worksheets/sheet${i + 1}.xml`;
const SHEET_AT = /^xl\/worksheets\/sheet(\d+)\.xml$/;
const rank = (name: string) => {
  const i = FIRST.indexOf(name);
  if (i !== -1) return i;
  const sheet = SHEET_AT.exec(name);
  // Worksheets in workbook order, so the first one read is the workbook's first sheet.
  return sheet ? FIRST.length + Number(sheet[1]) : FIRST.length;
};

/** Whether the parts exceljs needs first, and the worksheets, already come in that order (others anywhere). */
const inOrder = (names: string[]) =>
  names
    .map(rank)
    .filter((r) => r !== FIRST.length)
    .every((r, i, all) => i === 0 || all[i - 1]! <= r);

const open = (data: Buffer) =>
  new Promise<ZipIn>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true }, (err, zip) => (err || !zip ? reject(err) : resolve(zip))),
  );

async function entries(zip: ZipIn): Promise<Entry[]> {
  const out: Entry[] = [];
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: Entry) => {
      out.push(e);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return out;
}

const stream = (zip: ZipIn, e: Entry) =>
  new Promise<Readable>((resolve, reject) => zip.openReadStream(e, (err, s) => (err || !s ? reject(err) : resolve(s))));

/** The workbook and its relationships as Excel writes them: sheet N in xl/worksheets/sheetN.xml. */
function excelNamed(p: WorkbookParts) {
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const rels = [
    ...p.sheets.map((_, i) => rel(`rIdSheet${i + 1}`, 'worksheet', `worksheets/sheet${i + 1}.xml`)),
    rel('rIdStrings', 'sharedStrings', 'sharedStrings.xml'),
  ];
  const sheets = p.sheets.map(
    (s, i) =>
      `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" state="${escapeXml(s.state)}" r:id="rIdSheet${i + 1}"/>`,
  );
  return {
    workbook:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ' +
      'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
      `<workbookPr${p.date1904 ? ' date1904="1"' : ''}/><sheets>${sheets.join('')}</sheets></workbook>`,
    rels:
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n' +
      `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
  };
}

/** Whether exceljs finds every sheet of this workbook by the names Excel uses. */
function excelLike(p: WorkbookParts, workbookXml: string, relsXml: string) {
  const targets = new Map(readRelationships(relsXml).map((r) => [r.target, r]));
  return (
    p.sheets.every((s, i) => s.path === sheetName(i) && targets.has(`worksheets/sheet${i + 1}.xml`)) &&
    p.sharedStrings === STRINGS &&
    /<sheets>/.test(workbookXml) &&
    /<sheet [^>]*\br:id=/.test(workbookXml)
  );
}

/**
 * The same workbook as exceljs' streaming reader needs it: the parts above first, worksheets in
 * workbook order, and, when the writer named or referred to parts its own way, the sheets and
 * shared strings moved to Excel's names with a plain workbook and relationships that say so
 * (sheet names and hidden states kept). The file itself when it already is that way.
 */
export async function excelShaped(data: Buffer): Promise<Buffer> {
  const zip = await open(data);
  try {
    const list = await entries(zip);
    const text = async (name: string) => {
      const e = list.find((x) => x.fileName === name);
      return e ? (await buffer(await stream(zip, e))).toString('utf8') : null;
    };
    const workbookXml = await text(WORKBOOK);
    const relsXml = await text(RELS);
    if (workbookXml === null || relsXml === null) throw new Error('no workbook');
    const parts = workbookParts(workbookXml, relsXml);
    const renamed = new Map<string, string>();
    let replaced: ReturnType<typeof excelNamed> | null = null;
    if (!excelLike(parts, workbookXml, relsXml)) {
      replaced = excelNamed(parts);
      parts.sheets.forEach((s, i) => renamed.set(s.path, sheetName(i)));
      if (parts.sharedStrings) renamed.set(parts.sharedStrings, STRINGS);
    }
    // Renamed: worksheet parts not in the workbook (and sheets' own relationships, relative to
    // where the sheet was) are left out, so no stale part is read under a sheet's new name.
    const kept = list.flatMap((e) => {
      const name = renamed.get(e.fileName) ?? e.fileName;
      if (e.fileName.endsWith('/')) return [];
      if (replaced && !renamed.has(e.fileName) && (name.startsWith('xl/worksheets/') || name === STRINGS)) return [];
      return [{ e, name }];
    });
    // A stable sort: the other parts keep their order. Without shared strings (inline strings only, as openpyxl writes) exceljs parks every sheet
    // in a temporary file and now and then loses one: an empty table makes it read them at once.
    const ordered = [...kept, ...(replaced && !parts.sharedStrings ? [{ e: null, name: STRINGS }] : [])].sort(
      (a, b) => rank(a.name) - rank(b.name),
    );
    if (!replaced && inOrder(list.map((e) => e.fileName))) return data;
    const out = new ZipFile();
    for (const { e, name } of ordered) {
      if (replaced && name === WORKBOOK) out.addBuffer(Buffer.from(replaced.workbook), name);
      else if (replaced && name === RELS) out.addBuffer(Buffer.from(replaced.rels), name);
      else if (!e) out.addBuffer(Buffer.from(EMPTY_STRINGS), name);
      else out.addReadStream(await stream(zip, e), name, { compress: true });
    }
    out.end();
    return await buffer(out.outputStream as Readable);
  } finally {
    zip.close();
  }
}
