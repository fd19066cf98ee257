import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import {
  TEMPLATE_MAX_BYTES,
  TEMPLATE_MAX_COLUMNS,
  TEMPLATE_MAX_EXPANDED_BYTES,
  TEMPLATE_MAX_RATIO,
  TEMPLATE_MAX_ROWS,
} from '@brandvault/contract';

/** Why a file is not a template we read: every one answers 422 and schedules nothing. */
export type XlsxProblem =
  | 'name'
  | 'size'
  | 'notZip'
  | 'encrypted'
  | 'entries'
  | 'expansion'
  | 'ratio'
  | 'macros'
  | 'notXlsx'
  | 'rows'
  | 'columns';

export class XlsxRefused extends Error {
  constructor(readonly problem: XlsxProblem) {
    super(`not a template: ${problem}`);
  }
}

const MAX_ENTRIES = 2000;
/** Below this an entry's ratio says nothing (tiny XML parts compress very well). */
const RATIO_FROM_BYTES = 1024 * 1024;
const XLSX_MAIN = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml';
/** The start of an OLE compound file: a legacy xls, or an xlsx encrypted with a password. */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

// Every worksheet, whatever its writer named it (the reader finds sheets by the workbook's list).
const SHEET = /^xl\/worksheets\/([^/]+)\.xml$/;
const TAG = /<(row|c)[\s>/]/g;

/** Counts a worksheet's rows and the most cells in a row as its XML streams by. */
class SheetCounter {
  rows = 0;
  private cells = 0;
  most = 0;
  private tail = '';
  feed(chunk: Buffer) {
    // Tags are ASCII; a tag split between chunks is found in the kept tail, and counted once.
    const s = this.tail + chunk.toString('latin1');
    for (const m of s.matchAll(TAG)) {
      if (m.index + m[0].length <= this.tail.length) continue;
      if (m[1] === 'row') {
        this.rows++;
        this.cells = 0;
      } else this.most = Math.max(this.most, ++this.cells);
    }
    this.tail = s.slice(-4);
  }
}

const open = (data: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(data, { lazyEntries: true, validateEntrySizes: true }, (err, zip) =>
      err || !zip ? reject(err ?? new Error('no zip')) : resolve(zip),
    ),
  );

/** Inflates one entry, counting its real bytes: stops past `budget` (the sizes a zip declares may lie). */
function inflate(zip: ZipFile, entry: Entry, budget: number, keep: boolean, counter?: SheetCounter) {
  return new Promise<{ bytes: number; text?: string }>((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err ?? new Error('no stream'));
      let bytes = 0;
      const kept: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > budget) {
          stream.destroy();
          reject(new XlsxRefused('expansion'));
        } else if (keep) kept.push(chunk);
        counter?.feed(chunk);
      });
      stream.on('error', reject);
      stream.on('end', () => resolve({ bytes, ...(keep ? { text: Buffer.concat(kept).toString('utf8') } : {}) }));
    });
  });
}

/**
 * Checks an upload before any spreadsheet parser sees it: an .xlsx name, at most
 * TEMPLATE_MAX_BYTES, a zip (not a CSV, a legacy xls or a password-encrypted workbook) whose
 * entries really expand to at most TEMPLATE_MAX_EXPANDED_BYTES and TEMPLATE_MAX_RATIO times the
 * file, with the content type of an xlsx workbook and no macros, and sheets of at most
 * TEMPLATE_MAX_ROWS rows (and a header) and TEMPLATE_MAX_COLUMNS cells a row. Throws XlsxRefused.
 */
export async function checkXlsx(fileName: string, data: Buffer): Promise<void> {
  if (!/\.xlsx$/i.test(fileName)) throw new XlsxRefused('name');
  if (data.length === 0 || data.length > TEMPLATE_MAX_BYTES) throw new XlsxRefused('size');
  if (data.subarray(0, 8).equals(OLE)) throw new XlsxRefused('encrypted');
  if (data.readUInt32LE(0) !== 0x04034b50) throw new XlsxRefused('notZip');
  let zip: ZipFile;
  try {
    zip = await open(data);
  } catch {
    throw new XlsxRefused('notZip');
  }
  if (zip.entryCount > MAX_ENTRIES) {
    zip.close();
    throw new XlsxRefused('entries');
  }
  let total = 0;
  let types = '';
  const names = new Set<string>();
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: Entry) => {
        const name = entry.fileName;
        names.add(name.toLowerCase());
        if (
          entry.uncompressedSize > RATIO_FROM_BYTES &&
          entry.uncompressedSize / Math.max(entry.compressedSize, 1) > TEMPLATE_MAX_RATIO
        )
          return reject(new XlsxRefused('ratio'));
        if (name.endsWith('/')) return zip.readEntry();
        const sheet = SHEET.exec(name);
        const counter = sheet ? new SheetCounter() : undefined;
        inflate(zip, entry, TEMPLATE_MAX_EXPANDED_BYTES - total, name === '[Content_Types].xml', counter)
          .then((r) => {
            total += r.bytes;
            if (r.text !== undefined) types = r.text;
            // The first sheet holds a header and the rows; others (the Meta sheet) a few more.
            if (counter && counter.rows > TEMPLATE_MAX_ROWS + (sheet![1] === 'sheet1' ? 1 : 10))
              return reject(new XlsxRefused('rows'));
            if (counter && counter.most > TEMPLATE_MAX_COLUMNS) return reject(new XlsxRefused('columns'));
            zip.readEntry();
          })
          .catch(reject);
      });
      zip.readEntry();
    });
  } catch (err) {
    if (err instanceof XlsxRefused) throw err;
    throw new XlsxRefused('notZip');
  } finally {
    zip.close();
  }
  if (total / data.length > TEMPLATE_MAX_RATIO) throw new XlsxRefused('ratio');
  if (names.has('xl/vbaproject.bin') || /macroEnabled/i.test(types)) throw new XlsxRefused('macros');
  if (!types.includes(XLSX_MAIN) || !names.has('xl/workbook.xml')) throw new XlsxRefused('notXlsx');
}
