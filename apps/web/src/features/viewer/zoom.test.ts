import { describe, expect, it } from 'vitest';
import { actualSizeTenths, canZoomIn, canZoomOut, wheelSteps, zoomIn, zoomOut } from './zoom';

describe('zoom steps', () => {
  it('keeps 0.1 steps within 50–150 % on the grid', () => {
    expect(zoomIn(10)).toBe(11);
    expect(zoomIn(15)).toBe(15);
    expect(zoomOut(10)).toBe(9);
    expect(zoomOut(5)).toBe(5);
    expect([canZoomIn(15), canZoomOut(5), canZoomIn(14), canZoomOut(6)]).toEqual([false, false, true, true]);
  });

  it('steps from an actual-pixel level back onto the grid, only towards 50–150 %', () => {
    // 228.6 %: zooming in stays put, zooming out snaps to 220 % and carries on from there.
    expect(canZoomIn(22.86)).toBe(false);
    expect(zoomIn(22.86)).toBe(22.86);
    expect(zoomOut(22.86)).toBe(22);
    expect(zoomIn(22)).toBe(22);
    // 33.3 %: zooming out stays put, zooming in snaps to 40 %.
    expect(canZoomOut(3.33)).toBe(false);
    expect(zoomOut(3.33)).toBe(3.33);
    expect(zoomIn(3.33)).toBe(4);
    // Inside the range, off the grid: the next tenth either way.
    expect(zoomIn(12.5)).toBe(13);
    expect(zoomOut(12.5)).toBe(12);
    expect(zoomIn(14.5)).toBe(15);
    expect(zoomOut(5.5)).toBe(5);
  });
});

describe('actualSizeTenths', () => {
  it("scales the fitted size to the original's pixels, whichever way round the original is stored", () => {
    expect(actualSizeTenths({ width: 800, height: 450 }, { width: 1600, height: 900 })).toBe(20);
    // A portrait photo stored landscape with an EXIF turn, its preview upright.
    expect(actualSizeTenths({ width: 450, height: 800 }, { width: 1600, height: 900 })).toBe(20);
    expect(actualSizeTenths({ width: 400, height: 300 }, { width: 200, height: 150 })).toBe(5);
  });

  it('gives nothing before the picture is laid out or without a size', () => {
    expect(actualSizeTenths({ width: 0, height: 0 }, { width: 1600, height: 900 })).toBeNull();
    expect(actualSizeTenths({ width: 800, height: 450 }, { width: 0, height: 0 })).toBeNull();
  });
});

describe('wheelSteps', () => {
  it('takes one step per mouse notch and adds up small trackpad events', () => {
    expect(wheelSteps(0, -100)).toEqual({ steps: 1, pending: 0 });
    expect(wheelSteps(0, 100)).toEqual({ steps: -1, pending: 0 });
    // Lines (Firefox's mouse wheel): 3 lines is a notch.
    expect(wheelSteps(0, 3, 1).steps).toBe(-1);
    expect(wheelSteps(0, -20)).toEqual({ steps: 0, pending: -20 });
    expect(wheelSteps(-40, -20)).toEqual({ steps: 1, pending: 0 });
    // Turning back discards what was pending the other way.
    expect(wheelSteps(-40, 20)).toEqual({ steps: 0, pending: 20 });
  });
});
