/**
 * One colour per chunk, stable across runs: the hue walks the golden angle from the chunk's index,
 * so neighbours (which overlap when a chunker overlaps) always get far-apart hues, and the same
 * chunk keeps its colour while a slider moves the chunks after it.
 */

const GOLDEN_ANGLE = 137.508;

/** Hue in degrees [0, 360) for the chunk at `index` in its run. */
export function chunkHue(index: number): number {
  const hue = (index * GOLDEN_ANGLE) % 360;
  return Math.round((hue < 0 ? hue + 360 : hue) * 10) / 10;
}
