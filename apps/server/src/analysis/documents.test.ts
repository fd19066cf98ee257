import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { DOCUMENT_LIMITS, PageCollector } from './documentPages.js';
import { docx, pptx, scannedPdf, textPdf, xlsx } from './documents.fixtures.js';
import { documentText } from './documents.js';
import type { DocumentText } from './documents.js';
import { releaseModels } from './thread.js';

const dir = mkdtempSync(join(tmpdir(), 'bv-documents-'));
afterAll(async () => {
  await releaseModels();
  rmSync(dir, { recursive: true, force: true });
});

let n = 0;
async function read(data: Buffer | Promise<Buffer>, ext: string, timeoutMs?: number) {
  const path = join(dir, `file${++n}.${ext}`);
  writeFileSync(path, await data);
  return documentText(path, ext, timeoutMs);
}

function done(r: DocumentText) {
  if (r.state !== 'done') throw new Error(`expected done, got ${r.state}: ${r.reason}`);
  return r;
}

describe('documentText: PDF', () => {
  it('reads each page’s text layer in order, a line per line', async () => {
    const r = done(
      await read(
        textPdf(3, (p) => [`Summer Sale page ${p}`, 'Fifty percent off'], {}),
        'pdf',
      ),
    );
    expect(r.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(r.pages[1]!.text).toBe('Summer Sale page 2\nFifty percent off');
    expect(r.pages[0]!.ocr).toBeUndefined();
    expect(r.note).toBeUndefined();
  });

  it('reads the first 500 pages of a 2,000-page PDF and says so', async () => {
    const t0 = Date.now();
    const r = done(
      await read(
        textPdf(2000, (p) => [`Catalogue entry ${p}`]),
        'pdf',
      ),
    );
    expect(r.pages).toHaveLength(500);
    expect(r.pages.at(-1)).toMatchObject({ page: 500, text: 'Catalogue entry 500' });
    expect(r.note).toBe('read the first 500 of 2000 pages');
    expect(Date.now() - t0).toBeLessThan(60_000);
  }, 90_000);

  it('skips a password-protected PDF', async () => {
    const r = await read(
      textPdf(1, () => ['Secret plan'], { userPassword: 'open sesame' }),
      'pdf',
    );
    expect(r).toEqual({ state: 'skipped', reason: 'password-protected' });
  });

  it('fails a corrupt PDF with the reason and stays usable for the next file', async () => {
    const good = await textPdf(1, () => ['Still here']);
    const r = await read(Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]), 'pdf');
    expect(r.state).toBe('failed');
    expect(r.state !== 'done' && r.reason).toMatch(/^unreadable PDF: /);
    expect(done(await read(good, 'pdf')).pages[0]!.text).toBe('Still here');
    // A file cut short: pdf.js may rebuild what is left, or it fails; it never throws.
    expect(['done', 'failed']).toContain((await read(good.subarray(0, good.length >> 1), 'pdf')).state);
  });

  it('fails a file that takes longer than its limit, and the next file is read', async () => {
    const r = await read(
      textPdf(400, (p) => [`Slow page ${p}`]),
      'pdf',
      1,
    );
    expect(r).toEqual({ state: 'failed', reason: 'document took over 1 ms' });
    expect(
      done(
        await read(
          textPdf(1, () => ['After the timeout']),
          'pdf',
        ),
      ).pages[0]!.text,
    ).toBe('After the timeout');
  });

  it('reads a scanned page by OCR, with the lines’ boxes in the render’s pixels', async () => {
    const r = done(
      await read(
        scannedPdf(1, () => ['SUMMER SALE', 'Brandvault poster']),
        'pdf',
      ),
    );
    const page = r.pages[0]!;
    expect(page.text).toMatch(/SUMMER SALE/i);
    expect(page.ocr!.height).toBe(2000);
    expect(page.ocr!.lines[0]!.box).toHaveLength(4);
    expect(page.ocr!.lines[0]!.box[2]![0]).toBeLessThanOrEqual(page.ocr!.width);
  }, 60_000);
});

describe('documentText: Office', () => {
  it('reads a docx’s paragraphs', async () => {
    const r = done(await read(docx(['Brand guidelines', 'Use the logo on white & never stretch it']), 'docx'));
    expect(r.pages).toEqual([{ page: 1, text: 'Brand guidelines\n\nUse the logo on white & never stretch it' }]);
  });

  it('reads a docm’s text and never its macro project', async () => {
    const vba = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0]), Buffer.alloc(4096, 7)]);
    const r = done(await read(docx(['Quarterly report'], { 'word/vbaProject.bin': vba }), 'docm'));
    expect(r.pages[0]!.text).toBe('Quarterly report');
  });

  it('reads a pptx a page per slide in the show’s order', async () => {
    const r = done(await read(pptx([['Welcome', 'Agenda for Q3'], ['Thank you']]), 'pptx'));
    expect(r.pages).toEqual([
      { page: 1, text: 'Welcome\nAgenda for Q3' },
      { page: 2, text: 'Thank you' },
    ]);
  });

  it('reads an xlsx a page per sheet: its name, then rows of cells', async () => {
    const file = xlsx({
      Budget: [
        ['Item', 'Cost'],
        ['Posters', 120],
        ['Total', { formula: 'B2', result: 120 }],
      ],
      Notes: [
        ['Ask Ana about the <red> banner'],
        [{ richText: [{ text: 'Summer ' }, { text: 'Sale', font: { bold: true } }] }],
      ],
    });
    const r = done(await read(file, 'xlsx'));
    expect(r.pages).toEqual([
      { page: 1, text: 'Budget\nItem\tCost\nPosters\t120\nTotal\t120' },
      { page: 2, text: 'Notes\nAsk Ana about the <red> banner\nSummer Sale' },
    ]);
  });

  it('fails a zip-bomb-like entry as too large without inflating it whole', async () => {
    // 80 MB of spaces deflate to ~80 KB; the declared size is honest, so it is refused before reading.
    const r = await read(docx(['x'], { 'word/styles.xml': Buffer.alloc(80 * 1024 * 1024, 0x20) }), 'docx');
    expect(r).toEqual({ state: 'failed', reason: 'too large' });
  });

  it('fails an entry that expands past what its header declares', async () => {
    const lying = await lyingZip('word/document.xml', Buffer.alloc(70 * 1024 * 1024, 0x20), 100);
    const r = await read(lying, 'docx');
    expect(r.state).toBe('failed');
    expect(r.state !== 'done' && r.reason).toMatch(/too large|unreadable/);
  });

  it('skips an encrypted Office file and fails a corrupt one', async () => {
    const ole = Buffer.concat([
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
      Buffer.alloc(512),
      Buffer.from('EncryptionInfo', 'utf16le'),
      Buffer.alloc(512),
    ]);
    expect(await read(ole, 'xlsx')).toEqual({ state: 'skipped', reason: 'password-protected' });
    const r = await read(Buffer.from('PK\u0003\u0004 not really a zip'), 'pptx');
    expect(r.state).toBe('failed');
  });
});

describe('the text cap', () => {
  it('keeps at most 1,000,000 characters of a file and says where it cut', () => {
    const out = new PageCollector();
    expect(out.add(1, 'a'.repeat(DOCUMENT_LIMITS.textChars - 10))).toBe(true);
    expect(out.add(2, '   \n  ')).toBe(true);
    expect(out.add(3, 'b'.repeat(50))).toBe(false);
    expect(out.add(4, 'never kept')).toBe(false);
    const r = done(out.result());
    expect(r.pages.map((p) => [p.page, p.text.length])).toEqual([
      [1, DOCUMENT_LIMITS.textChars - 10],
      [3, 10],
    ]);
    expect(r.note).toBe('text cut at 1,000,000 characters');
  });
});

/** A one-entry zip whose headers declare `declared` bytes for an entry that inflates to `data`. */
function lyingZip(name: string, data: Buffer, declared: number): Buffer {
  const packed = deflateRawSync(data);
  const nameBuf = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(0, 14); // crc: yauzl does not check it
  local.writeUInt32LE(packed.length, 18);
  local.writeUInt32LE(declared, 22);
  local.writeUInt16LE(nameBuf.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(packed.length, 20);
  central.writeUInt32LE(declared, 24);
  central.writeUInt16LE(nameBuf.length, 28);
  central.writeUInt32LE(0, 42);
  const cdStart = local.length + nameBuf.length + packed.length;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + nameBuf.length, 12);
  end.writeUInt32LE(cdStart, 16);
  return Buffer.concat([local, nameBuf, packed, central, nameBuf, end]);
}
