/** Hand-built chunks over a known text: the quality scores are checked against counts done by hand. */
import type { Chunk } from "../../src/core/chunk";
import type { DocModel } from "../../src/core/document";

export function chunkOf(
  doc: DocModel,
  index: number,
  start: number,
  end: number,
  extra: Partial<Chunk> = {},
): Chunk {
  const prefix = extra.prefixChars ? "P".repeat(extra.prefixChars) : "";
  return {
    id: `c${index}`,
    index,
    start,
    end,
    prefixChars: prefix.length,
    text: prefix + doc.text.slice(start, end),
    tokens: end - start,
    pages: [],
    boxes: [],
    flags: [],
    meta: {},
    ...extra,
  };
}

/** Chunks cut at the given offsets: a partition of [cuts[0], cuts.at(-1)). */
export function partition(doc: DocModel, cuts: readonly number[]): Chunk[] {
  return cuts.slice(1).map((end, i) => chunkOf(doc, i, cuts[i]!, end));
}
