import { describe, expect, it } from "vitest";
import { keepingNatives } from "../../src/pdf/keepNatives";
import { openPdfjs } from "../../src/pdf/node";
import { layoutPdf } from "../fixtures/pdfs";

const isNative = (fn: unknown) => /\{\s*\[native code\]\s*\}$/.test(Function.prototype.toString.call(fn));

describe("keepingNatives", () => {
  it("puts back the built-ins a load replaced, and keeps what it added", async () => {
    const owner = { method: () => "native" } as { method: () => string; added?: number };
    const result = await keepingNatives(async () => {
      owner.method = () => "replaced";
      owner.added = 1;
      return 42;
    }, [[owner, "method"]]);
    expect(result).toBe(42);
    expect(owner.method()).toBe("native");
    expect(owner.added).toBe(1);
  });

  it("puts them back when the load fails too", async () => {
    const owner = { method: () => "native" };
    await expect(
      keepingNatives(async () => {
        owner.method = () => "replaced";
        throw new Error("no such module");
      }, [[owner, "method"]]),
    ).rejects.toThrow("no such module");
    expect(owner.method()).toBe("native");
  });

  it("leaves push and JSON native once pdf.js's legacy build and its worker have run", async () => {
    const pdf = await openPdfjs((await layoutPdf()).bytes);
    try {
      const page = await pdf.getPage(1);
      await page.getTextContent();
    } finally {
      await pdf.destroy();
    }
    for (const fn of [Array.prototype.push, JSON.parse, JSON.stringify]) expect(isNative(fn)).toBe(true);
    // What the legacy build adds for Node 20 is still there.
    expect(typeof (Promise as { withResolvers?: unknown }).withResolvers).toBe("function");
  });
});
