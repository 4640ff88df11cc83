/**
 * A number param's slider covers exactly the range validation allows (DESIGN §4): linear when the
 * range is short, logarithmic when it spans orders of magnitude (chunk sizes 1 … 32,768), so the
 * common sizes keep fine control. And a slider never lands on a combination validation refuses
 * (chunk_size under overlap): it stops at the last valid value on its way.
 */
import type { NumberParam } from "../../core/chunk";

/** Slider positions of a logarithmic scale. */
const LOG_POSITIONS = 1000;

export interface SliderScale {
  min: number;
  max: number;
  step: number | "any";
  toValue(position: number): number;
  toPosition(value: number): number;
}

export function sliderScale(param: NumberParam): SliderScale {
  const { min, max } = param;
  const step = param.step ?? (param.type === "int" ? 1 : 0.01);
  const logarithmic = param.type === "int" && max - min > 2000;
  if (!logarithmic) return { min, max, step, toValue: (p) => p, toPosition: (v) => v };
  // log(1 + v − min): defined at v = min, however small min is.
  const span = Math.log1p(max - min);
  return {
    min: 0,
    max: LOG_POSITIONS,
    step: 1,
    toValue: (p) => Math.min(max, Math.max(min, Math.round(min + Math.expm1((p / LOG_POSITIONS) * span)))),
    toPosition: (v) => Math.round((Math.log1p(Math.max(0, Math.min(max, v) - min)) / span) * LOG_POSITIONS),
  };
}

/**
 * The value to apply when the slider asks for `target` from `current`: the target when valid,
 * else the valid value closest to it on the way from `current` (validity assumed to change once on
 * the way, as it does for the cross-key rules — an overlap under the size). `current` itself when
 * nothing between is valid.
 */
export function clampToValid(
  current: number,
  target: number,
  isValid: (value: number) => boolean,
  integer: boolean,
): number {
  if (isValid(target) || !isValid(current)) return target;
  let good = current;
  let bad = target;
  for (let i = 0; i < 60 && Math.abs(bad - good) > (integer ? 1 : 1e-9); i++) {
    const mid = integer ? Math.round((good + bad) / 2) : (good + bad) / 2;
    if (mid === good || mid === bad) break;
    if (isValid(mid)) good = mid;
    else bad = mid;
  }
  return good;
}
