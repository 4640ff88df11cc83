import { describe, expect, it } from "vitest";
import { textDocModel } from "../document";
import { materialize } from "../engine";
import { contentId } from "./contentId";
import { sha256Hex } from "./hash";
import { loadTokenizer } from "./tokenizer";

describe("contentId (the seed's two tests)", () => {
  it("does not collide across documents with the same text", async () => {
    const text = "Termination requires ninety days' written notice.";
    expect(await contentId("doc-a", text)).not.toBe(await contentId("doc-b", text));
  });

  it("is deterministic within one document, whatever the case and surrounding whitespace", async () => {
    const a = await contentId("doc-a", "  Same Text\n");
    expect(await contentId("doc-a", "same text")).toBe(a);
    expect(a).toBe("sha256-" + (await sha256Hex("doc-a:same text")).slice(0, 32));
    expect(a).toMatch(/^sha256-[0-9a-f]{32}$/);
  });

  it("repeats within a run become unique in document order", async () => {
    const doc = textDocModel("d", "d.txt", "same\n\nsame\n\nsame");
    const id = await contentId("d", "same");
    const chunks = materialize(
      doc,
      [0, 6, 12].map((start) => ({ id, start, end: start + 4 })),
      await loadTokenizer("cl100k_base"),
    );
    expect(chunks.map((c) => c.id)).toEqual([id, `${id}_2`, `${id}_3`]);
  });
});
