import { describe, expect, it } from "vitest";
import type { Chunk } from "../../core/chunk";
import { filterChunks, previewParts } from "./chunkFilter";

const chunk = (id: string, text: string, extra: Partial<Chunk> = {}): Chunk => ({
  id,
  index: 0,
  start: 0,
  end: text.length,
  prefixChars: 0,
  text,
  tokens: 1,
  pages: [],
  boxes: [],
  flags: [],
  meta: {},
  ...extra,
});

describe("chunk filter", () => {
  const chunks = [
    chunk("a", "Retrieval augmented generation"),
    chunk("b", "Boxes on pages", { flags: ["mid-sentence-cut"], index: 1 }),
    chunk("c", "Nothing here", { index: 2 }),
  ];

  it("keeps chunks whose text, id or flags hold the needle, case-insensitively; none → all", () => {
    expect(filterChunks(chunks, "  RETRIEVAL ").map((c) => c.id)).toEqual(["a"]);
    expect(filterChunks(chunks, "mid-sentence").map((c) => c.id)).toEqual(["b"]);
    expect(filterChunks(chunks, "orphan-heading", [[], [], ["orphan-heading"]]).map((c) => c.id)).toEqual([
      "c",
    ]);
    expect(filterChunks(chunks, "")).toBe(chunks);
  });

  it("previews a window around the first match, the match marked", () => {
    const body = "x".repeat(100) + "needle" + "y".repeat(300);
    const parts = previewParts(body, "needle");
    expect(parts.find((p) => p.match)?.text).toBe("needle");
    expect(parts[0]!.text.startsWith("…")).toBe(true);
    expect(previewParts("short text", "")).toEqual([{ text: "short text", match: false }]);
    expect(previewParts("NEEDLE first", "needle")[0]).toEqual({ text: "NEEDLE", match: true });
  });
});
