import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import type { Entry, ZipFile as ZipIn } from 'yauzl';
import { ZipFile } from 'yazl';

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
const rank = (name: string) => {
  const i = FIRST.indexOf(name);
  return i === -1 ? FIRST.length : i;
};

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

/** The same workbook with the parts above first; the file itself when they already are. */
export async function workbookFirst(data: Buffer): Promise<Buffer> {
  const zip = await open(data);
  const list = await entries(zip);
  // A stable sort: the other parts keep their order.
  const ordered = [...list].sort((a, b) => rank(a.fileName) - rank(b.fileName));
  if (ordered.every((e, i) => e === list[i])) {
    zip.close();
    return data;
  }
  const out = new ZipFile();
  for (const e of ordered) {
    if (e.fileName.endsWith('/')) continue;
    const stream = await new Promise<Readable>((resolve, reject) =>
      zip.openReadStream(e, (err, s) => (err || !s ? reject(err) : resolve(s))),
    );
    out.addReadStream(stream, e.fileName, { compress: true });
  }
  out.end();
  const chunks: Buffer[] = [];
  for await (const c of out.outputStream) chunks.push(c as Buffer);
  zip.close();
  return Buffer.concat(chunks);
}
