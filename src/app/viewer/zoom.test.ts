import { describe, expect, it } from "vitest";
import { fitWidthScale, MAX_SCALE, MIN_SCALE, resolveScale, zoomIn, zoomOut } from "./zoom";

describe("zoom", () => {
  it("steps by 1.25 and clamps to [0.25, 4]", () => {
    expect(zoomIn(1)).toEqual({ mode: "scale", scale: 1.25 });
    expect(zoomOut(1)).toEqual({ mode: "scale", scale: 0.8 });
    expect(zoomIn(3.9)).toEqual({ mode: "scale", scale: MAX_SCALE });
    expect(zoomOut(0.26)).toEqual({ mode: "scale", scale: MIN_SCALE });
  });

  it("fits the widest page into the available width", () => {
    expect(fitWidthScale(1224, 612)).toBe(2);
    expect(fitWidthScale(0, 612)).toBe(1);
    expect(resolveScale({ mode: "fit-width" }, 1.5)).toBe(1.5);
    expect(resolveScale({ mode: "scale", scale: 9 }, 1.5)).toBe(MAX_SCALE);
  });
});
