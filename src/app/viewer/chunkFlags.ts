/**
 * What each chunk flag means, for the badge's tooltip. Chunkers name their flags freely (the seed's
 * quirks they reproduce); a flag missing here still shows, with a generic explanation.
 */
const FLAG_TITLES: Readonly<Record<string, string>> = {
  "tail-inside-previous":
    "The seed's window loop emits a last window lying wholly inside the previous one; kept as the seed does.",
  "mid-sentence-cut": "Ends inside a sentence: one sentence alone was longer than the chunk size.",
  truncated: "Cut at the size limit; the rest of the block is dropped, as the seed's truncation does.",
  "entity-split":
    "The seed's minimum-size rule moved the end inside an entity, so the entity is split across chunks.",
  "stall-guarded":
    "The seed's loop would not advance here (overlap ≥ progress); the workbench moved it forward.",
  "over-limit": "Longer than the configured maximum: nothing smaller was possible at a boundary.",
  "over-chunk-size": "Longer than the chunk size: no separator allowed a smaller piece.",
  "over-max": "Longer than max_chunk_chars: no paragraph boundary allowed a smaller piece.",
  "under-min": "Shorter than the chunker's minimum size: nothing was left to merge it with.",
  "separators-collapsed":
    "LangChain's text differs from the document here (separators it trims or joins); the range is the source's.",
  "delimiters-dropped":
    "The framework's text leaves out the delimiters between its sentences (include_delim none); the range is the source's.",
  "framework-offset-differs":
    "The framework's own offset for this chunk (meta) is not where its text is; the range here is the true one.",
};

export function flagTitle(flag: string): string {
  return FLAG_TITLES[flag] ?? `Set by the chunker: ${flag.replace(/-/g, " ")}.`;
}
