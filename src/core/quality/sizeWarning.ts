/**
 * A warning when a run's chunks miss their target badly — median under half of it — so a config
 * that quietly cuts tiny chunks (a threshold that fires at every gap, a boundary rule meant for
 * another text) is said where the user looks, not only in the histogram.
 */
import type { Chunk } from "../chunk";
import { chunkSizeIn, sizeRules } from "./sizeRules";

/**
 * Keys that are ceilings, not aims: chunks well under them are the seed's intent — header's and
 * hierarchical's sections, simple's paragraphs.
 */
const CEILINGS = new Set(["max_chunk_chars", "max_bytes", "parent_chunk_size", "child_chunk_size"]);
/** Fewer chunks than this say nothing about a median. */
const MIN_CHUNKS = 3;

export function undersizeWarnings(
  chunker: string,
  config: Record<string, unknown>,
  chunks: readonly Chunk[],
): string[] {
  const warnings: string[] = [];
  for (const rule of sizeRules(chunker, config)) {
    const target = rule.target;
    if (!target || CEILINGS.has(target.key)) continue;
    if (chunks.length < MIN_CHUNKS) continue;
    const sizes = chunks.map((c) => chunkSizeIn(c, rule.unit)).sort((a, b) => a - b);
    const median = sizes[Math.floor(sizes.length / 2)]!;
    if (median * 2 >= target.value) continue;
    warnings.push(
      `median chunk is ${median} ${rule.unit}, under half of ${target.key} ${target.value}: ` +
        `most chunks are much smaller than asked — check the boundary settings`,
    );
  }
  return warnings;
}
