import { existsSync } from "node:fs";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fixture, SHARED } from "./fixtures";

describe("fixture", () => {
  const ci = process.env.CI;
  afterEach(() => {
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
    vi.restoreAllMocks();
  });

  it("lets a present fixture run", () => {
    expect(fixture("x", true)).toBe(true);
  });

  it("skips with a message outside CI", () => {
    delete process.env.CI;
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    expect(fixture("poppler", false)).toBe(false);
    expect(String(write.mock.calls[0]?.[0])).toMatch(/skipping tests that need poppler/);
  });

  it.runIf(existsSync(SHARED))("fails in CI beside ../shared instead of skipping", () => {
    process.env.CI = "true";
    expect(() => fixture("the corpus", false)).toThrow(/must not skip/);
  });
});
