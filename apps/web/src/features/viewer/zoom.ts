/**
 * Zoom is kept as a number of tenths of the fitted size so that repeated steps never drift
 * (0.1 + 0.2 …); 10 is "Fit", the picture as large as the stage allows.
 * Spec §9: steps of 0.1; zooming out stops at 0.5 and zooming in at 1.5.
 * "100 %" (actual pixels) is the one way to a level off that grid, possibly outside 50–150 %.
 */
export const ZOOM_DEFAULT = 10;
export const ZOOM_MIN = 5;
export const ZOOM_MAX = 15;

export const toScale = (tenths: number) => tenths / 10;

// Steps snap onto the 0.1 grid and stay within 50–150 %, widened to take in the current level, so
// from an actual-pixel zoom outside that range they only lead back towards it.
const low = (tenths: number) => Math.min(ZOOM_MIN, tenths);
const high = (tenths: number) => Math.max(ZOOM_MAX, tenths);
export const canZoomOut = (tenths: number) => tenths > ZOOM_MIN;
export const canZoomIn = (tenths: number) => tenths < ZOOM_MAX;
export const zoomIn = (tenths: number) => Math.min(high(tenths), Math.floor(tenths) + 1);
export const zoomOut = (tenths: number) => Math.max(low(tenths), Math.ceil(tenths) - 1);

/**
 * The zoom, in tenths of the fitted size, that shows a picture at its actual pixels: one pixel of
 * the original per CSS pixel (so on a high-density screen it is drawn with several device pixels).
 * `fitted` is the picture's laid-out size at "Fit"; `original` the original's size when known,
 * else the shown picture's own. The long sides are compared, so an original stored the other way
 * round (EXIF orientation) than its upright preview still gives the right scale.
 */
export function actualSizeTenths(
  fitted: { width: number; height: number },
  original: { width: number; height: number },
): number | null {
  const shown = Math.max(fitted.width, fitted.height);
  const real = Math.max(original.width, original.height);
  if (!(shown > 0) || !(real > 0)) return null;
  return (real / shown) * 10;
}

/** Wheel travel, in CSS pixels, that makes one zoom step: a mouse notch (about 100) gives one. */
export const WHEEL_STEP = 50;

/**
 * Adds a wheel event's travel (deltaMode 1 is lines, 2 pages) to what is pending and says how many
 * steps to take: a trackpad pinch sends dozens of small events, which would otherwise each jump a
 * whole step and skip from Fit straight to 150 %. A change of direction starts afresh.
 */
export function wheelSteps(pending: number, deltaY: number, deltaMode = 0): { steps: number; pending: number } {
  const px = deltaY * (deltaMode === 1 ? 40 : deltaMode === 2 ? 800 : 1);
  const total = Math.sign(px) === Math.sign(pending) ? pending + px : px;
  // Upwards (negative) zooms in; one event never takes more than one step.
  if (Math.abs(total) < WHEEL_STEP) return { steps: 0, pending: total };
  return { steps: total < 0 ? 1 : -1, pending: 0 };
}
