import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { versionTypeChange } from './versionType';

describe('a new version of another file type', () => {
  it('names both types, treating JPG and JPEG as one', () => {
    expect(versionTypeChange('jpg', 'hero.png')).toEqual({ current: 'JPEG', next: 'PNG' });
    expect(versionTypeChange('jpeg', 'hero-v2.JPG')).toBeNull();
    expect(versionTypeChange('png', 'hero.png')).toBeNull();
    expect(versionTypeChange('pdf', 'no-extension')).toBeNull();
    // Text over a photo is the case that used to pass without a word.
    expect(versionTypeChange('.JPG', 'notes.txt')).toEqual({ current: 'JPEG', next: 'TXT' });
  });

  it('asks in the user language', () => {
    const change = versionTypeChange('jpg', 'hero.png')!;
    expect(i18n.getFixedT('en')('versions.typeChange', change)).toBe(
      'The new version is a PNG; the current one is a JPEG. Replace it anyway?',
    );
    expect(i18n.getFixedT('es')('versions.typeChange', change)).toBe(
      'La nueva versión es un PNG; la actual es un JPEG. ¿Reemplazarla de todos modos?',
    );
  });
});
