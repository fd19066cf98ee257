import { open as openFile } from 'node:fs/promises';
import yauzl from 'yauzl';
import type { Entry, ZipFile } from 'yauzl';
import { DOCUMENT_LIMITS, DocumentRefused, tooLarge } from './documentPages.js';

/** The start of an OLE compound file: a password-encrypted Office file (or a legacy .doc/.xls/.ppt). */
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
/** The stream an encrypted Office Open XML file keeps its key data in, as the OLE directory names it. */
const ENCRYPTION_INFO = Buffer.from('EncryptionInfo', 'utf16le');

/**
 * An Office Open XML package opened for reading its XML parts by name. Entries are inflated only
 * when read, each capped at `entryBytes` and all together at `zipBytes` of real output (the sizes
 * a zip declares may lie: yauzl checks them as it inflates). Nothing else in the package (a macro
 * project, embedded objects) is ever read, let alone run.
 */
export class OfficeZip {
  private used = 0;

  private constructor(
    private readonly zip: ZipFile,
    private readonly entries: Map<string, Entry>,
  ) {}

  static async open(path: string): Promise<OfficeZip> {
    await refuseNonZip(path);
    let zip: ZipFile;
    try {
      zip = await new Promise<ZipFile>((resolve, reject) =>
        yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, z) =>
          err || !z ? reject(err ?? new Error('no zip')) : resolve(z),
        ),
      );
    } catch (err) {
      throw new DocumentRefused('failed', `unreadable: ${(err as Error).message}`);
    }
    if (zip.entryCount > DOCUMENT_LIMITS.zipEntries) {
      zip.close();
      throw tooLarge();
    }
    const entries = new Map<string, Entry>();
    try {
      await new Promise<void>((resolve, reject) => {
        zip.on('error', reject);
        zip.on('end', resolve);
        zip.on('entry', (e: Entry) => {
          // Part names are case-insensitive (ECMA-376 part 2, 9.1.1.1).
          entries.set(e.fileName.toLowerCase(), e);
          zip.readEntry();
        });
        zip.readEntry();
      });
    } catch (err) {
      zip.close();
      throw new DocumentRefused('failed', `unreadable: ${(err as Error).message}`);
    }
    return new OfficeZip(zip, entries);
  }

  has(name: string) {
    return this.entries.has(name.toLowerCase());
  }

  names() {
    return [...this.entries.keys()];
  }

  /** An XML part as text, or undefined when the package has no such part. */
  async text(name: string): Promise<string | undefined> {
    const entry = this.entries.get(name.toLowerCase());
    if (!entry) return undefined;
    if (entry.isEncrypted()) throw new DocumentRefused('skipped', 'password-protected');
    const budget = Math.min(DOCUMENT_LIMITS.entryBytes, DOCUMENT_LIMITS.zipBytes - this.used);
    if (entry.uncompressedSize > budget) throw tooLarge();
    const data = await new Promise<Buffer>((resolve, reject) => {
      this.zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return reject(new DocumentRefused('failed', `unreadable: ${err?.message ?? name}`));
        const kept: Buffer[] = [];
        let bytes = 0;
        stream.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > budget) {
            stream.destroy();
            reject(tooLarge());
          } else kept.push(chunk);
        });
        stream.on('error', (e) => reject(new DocumentRefused('failed', `unreadable: ${e.message}`)));
        stream.on('end', () => resolve(Buffer.concat(kept)));
      });
    });
    this.used += data.length;
    const xml = data.toString('utf8');
    // No Office part has a DTD; one here could only be an entity-expansion bomb.
    if (/<!DOCTYPE/i.test(xml.slice(0, 4096)))
      throw new DocumentRefused('failed', 'unreadable: a DTD in an Office part');
    return xml;
  }

  /** Every part whose name passes `keep` read (and so checked against the caps), e.g. before another parser reads the package. */
  async readAll(keep: (name: string) => boolean) {
    for (const name of this.entries.keys()) if (!name.endsWith('/') && keep(name)) await this.text(name);
  }

  close() {
    this.zip.close();
  }
}

/** An encrypted Office file is an OLE file, not a zip: skipped as password-protected. */
async function refuseNonZip(path: string) {
  const f = await openFile(path, 'r');
  try {
    const { size } = await f.stat();
    if (size > DOCUMENT_LIMITS.fileBytes) throw tooLarge();
    const head = Buffer.alloc(8);
    await f.read(head, 0, 8, 0);
    if (!head.equals(OLE)) return;
    // The OLE directory may sit anywhere in the file; the first 64 MB hold it in all but huge files.
    const whole = Buffer.alloc(Math.min(size, 64 * 1024 * 1024));
    await f.read(whole, 0, whole.length, 0);
    if (whole.includes(ENCRYPTION_INFO)) throw new DocumentRefused('skipped', 'password-protected');
    throw new DocumentRefused('failed', 'unreadable: a legacy binary Office file, not Office Open XML');
  } finally {
    await f.close();
  }
}
