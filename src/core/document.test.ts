import { describe, expect, it } from "vitest";
import { isProvisionalOf, PROVISIONAL_ID_SUFFIX } from "./document";

describe("isProvisionalOf", () => {
  const hash = "ab12";
  it("names a file's provisional model, under either furniture setting, as the whole document's forerunner", () => {
    expect(isProvisionalOf(hash + PROVISIONAL_ID_SUFFIX, hash)).toBe(true);
    expect(isProvisionalOf(`${hash}${PROVISIONAL_ID_SUFFIX}:keep`, `${hash}:keep`)).toBe(true);
  });
  it("refuses another file's, a model that is not provisional, and a provisional model itself", () => {
    expect(isProvisionalOf(`cd34${PROVISIONAL_ID_SUFFIX}`, hash)).toBe(false);
    expect(isProvisionalOf(`${hash}:keep`, hash)).toBe(false);
    expect(isProvisionalOf(hash, hash)).toBe(false);
    expect(isProvisionalOf(hash + PROVISIONAL_ID_SUFFIX, hash + PROVISIONAL_ID_SUFFIX)).toBe(false);
  });
});
