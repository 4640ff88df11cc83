import { describe, expect, it } from "vitest";
import { resolveConfig } from "../../config";
import { createRunContext, runChunker } from "../../engine";
import { textDocModel } from "../../document";
import { loadTokenizer } from "../../text/tokenizer";
import { tokenChunker, tokenWindows } from "./run";

const PROSE = Array.from(
  { length: 40 },
  (_, i) => `Sentence ${i} tells how chunk windows overlap, and why page citations matter for answers.`,
).join(" ");

/** ADR-018's chunk_for_rag, transcribed: the oracle. */
function seedLoop(tokens: number[], decode: (ids: number[]) => string, chunkSize: number, overlap: number) {
  const chunks = [];
  for (let i = 0; i < tokens.length; i += chunkSize - overlap) {
    const chunkTokens = tokens.slice(i, i + chunkSize);
    const text = decode(chunkTokens);
    const start = decode(tokens.slice(0, i)).length;
    chunks.push({
      chunk_id: `chunk_${chunks.length}`,
      text,
      tokens: chunkTokens.length,
      start_char: start,
      end_char: start + text.length,
    });
  }
  return chunks;
}

describe("tokenWindows", () => {
  it("steps by chunk_size − overlap and keeps a tail inside the previous window", () => {
    expect(tokenWindows(10, 4, 1)).toEqual([
      { start: 0, end: 4 },
      { start: 3, end: 7 },
      { start: 6, end: 10 },
      { start: 9, end: 10 },
    ]);
    expect(tokenWindows(0, 4, 1)).toEqual([]);
    expect(tokenWindows(8, 4, 0)).toEqual([
      { start: 0, end: 4 },
      { start: 4, end: 8 },
    ]);
  });
});

describe("token chunker", () => {
  it("reproduces the seed's loop: ids, texts, token counts, offsets", async () => {
    const t = await loadTokenizer("cl100k_base");
    const doc = textDocModel("d1", "prose.txt", PROSE);
    for (const [size, overlap] of [
      [512, 50],
      [64, 16],
      [100, 0],
      [7, 6],
    ] as const) {
      const run = await runChunker(doc, "token", { chunk_size: size, overlap }, createRunContext());
      const oracle = seedLoop(t.encode(PROSE), (ids) => t.decode(ids), size, overlap);
      expect(
        run.chunks.map((c) => ({
          chunk_id: c.id,
          text: c.text,
          tokens: c.tokens,
          start_char: c.start,
          end_char: c.end,
        })),
      ).toEqual(oracle);
      for (const c of run.chunks) expect(c.text).toBe(doc.text.slice(c.start, c.end));
    }
  });

  it("flags a last window that lies wholly inside the previous one", async () => {
    const t = await loadTokenizer("cl100k_base");
    const n = t.encode(PROSE).length;
    // With step 10 and size 20, the last start i ≥ n − 10 gives a window inside its predecessor.
    const run = await runChunker(
      textDocModel("d", "p", PROSE),
      "token",
      { chunk_size: 20, overlap: 10 },
      createRunContext(),
    );
    const last = run.chunks.at(-1)!;
    expect(last.flags).toContain("tail-inside-previous");
    expect(run.chunks.filter((c) => c.flags.includes("tail-inside-previous"))).toHaveLength(1);
    expect(run.chunks.reduce((s, c) => s + (c.flags.length ? 0 : 1), 0)).toBe(Math.ceil(n / 10) - 1);
  });

  it("never cuts a multi-byte character into U+FFFD", async () => {
    const text = "檢索增強生成將文件切成小塊。模型 🧩 讀取每一塊並引用頁碼。".repeat(20);
    const run = await runChunker(
      textDocModel("c", "cjk.txt", text),
      "token",
      { chunk_size: 7, overlap: 2 },
      createRunContext(),
    );
    for (const c of run.chunks) {
      expect(c.text).not.toContain("\uFFFD");
      expect(c.text).toBe(text.slice(c.start, c.end));
    }
    expect(run.chunks[0]!.start).toBe(0);
    expect(Math.max(...run.chunks.map((c) => c.end))).toBe(text.length);
  });

  it("rejects overlap ≥ chunk_size and accepts overlap 0", () => {
    expect(resolveConfig(tokenChunker, { chunk_size: 100, overlap: 100 }).problems[0]?.key).toBe("overlap");
    expect(resolveConfig(tokenChunker, { chunk_size: 100, overlap: 0 }).problems).toEqual([]);
    expect(resolveConfig(tokenChunker, { chunk_size: 0 }).problems[0]?.key).toBe("chunk_size");
  });

  it("has the seed's defaults and presets", () => {
    expect(tokenChunker.defaults).toEqual({ chunk_size: 512, overlap: 50, encoding: "cl100k_base" });
    expect(tokenChunker.presets.map((p) => [p.config.chunk_size, p.config.overlap])).toEqual([
      [512, 50],
      [1024, 100],
      [512, 50],
      [256, 100],
    ]);
  });

  it("an empty document gives no chunks", async () => {
    const run = await runChunker(textDocModel("e", "e.txt", ""), "token", {}, createRunContext());
    expect(run.chunks).toEqual([]);
  });
});
