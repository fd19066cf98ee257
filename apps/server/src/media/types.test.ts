import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDir, testClip, tinyPdf } from './test-fixtures.js';
import { checkExtensionMatchesContent, DEFAULT_EXTENSIONS, detectType, extensionOf, inspectUpload } from './types.js';

const dir = fixtureDir();
const f = (name: string) => join(dir, name);
const ALL = DEFAULT_EXTENSIONS.map((e) => e.ext);

beforeAll(async () => {
  await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
    .jpeg()
    .toFile(f('photo.jpg'));
  await sharp({ create: { width: 8, height: 8, channels: 4, background: '#0f08' } })
    .png()
    .toFile(f('alpha.png'));
  writeFileSync(f('shell.jpg'), '<?php system($_GET["c"]); ?>\n');
  writeFileSync(f('page.jpg'), '<!DOCTYPE html>\n<html><body><script>alert(1)</script></body></html>\n');
  writeFileSync(f('empty.txt'), '');
  writeFileSync(f('empty.jpg'), '');
  writeFileSync(f('notes.txt'), 'Brand colours: red, blue.\nLogo clear space: 2x.\n');
  writeFileSync(f('sneaky.txt'), 'hello\n<?php echo 1; ?>\n');
  writeFileSync(f('page.txt'), '  <html><body>hi</body></html>');
  writeFileSync(f('list.csv'), 'name,colour\nlogo,red\n');
  writeFileSync(
    f('logo.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
  );
  writeFileSync(
    f('illustrator.svg'),
    '<?xml version="1.0" encoding="UTF-8"?>\n<!-- Generator: Adobe Illustrator 27.0 -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n<svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"/>',
  );
  writeFileSync(
    f('xhtml.svg'),
    '<?xml version="1.0"?>\n<html xmlns="http://www.w3.org/1999/xhtml"><script>alert(1)</script></html>',
  );
  writeFileSync(f('binary.txt'), Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]));
  tinyPdf(f('doc.pdf'));
  testClip(f('clip.mp4'), 0.5, '64x48');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function verdict(file: string, name = file, allow: Parameters<typeof checkExtensionMatchesContent>[2] = ALL) {
  return checkExtensionMatchesContent(name, await detectType(f(file), name), allow);
}

describe('extensionOf', () => {
  it('takes the last extension of the last path segment, lower-cased', () => {
    expect(extensionOf('Logo.Final.JPG')).toBe('jpg');
    expect(extensionOf('C:\\fakepath\\a.png')).toBe('png');
    expect(extensionOf('shell.php.jpg')).toBe('jpg');
    expect(extensionOf('README')).toBeUndefined();
    expect(extensionOf('trailing.')).toBeUndefined();
  });
});

describe('default allow-list', () => {
  it('covers every asset type with a MIME type for each extension', () => {
    const types = new Set(DEFAULT_EXTENSIONS.map((e) => e.assetType));
    expect([...types].sort()).toEqual(['audio', 'document', 'image', 'other', 'video']);
    for (const e of DEFAULT_EXTENSIONS) expect(e.mime).toMatch(/^[a-z]+\/[\w.+-]+$/);
    expect(new Set(ALL).size).toBe(ALL.length);
  });
});

describe('detectType', () => {
  it('finds the real type from the bytes, whatever the name says', async () => {
    expect(await detectType(f('photo.jpg'), 'x.png')).toMatchObject({
      ext: 'jpg',
      mime: 'image/jpeg',
      assetType: 'image',
      source: 'magic',
    });
    expect(await detectType(f('clip.mp4'), 'clip.mp4')).toMatchObject({ assetType: 'video', source: 'magic' });
    expect(await detectType(f('shell.jpg'), 'shell.jpg')).toMatchObject({ ext: 'php', source: 'sniff' });
    expect(await detectType(f('page.jpg'), 'page.jpg')).toMatchObject({ ext: 'html', source: 'sniff' });
    // file-type calls any XML "xml"; the sniffer looks for the root element.
    expect(await detectType(f('illustrator.svg'), 'a.svg')).toMatchObject({ ext: 'svg', assetType: 'image' });
    expect(await detectType(f('empty.txt'), 'empty.txt')).toMatchObject({ ext: undefined, size: 0, sniff: 'empty' });
  });
});

describe('checkExtensionMatchesContent', () => {
  it('accepts files whose bytes agree with their extension', async () => {
    expect(await verdict('photo.jpg')).toMatchObject({
      ok: true,
      ext: 'jpg',
      mime: 'image/jpeg',
      assetType: 'image',
      empty: false,
    });
    expect(await verdict('photo.jpg', 'PHOTO.JPEG')).toMatchObject({ ok: true, ext: 'jpeg' });
    expect(await verdict('alpha.png')).toMatchObject({ ok: true, assetType: 'image' });
    expect(await verdict('logo.svg')).toMatchObject({ ok: true, mime: 'image/svg+xml' });
    expect(await verdict('illustrator.svg')).toMatchObject({ ok: true });
    expect(await verdict('notes.txt')).toMatchObject({ ok: true, assetType: 'document', mime: 'text/plain' });
    expect(await verdict('list.csv')).toMatchObject({ ok: true, mime: 'text/csv' });
    expect(await verdict('doc.pdf')).toMatchObject({ ok: true, assetType: 'document' });
    expect(await verdict('doc.pdf', 'logo.ai')).toMatchObject({ ok: true, assetType: 'other', group: 'design' });
    // ffmpeg writes an "isom" MP4; a .mov or .m4v holding it is the same family.
    expect(await verdict('clip.mp4', 'clip.mov')).toMatchObject({
      ok: true,
      mime: 'video/quicktime',
      assetType: 'video',
    });
    expect(await verdict('clip.mp4', 'clip.m4v')).toMatchObject({ ok: true });
  });

  it('rejects a PHP or HTML file renamed .jpg', async () => {
    expect(await verdict('shell.jpg')).toMatchObject({ ok: false, reason: 'content_mismatch', found: 'php' });
    expect(await verdict('page.jpg')).toMatchObject({ ok: false, reason: 'content_mismatch', found: 'html' });
  });

  it('rejects text types that look like markup or binary, and an SVG that is not SVG', async () => {
    expect(await verdict('sneaky.txt')).toMatchObject({ ok: false, reason: 'content_mismatch', found: 'php' });
    expect(await verdict('page.txt')).toMatchObject({ ok: false, reason: 'content_mismatch', found: 'html' });
    expect(await verdict('binary.txt')).toMatchObject({ ok: false, reason: 'content_mismatch' });
    expect(await verdict('xhtml.svg')).toMatchObject({ ok: false, reason: 'content_mismatch', found: 'html' });
    expect(await verdict('notes.txt', 'notes.svg')).toMatchObject({ ok: false, reason: 'content_mismatch' });
  });

  it('rejects bytes of another binary type', async () => {
    expect(await verdict('alpha.png', 'alpha.jpg')).toMatchObject({
      ok: false,
      reason: 'content_mismatch',
      found: 'png',
    });
    expect(await verdict('photo.jpg', 'photo.pdf')).toMatchObject({
      ok: false,
      reason: 'content_mismatch',
      found: 'jpg',
    });
    expect(await verdict('clip.mp4', 'clip.mp3')).toMatchObject({ ok: false, reason: 'content_mismatch' });
  });

  it('needs an extension, and an allowed one', async () => {
    expect(await verdict('photo.jpg', 'photo')).toMatchObject({ ok: false, reason: 'missing_extension' });
    expect(await verdict('notes.txt', 'run.exe')).toMatchObject({
      ok: false,
      reason: 'extension_not_allowed',
      ext: 'exe',
    });
    expect(await verdict('photo.jpg', 'photo.jpg', ['png', 'gif'])).toMatchObject({
      ok: false,
      reason: 'extension_not_allowed',
    });
  });

  it('accepts a zero-byte text file as empty (stored, no derivatives), not a zero-byte image', async () => {
    expect(await verdict('empty.txt')).toMatchObject({ ok: true, empty: true, mime: 'text/plain' });
    expect(await verdict('empty.jpg')).toMatchObject({ ok: false, reason: 'content_mismatch', found: 'empty' });
  });

  it('checks an extension the table does not know against the MIME type the administrator gave', async () => {
    const allow = [...ALL, { ext: 'jfif', mime: 'image/jpeg' }, 'log'];
    expect(await verdict('photo.jpg', 'photo.jfif', allow)).toMatchObject({
      ok: true,
      mime: 'image/jpeg',
      assetType: 'image',
    });
    expect(await verdict('alpha.png', 'alpha.jfif', allow)).toMatchObject({ ok: false, reason: 'content_mismatch' });
    expect(await verdict('notes.txt', 'server.log', allow)).toMatchObject({
      ok: true,
      mime: 'text/plain',
      assetType: 'document',
    });
    expect(await verdict('page.jpg', 'page.log', allow)).toMatchObject({ ok: false, reason: 'content_mismatch' });
  });

  it('inspectUpload combines both', async () => {
    const v = await inspectUpload(f('photo.jpg'), 'photo.jpg', ALL);
    expect(v).toMatchObject({ ok: true, detected: { ext: 'jpg', size: expect.any(Number) } });
  });
});
