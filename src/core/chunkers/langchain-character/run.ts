/**
 * LangChain's CharacterTextSplitter (@langchain/textsplitters 1.x: splitOnSeparator on its one
 * separator, then TextSplitter.mergeSplits over every piece) over ranges of the document, through
 * the recursive chunker's transcription with recursion off — so a piece longer than chunk_size is a
 * chunk of its own, as LangChain keeps it, flagged `over-chunk-size` with LangChain's warning.
 * `strip_whitespace: false` is Python's option (JS always trims). "" splits code points where JS
 * splits UTF-16 units (docs/decisions.md "Differs from the seed").
 */
import type { ChunkDraft, ChunkerSpec } from "../../chunk";
import { exactTokenCount } from "../../text/exactCount";
import { recursiveSplit } from "../recursive/run";
import { type LangchainCharacterConfig, langchainCharacterMeta } from "./meta";

/** LangChain prints at most this many "Created a chunk of size" warnings' worth of lines here. */
const MAX_WARNINGS = 20;

export const langchainCharacterChunker: ChunkerSpec<LangchainCharacterConfig> = {
  ...langchainCharacterMeta,
  async chunk(doc, config, ctx) {
    const text = doc.text;
    let length: (start: number, end: number) => number = (start, end) => end - start;
    if (config.length_unit === "tokens") {
      const tokenizer = await ctx.tokenizer(config.encoding);
      const encoded = ctx.encoded.get(doc.id, tokenizer, text);
      length = (start, end) => exactTokenCount(tokenizer, encoded, text, start, end);
    }
    const warnings: string[] = [];
    let warningCount = 0;
    const ranges = recursiveSplit(text, 0, text.length, {
      chunkSize: config.chunk_size,
      chunkOverlap: config.chunk_overlap,
      separators: [config.separator],
      keepSeparator: config.keep_separator,
      recurse: false,
      trim: config.strip_whitespace,
      length,
      warn: (message) => {
        warningCount++;
        if (warnings.length < MAX_WARNINGS) warnings.push(message.replace(", +\n", ", "));
      },
      ...(ctx.signal ? { signal: ctx.signal } : {}),
    });
    if (warningCount > warnings.length)
      warnings.push(`… and ${warningCount - warnings.length} more chunks longer than ${config.chunk_size}`);
    const drafts: ChunkDraft[] = ranges.map((r, n) => {
      const flags: string[] = [];
      if (r.warned || length(r.start, r.end) > config.chunk_size) flags.push("over-chunk-size");
      if (r.text !== undefined) flags.push("separators-collapsed");
      const draft: ChunkDraft = { id: `chunk_${n}`, start: r.start, end: r.end, flags };
      if (r.text !== undefined) draft.meta = { langchain_text: r.text };
      return draft;
    });
    return {
      drafts,
      stats: { "langchain.warnings": warningCount, "chunk.count": drafts.length },
      ...(warnings.length > 0 ? { warnings } : {}),
    };
  },
};
