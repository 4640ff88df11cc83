import { describe, expect, it } from "vitest";
import { textDocModel } from "../../document";
import { createRunContext, runChunker } from "../../engine";
import { utf8PrefixEnd } from "./run";

describe("simple chunker", () => {
  it("gives one chunk per block with {doc}_block_N ids", async () => {
    const doc = textDocModel("d", "My Notes.txt", "First block.\nStill first.\n\nSecond block.\n\n\nThird.");
    const run = await runChunker(doc, "simple", {}, createRunContext());
    expect(run.chunks.map((c) => [c.id, c.text])).toEqual([
      ["my-notes_block_0", "First block.\nStill first."],
      ["my-notes_block_1", "Second block."],
      ["my-notes_block_2", "Third."],
    ]);
    expect(run.warnings).toEqual([]);
  });

  it("truncates a block at max_bytes of UTF-8, drops the rest, and flags it", async () => {
    const long = "é".repeat(30); // 60 bytes
    const doc = textDocModel("d", "d.md", `short\n\n${long}`);
    const run = await runChunker(doc, "simple", { max_bytes: 41 }, createRunContext());
    const cut = run.chunks[1]!;
    expect(cut.flags).toEqual(["truncated"]);
    expect(cut.text).toBe("é".repeat(20)); // 40 bytes: the 21st character would need 42
    expect(cut.text).toBe(doc.text.slice(cut.start, cut.end));
    expect(cut.meta.dropped_chars).toBe(10);
    expect(run.warnings[0]).toMatch(/1 of 2 blocks/);
  });

  it("never cuts a surrogate pair", () => {
    expect(utf8PrefixEnd("a🧩b", 0, 4, 4)).toEqual({ end: 1, bytes: 1 });
    expect(utf8PrefixEnd("a🧩b", 0, 4, 5)).toEqual({ end: 3, bytes: 5 });
  });
});
