import { describe, expect, it } from 'vitest';
import { presetCrop } from './AssetDownloads';

const preset = (width: number, height: number) => ({ id: 1, name: 'P', width, height, format: null });

describe('a crop preset from an asset block', () => {
  it('takes the middle of a wide image at a portrait preset, at the preset size in JPEG', () => {
    const q = presetCrop({ width: 2000, height: 1000 }, preset(1080, 1350));
    expect(q).toMatchObject({ y: 0, h: 1, width: 1080, height: 1350, format: 'jpeg' });
    expect(q.w).toBeCloseTo(0.4);
    expect(q.x).toBeCloseTo(0.3);
  });

  it('takes the middle band of a tall image at a wide preset, in the format the preset asks', () => {
    const q = presetCrop({ width: 1000, height: 2000 }, { ...preset(1500, 500), format: 'png' });
    expect(q).toMatchObject({ x: 0, w: 1, format: 'png' });
    expect(q.h).toBeCloseTo(1 / 6);
    expect(q.y).toBeCloseTo(5 / 12);
  });
});
