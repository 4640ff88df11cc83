import { describe, expect, it } from "vitest";
import { formatHash, parseHash } from "./urlHash";

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
  it("ignores unknown chunkers and broken JSON", () => {
    expect(parseHash("#chunker=nope&config=%7Bbroken")).toEqual({ config: undefined });
    expect(parseHash("")).toEqual({});
  });
});
