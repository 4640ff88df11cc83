/**
 * Zoom as the user chose it, and the rules that turn it into one number: the CSS scale (CSS pixels
 * per PDF point). "fit-width" stays a mode, not a number, so a resize or a new document refits.
 */

export type ZoomState = { mode: "fit-width" } | { mode: "scale"; scale: number };

export const MIN_SCALE = 0.25;
export const MAX_SCALE = 4;
/** One zoom-in step multiplies the scale by this; one zoom-out step divides by it. */
const ZOOM_STEP = 1.25;
/** The scale before the container has been measured (or with no pages). */
const DEFAULT_SCALE = 1;

function clampScale(scale: number): number {
  if (!Number.isFinite(scale)) return DEFAULT_SCALE;
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/**
 * Rounds to 1/1000 so that a run of steps lands on stable values (1 → 1.25 → 1.563 …) instead of
 * accumulating floating-point noise that would show in the percentage label.
 */
function tidy(scale: number): number {
  return Math.round(scale * 1000) / 1000;
}

export function zoomIn(current: number): ZoomState {
  return { mode: "scale", scale: clampScale(tidy(current * ZOOM_STEP)) };
}

export function zoomOut(current: number): ZoomState {
  return { mode: "scale", scale: clampScale(tidy(current / ZOOM_STEP)) };
}

/**
 * The scale at which the widest page fills the available width. `available` is the scroll area's
 * client width minus the horizontal padding around the pages.
 */
export function fitWidthScale(available: number, maxPageWidth: number): number {
  if (available <= 0 || maxPageWidth <= 0) return DEFAULT_SCALE;
  return clampScale(available / maxPageWidth);
}

export function resolveScale(zoom: ZoomState, fitScale: number): number {
  return zoom.mode === "fit-width" ? fitScale : clampScale(zoom.scale);
}
