import { PassThrough, Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { jsonPieces, writePieces } from "../../src/cli/streamOut";

describe("jsonPieces", () => {
  it("yields exactly JSON.stringify's text, the named arrays in batches", () => {
    const value = {
      id: "x",
      skip: undefined,
      text: 'a "quoted"\ntext',
      runs: Array.from({ length: 7 }, (_, i) => ({ i, s: `r${i}` })),
      empty: [],
      pages: [{ n: 1 }],
      nested: { a: [1, 2] },
    };
    for (const batch of [1, 2, 3, 100])
      expect([...jsonPieces(value, ["runs", "empty", "pages"], batch)].join("")).toBe(JSON.stringify(value));
  });
});

describe("writePieces", () => {
  it("writes every piece in order and waits for a slow reader", async () => {
    const chunks: string[] = [];
    let calls = 0;
    const slow = new Writable({
      highWaterMark: 16,
      write(chunk: Buffer, _enc, done) {
        calls++;
        chunks.push(chunk.toString());
        setTimeout(done, 1);
      },
    });
    const big = "x".repeat(1 << 20);
    await writePieces(slow, ["a", big, "b", big, "c"]);
    await new Promise<void>((resolve) => slow.end(resolve));
    expect(chunks.join("")).toBe("a" + big + "b" + big + "c");
    expect(calls).toBeGreaterThan(1);
  });
  it("writes small output in one go", async () => {
    const out = new PassThrough();
    let text = "";
    out.on("data", (d: Buffer) => (text += d.toString()));
    await writePieces(out, ["{", '"a":1', "}"]);
    out.end();
    await new Promise((r) => out.on("end", r));
    expect(text).toBe('{"a":1}');
  });
});
