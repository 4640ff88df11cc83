import { describe, expect, it } from "vitest";
import type { ChunkDraft } from "./chunk";
import type { DocModel } from "./document";
import { textDocModel } from "./document";
import { materialize } from "./engine";
import { packChunks, packedTransferables, unpackChunks } from "./packedChunks";
import { loadTokenizer } from "./text/tokenizer";

const text = "Ada Lovelace met Babbage. They wrote notes.\nA second page holds more words.";
const doc: DocModel = {
  ...textDocModel("d", "d.pdf", text),
  pages: [
    { number: 1, width: 600, height: 800, rotate: 0, textStart: 0, textEnd: 44, hasText: true },
    { number: 2, width: 600, height: 800, rotate: 0, textStart: 44, textEnd: text.length, hasText: true },
  ],
  runs: [
    { page: 1, start: 0, end: 43, x0: 10.25, y0: 100, x1: 300.5, y1: 112.75, fontSize: 12, fontName: "M" },
    { page: 2, start: 44, end: text.length, x0: 10, y0: 50, x1: 310, y1: 62, fontSize: 12, fontName: "M" },
  ],
};

describe("packChunks / unpackChunks", () => {
  it("round-trips every field of materialized chunks, texts sliced from the document", async () => {
    const drafts: ChunkDraft[] = [
      { id: "a", start: 0, end: 25, flags: ["mid-sentence-cut"], meta: { reason: "x", n: 1 } },
      {
        id: "a",
        start: 17,
        end: text.length,
        prefix: "H > ",
        parentId: "p",
        level: "child",
        headingPath: "H",
        marks: [{ start: 17, end: 24, kind: "entity", label: "person: Babbage" }],
      },
      { id: "empty", start: 44, end: 44 },
    ];
    const chunks = materialize(doc, drafts, await loadTokenizer("cl100k_base"));
    const packed = packChunks(chunks);
    const back = unpackChunks(packed, doc.text);
    expect(back).toEqual(chunks);
    // The same keys in the same order: exports of unpacked chunks are byte-identical to the CLI's.
    expect(back.map((c) => JSON.stringify(c))).toEqual(chunks.map((c) => JSON.stringify(c)));
    expect(back[1]!.pages).toEqual([1, 2]);
    expect(back[1]!.boxes.length).toBeGreaterThan(1);
  });

  it("names each typed array's buffer for transfer, and packs no text", async () => {
    const chunks = materialize(doc, [{ id: "a", start: 0, end: 10 }], await loadTokenizer("cl100k_base"));
    const packed = packChunks(chunks);
    expect(packedTransferables(packed)).toHaveLength(8);
    // Ids of the form chunk_<index> do not cross; any other is sent.
    expect(packed.ids).toEqual(["a"]);
    const implicit = packChunks(chunks.map((c, i) => ({ ...c, id: `chunk_${i}` })));
    expect(implicit.ids).toBeNull();
    expect(unpackChunks(implicit, doc.text)[0]!.id).toBe("chunk_0");
    expect(JSON.stringify(packed.extras)).not.toContain("Ada");
    expect(unpackChunks(packChunks([]), "")).toEqual([]);
  });
});
