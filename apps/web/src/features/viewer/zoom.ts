/**
 * Zoom is kept as an integer number of tenths so that repeated steps never drift (0.1 + 0.2 …).
 * Spec §9: steps of 0.1; zooming out stops at 0.5 and zooming in at 1.5.
 */
export const ZOOM_DEFAULT = 10;
export const ZOOM_MIN = 5;
export const ZOOM_MAX = 15;

export const toScale = (tenths: number) => tenths / 10;
export const canZoomOut = (tenths: number) => tenths > ZOOM_MIN;
export const canZoomIn = (tenths: number) => tenths < ZOOM_MAX;
export const zoomIn = (tenths: number) => Math.min(ZOOM_MAX, tenths + 1);
export const zoomOut = (tenths: number) => Math.max(ZOOM_MIN, tenths - 1);
