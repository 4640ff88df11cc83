import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CHUNKER_METAS, getChunkerMeta } from "../../core/chunkers/metas";
import { formatHash, linkConfig, parseHash } from "./urlHash";

describe("url hash", () => {
  it("round-trips chunker, config, zoom and the selected chunk", () => {
    const hash = formatHash({
      chunker: "token",
      config: { chunk_size: 256, overlap: 20 },
      zoom: { mode: "scale", scale: 1.5 },
      chunk: "chunk_3",
    });
    expect(parseHash(hash)).toEqual({
      chunker: "token",
      config: { chunk_size: 256, overlap: 20 },
      zoom: { mode: "scale", scale: 1.5 },
      chunk: "chunk_3",
    });
  });
  it("names the document it was made on, by id and file name", () => {
    const id = "ab".repeat(32);
    const hash = formatHash({
      doc: { id, name: "R manual & more.pdf" },
      chunker: "token",
      config: {},
      zoom: { mode: "fit-width" },
    });
    expect(parseHash(hash).doc).toEqual({ id, name: "R manual & more.pdf" });
    expect(parseHash(`#doc=${id}`).doc).toEqual({ id, name: "an unnamed document" });
    const bad = parseHash("#doc=../../etc&chunker=token");
    expect(bad.doc).toBeUndefined();
    expect(bad.problems?.[0]).toMatch(/is not a document id/);
  });
  it("carries compare's B", () => {
    const hash = formatHash({
      chunker: "token",
      config: {},
      zoom: { mode: "fit-width" },
      b: { chunker: "recursive", config: { chunk_size: 300 } },
    });
    expect(parseHash(hash).b).toEqual({ chunker: "recursive", config: { chunk_size: 300 } });
  });
  it("names unknown chunkers and broken JSON as problems", () => {
    const state = parseHash("#chunker=nope&config=%7Bbroken");
    expect(state.chunker).toBeUndefined();
    expect(state.config).toBeUndefined();
    expect(state.problems).toEqual([
      'the link names an unknown chunker "nope"',
      expect.stringMatching(/^the link's config is not valid JSON \(/),
    ]);
    expect(parseHash("")).toEqual({});
  });
  it("refuses a config nested past 64 levels and never reads prototype keys (issue 29)", () => {
    let deep: unknown = 1;
    for (let i = 0; i < 3000; i++) deep = { k: deep };
    const config = { dictionary: [{ canonical: "A", variants: ["a"], extra: deep }] };
    const state = parseHash(`#chunker=entity&config=${encodeURIComponent(JSON.stringify(config))}`);
    expect(state.config).toBeUndefined();
    expect(state.problems?.[0]).toMatch(/the link's config is nested deeper than 64 levels/);
    const proto = parseHash(`#chunker=__proto__&config=${encodeURIComponent('{"__proto__":{"x":1}}')}`);
    expect(proto.chunker).toBeUndefined();
    expect(proto.problems?.[0]).toBe('the link names an unknown chunker "__proto__"');
  });
  it("turns an out-of-range config into the defaults, saying which key", () => {
    const state = parseHash(`#chunker=token&config=${encodeURIComponent('{"chunk_size":-5}')}`);
    expect(state.problems?.[0]).toMatch(/config for token is not valid \(chunk_size: must be between/);
    expect(state.config).toEqual(getChunkerMeta("token").defaults);
    const problems: string[] = [];
    expect(linkConfig("token", { chunk_size: 300 }, "x", problems)).toEqual({ chunk_size: 300 });
    expect(problems).toEqual([]);
  });
});

describe("parseHash under arbitrary links (fast-check, issue 29)", () => {
  it("never throws: what cannot be used is a problem, and a chunker is always a known one", () => {
    const param = fc.oneof(
      fc.string(),
      fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
      fc.constantFrom("__proto__", "constructor", "agentic", "token", "fit-width", "1e309", "-1"),
    );
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom("doc", "name", "chunker", "config", "b", "bconfig", "zoom", "chunk"),
          param,
        ),
        (fields) => {
          const state = parseHash("#" + new URLSearchParams(fields).toString());
          if (state.chunker) expect(CHUNKER_METAS.some((m) => m.id === state.chunker)).toBe(true);
          if (state.zoom?.mode === "scale") expect(state.zoom.scale).toBeGreaterThan(0);
        },
      ),
      { numRuns: 500 },
    );
  });
});
