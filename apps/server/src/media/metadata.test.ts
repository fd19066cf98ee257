import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractMetadata } from './metadata.js';
import { detectTools } from './tools.js';
import { bombPng, fixtureDir, lavfi, photoJpeg, testClip, tinyPdf } from './test-fixtures.js';

const dir = fixtureDir();
const f = (name: string) => join(dir, name);

beforeAll(async () => {
  await photoJpeg(f('photo.jpg'), 1200, 800);
  tinyPdf(f('doc.pdf'));
  bombPng(f('bomb.png'));
  writeFileSync(f('garbage.jpg'), Buffer.from('\xff\xd8\xff\xe0 definitely not a jpeg', 'latin1'));
  writeFileSync(f('junk.mp4'), 'plain words, no container at all\n'.repeat(20));
  writeFileSync(f('logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"/>');
  testClip(
    f('clip.mp4'),
    2,
    '320x240',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=2',
    '-shortest',
    '-metadata',
    'artist=Video Author',
    '-metadata',
    'comment=Launch teaser',
    '-metadata',
    'keywords=launch, teaser',
    '-metadata',
    'creation_time=2024-03-02T01:02:03Z',
  );
  lavfi(f('jingle.mp3'), 'sine=duration=1.5', '-metadata', 'artist=Band');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('extractMetadata', () => {
  it('reads EXIF, IPTC and XMP from a photo, curated fields first', async () => {
    const m = await extractMetadata(f('photo.jpg'), 'image');
    expect(m).toMatchObject({
      // Orientation 6: the displayed picture is portrait.
      width: 800,
      height: 1200,
      // 03:02:01 at +02:00.
      created_at: '2024-05-04T01:02:01.000Z',
      author: 'Ana López',
      description: 'Campaña de verano',
      camera: {
        make: 'Canon',
        model: 'EOS R5',
        lens: 'RF 50mm F1.8',
        iso: 200,
        exposure: '1/250',
        aperture: 2.8,
        focal_length: 50,
      },
    });
    // IPTC and XMP keywords merged, case-insensitively unique.
    expect(m.keywords?.sort()).toEqual(['Beach', 'campaign', 'summer']);
  });

  it('reads duration, size and tags of a video and duration of audio with ffprobe', async () => {
    const v = await extractMetadata(f('clip.mp4'), 'video');
    expect(v.duration_seconds).toBeCloseTo(2, 1);
    expect(v).toMatchObject({
      width: 320,
      height: 240,
      author: 'Video Author',
      description: 'Launch teaser',
      keywords: ['launch', 'teaser'],
      created_at: '2024-03-02T01:02:03.000Z',
    });
    const a = await extractMetadata(f('jingle.mp3'), 'audio');
    expect(a.duration_seconds).toBeCloseTo(1.5, 1);
    expect(a).toMatchObject({ author: 'Band' });
    expect(a.width).toBeUndefined();
  });

  it('reads page size and document info of a PDF', async () => {
    expect(await extractMetadata(f('doc.pdf'), 'document')).toEqual({
      width: 200,
      height: 100,
      created_at: '2023-01-02T03:04:05.000Z',
      author: 'Pdf Author',
      description: 'Guidelines',
      keywords: ['brand', 'logo'],
    });
  });

  it('reads the same PDF fields with pdf.js when poppler is missing', async () => {
    const tools = await detectTools({ pdfinfo: '/nonexistent/pdfinfo' });
    expect(await extractMetadata(f('doc.pdf'), 'document', { tools })).toEqual({
      width: 200,
      height: 100,
      created_at: '2023-01-02T03:04:05.000Z',
      author: 'Pdf Author',
      description: 'Guidelines',
      keywords: ['brand', 'logo'],
    });
  });

  it('reads the declared size of a bomb without decoding it, and never throws on odd files', async () => {
    expect(await extractMetadata(f('bomb.png'), 'image')).toEqual({ width: 30_000, height: 30_000 });
    expect(await extractMetadata(f('garbage.jpg'), 'image')).toEqual({});
    expect(await extractMetadata(f('junk.mp4'), 'video')).toEqual({});
    expect(await extractMetadata(f('logo.svg'), 'image')).toEqual({ width: 120, height: 40 });
    expect(await extractMetadata(f('doc.pdf'), 'other')).toMatchObject({ author: 'Pdf Author' });
  });
});
