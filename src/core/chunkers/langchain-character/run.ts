/**
 * LangChain's CharacterTextSplitter (@langchain/textsplitters 1.x: splitOnSeparator on its one
 * separator, then TextSplitter.mergeSplits over every piece) over ranges of the document, through
 * the recursive chunker's transcription with recursion off — so a piece longer than chunk_size is a
 * chunk of its own, as LangChain keeps it, flagged `over-chunk-size` with LangChain's warning.
 * `strip_whitespace: false` is Python's option (JS always trims). "" splits code points where JS
 * splits UTF-16 units (docs/decisions.md "Differs from the seed").
 */
import type { ChunkerSpec } from "../../chunk";
import { langchainSplitterRun } from "../recursive/run";
import { type LangchainCharacterConfig, langchainCharacterMeta } from "./meta";

export const langchainCharacterChunker: ChunkerSpec<LangchainCharacterConfig> = {
  ...langchainCharacterMeta,
  async chunk(doc, config, ctx) {
    const out = await langchainSplitterRun(doc, config, ctx, {
      separators: [config.separator],
      keepSeparator: config.keep_separator,
      recurse: false,
      trim: config.strip_whitespace,
      separatorRegex: config.is_separator_regex,
    });
    return { ...out, stats: { ...out.stats, "chunk.count": out.drafts.length } };
  },
};
