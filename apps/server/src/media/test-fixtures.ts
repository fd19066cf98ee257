import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

/** Fixtures for the media tests, generated on the fly into a temp dir: no binary files in the repo. */

export const fixtureDir = () => mkdtempSync(join(tmpdir(), 'bv-media-test-'));

/** Writes `out` from an ffmpeg lavfi source (testsrc, sine, ...); `extra` goes before the output. */
export function lavfi(out: string, source: string, ...extra: string[]): void {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-f', 'lavfi', '-i', source, ...extra, out]);
}

/** A short H.264 test-pattern video. */
export const testClip = (out: string, seconds: number, size: string, ...extra: string[]) =>
  lavfi(out, `testsrc=duration=${seconds}:size=${size}:rate=10`, ...extra, '-pix_fmt', 'yuv420p');

export function hasCommand(cmd: string): boolean {
  try {
    execFileSync(cmd, ['--help'], { stdio: 'ignore', timeout: 5000 });
    return true;
  } catch (err) {
    // A non-zero exit still means the program exists; only a failed spawn means it does not.
    return (err as NodeJS.ErrnoException).code !== 'ENOENT';
  }
}

export const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/">
<dc:creator><rdf:Seq><rdf:li>Ana López</rdf:li></rdf:Seq></dc:creator>
<dc:description><rdf:Alt><rdf:li xml:lang="x-default">Campaña de verano</rdf:li></rdf:Alt></dc:description>
<dc:subject><rdf:Bag><rdf:li>summer</rdf:li><rdf:li>Beach</rdf:li></rdf:Bag></dc:subject>
</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/** An APP13 segment (Photoshop IRB 0x0404) holding IPTC-IIM records: sharp cannot write IPTC itself. */
function iptcSegment(records: [dataset: number, value: string][]): Buffer {
  const iptc = Buffer.concat(
    records.map(([ds, v]) => {
      const b = Buffer.from(v, 'utf8');
      return Buffer.concat([Buffer.from([0x1c, 2, ds, b.length >> 8, b.length & 0xff]), b]);
    }),
  );
  const size = Buffer.alloc(4);
  size.writeUInt32BE(iptc.length);
  const irb = Buffer.concat([
    Buffer.from('8BIM'),
    Buffer.from([0x04, 0x04, 0, 0]),
    size,
    iptc,
    Buffer.alloc(iptc.length % 2),
  ]);
  const body = Buffer.concat([Buffer.from('Photoshop 3.0\0'), irb]);
  const len = Buffer.alloc(2);
  len.writeUInt16BE(body.length + 2);
  return Buffer.concat([Buffer.from([0xff, 0xed]), len, body]);
}

/** A camera-like JPEG: EXIF (camera, date, orientation 6 = shot rotated), XMP and IPTC. */
export async function photoJpeg(path: string, width = 1200, height = 800): Promise<void> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
    .composite([
      {
        input: { create: { width: width / 4, height: height / 4, channels: 3, background: '#ffcc00' } },
        left: 0,
        top: 0,
      },
    ])
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Canon', Model: 'EOS R5', Artist: 'Exif Artist', ImageDescription: 'OLYMPUS DIGITAL CAMERA' },
      IFD2: {
        DateTimeOriginal: '2024:05:04 03:02:01',
        OffsetTimeOriginal: '+02:00',
        ISOSpeedRatings: '200',
        FNumber: '28/10',
        ExposureTime: '1/250',
        FocalLength: '50/1',
        LensModel: 'RF 50mm F1.8',
      },
      // Madrid, Puerta del Sol: 40° 25' 0.6" N, 3° 42' 12.6" W.
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 25/1 6/10',
        GPSLongitudeRef: 'W',
        GPSLongitude: '3/1 42/1 126/10',
      },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(XMP)
    .toBuffer();
  const iptc = iptcSegment([
    [25, 'summer'],
    [25, 'campaign'],
    [80, 'Iptc Author'],
    [120, 'Iptc caption'],
  ]);
  writeFileSync(path, Buffer.concat([jpeg.subarray(0, 2), iptc, jpeg.subarray(2)]));
}

/** A PNG that declares a huge canvas (a decompression bomb's header) over a few bytes of data. */
export function bombPng(path: string, width = 30_000, height = 30_000): void {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8); // 8-bit RGBA
  // One zero row: a real bomb deflates gigabytes of zeros from a few kilobytes; the header is what matters.
  const idat = deflateSync(Buffer.alloc(1 + width * 4));
  writeFileSync(
    path,
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      chunk('IDAT', idat),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

/** A minimal valid one-page PDF (200×100 pt, a filled rectangle) with document info. */
export function tinyPdf(path: string): void {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << >> >>',
    null, // the content stream, below
    '<< /Title (Brand book) /Author (Pdf Author) /Subject (Guidelines) /Keywords (brand, logo) /CreationDate (D:20230102030405Z) >>',
  ];
  const content = '1 0 0 rg 20 20 160 60 re f';
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out));
    const text = body ?? `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
    out += `${i + 1} 0 obj\n${text}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  writeFileSync(path, out);
}

export const WEBP_MAGIC = (b: Buffer) =>
  b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP';
