import { describe, expect, it } from "vitest";
import { detectKind, extensionOf, looksLikePdf } from "./fileKind";

const bytes = (s: string) => new TextEncoder().encode(s);

describe("detectKind", () => {
  it("trusts a known extension, whatever the case", () => {
    expect(detectKind("a.PDF", bytes("x"))).toBe("pdf");
    expect(detectKind("notes.md", bytes("%PDF-1.7"))).toBe("markdown");
    expect(detectKind("notes.Markdown", bytes(""))).toBe("markdown");
    expect(detectKind("a.txt", bytes(""))).toBe("text");
  });

  it("recognizes a PDF without the extension by its header, anywhere in the first 1024 bytes", () => {
    expect(detectKind("download", bytes("junk\n%PDF-1.4\n"))).toBe("pdf");
    expect(detectKind("download", bytes(" ".repeat(1021) + "%PDF"))).toBe(null);
    expect(detectKind("image.png", bytes("\x89PNG"))).toBe(null);
  });

  it("looksLikePdf and extensionOf", () => {
    expect(looksLikePdf(bytes("%PDF"))).toBe(true);
    expect(looksLikePdf(bytes("%PD"))).toBe(false);
    expect(extensionOf("dir.v2/a.B64")).toBe(".b64");
    expect(extensionOf("README")).toBe("");
    expect(extensionOf(".bashrc")).toBe("");
  });
});
