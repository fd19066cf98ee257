import { describe, expect, it } from 'vitest';
import { archivePaths, safeSegment } from './zipNames.js';

describe('archive names', () => {
  it('keeps ordinary names, accents and non-Latin text', () => {
    expect(safeSegment('Café déjà vu.jpg')).toBe('Café déjà vu.jpg');
    expect(safeSegment('Москва.png')).toBe('Москва.png');
  });

  it('never lets a name climb out, hide or break Windows', () => {
    expect(safeSegment('..')).toBe('_');
    expect(safeSegment('../../etc/passwd')).toBe('.._.._etc_passwd');
    expect(safeSegment('/abs/path.txt')).toBe('_abs_path.txt');
    expect(safeSegment('C:\\x.txt')).toBe('C__x.txt');
    expect(safeSegment('bad\u0000na\u202Eme.jpg')).toBe('badname.jpg');
    expect(safeSegment('trailing. . ')).toBe('trailing');
    expect(safeSegment('CON.txt')).toBe('_CON.txt');
    expect(safeSegment('what?*.png')).toBe('what__.png');
    const long = safeSegment(`${'é'.repeat(200)}.jpeg`);
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(255);
    expect(long.endsWith('.jpeg')).toBe(true);
  });

  it('numbers names that repeat in a directory, ignoring case', () => {
    expect(
      archivePaths([
        { dir: [], name: 'logo.png' },
        { dir: [], name: 'LOGO.png' },
        { dir: [], name: 'logo.png' },
        { dir: ['Shots'], name: 'logo.png' },
        { dir: [], name: 'Shots' },
        { dir: [], name: 'README' },
        { dir: [], name: 'README' },
      ]),
    ).toEqual(['logo.png', 'LOGO (2).png', 'logo (3).png', 'Shots/logo.png', 'Shots (2)', 'README', 'README (2)']);
  });
});
