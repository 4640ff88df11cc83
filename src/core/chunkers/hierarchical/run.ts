/**
 * hierarchical-parent-child-chunking.md: "index small chunks (400 tokens) for precision, return
 * large chunks (1500 tokens) for context". First pass: sections between headings of levels 1–3,
 * heading lines removed from the text and kept as heading_path / chapter / section (LangChain's
 * MarkdownHeaderTextSplitter). Second pass: LangChain's recursive splitting with token lengths —
 * each section into parents, each parent into overlapping children — over the separators
 * ["\n\n", sentence ends, "\n", " ", ""] (CHUNKERS.md: sentence ends before single newlines, which
 * in PDF text are mostly line wraps), so a chunk ends inside a sentence only when that sentence
 * alone is over the size; such chunks are flagged `mid-sentence-cut`.
 *
 * Ids are the content ids of CHUNKERS.md, made unique here with the engine's own rule (_2, _3 … in
 * document order) rather than by the engine: a parent and its only child have the same text, and
 * two identical sections give identical parents, so parent_chunk_id and sibling_chunk_ids must
 * name the final ids — which they can only do if the chunker fixes them. The engine then sees no
 * duplicates and keeps every id as it is.
 */
import type { ChunkDraft, ChunkerSpec } from "../../chunk";
import { encodingOf, type HierarchicalConfig, hierarchicalMeta } from "./meta";
import { type CutSeparator, recursiveSplit, type Separator, type SplitRange } from "../recursive/run";
import type { DocModel } from "../../document";
import { contentId } from "../../text/contentId";
import { type HeadingSection, headingSections } from "../../text/headingSpans";
import { endsSentence, sentenceCuts } from "../../text/sentenceEnds";
import { rangeTokenCounter } from "../../text/tokenRange";
import { exactTokenCount } from "../../text/exactCount";
import { checkpoint } from "../../checkpoint";

const SENTENCE_ENDS: CutSeparator = {
  name: "sentence ends (Intl.Segmenter)",
  cuts: (text, start, end) => sentenceCuts(text, start, end),
};

// Sentence ends before single newlines: in PDF text a single newline is mostly a line wrap.
const HIERARCHICAL_SEPARATORS: readonly Separator[] = ["\n\n", SENTENCE_ENDS, "\n", " ", ""];

const CHUNK_STRATEGY = "hierarchical_markdown";

/** A chunk before its id is known. */
interface Planned {
  range: SplitRange;
  level: "parent" | "child";
  section: HeadingSection;
  /** Index into the plan of the parent (children only). */
  parent: number;
  chunkIndex: number;
}

/** Parents of every section and, right after each parent, its children: document order by start. */
function planHierarchy(
  text: string,
  sections: readonly HeadingSection[],
  config: HierarchicalConfig,
  length: (start: number, end: number) => number,
  signal?: AbortSignal,
): Planned[] {
  const plan: Planned[] = [];
  let parentIndex = 0;
  // The seed's splitter keeps a separator at the end of the piece before it (Python's "end").
  const base = { separators: HIERARCHICAL_SEPARATORS, keepSeparator: "end" as const, length };
  const opt = signal ? { signal } : {};
  for (const section of sections) {
    // The seed gives parents no overlap (only "Overlap: boundary continuity" for children): 0.
    const parents = recursiveSplit(text, section.start, section.end, {
      ...base,
      ...opt,
      chunkSize: config.parent_chunk_size,
      chunkOverlap: 0,
    });
    for (const range of parents) {
      const parent = plan.length;
      plan.push({ range, level: "parent", section, parent: -1, chunkIndex: parentIndex++ });
      const children = recursiveSplit(text, range.start, range.end, {
        ...base,
        ...opt,
        chunkSize: config.child_chunk_size,
        chunkOverlap: config.child_chunk_overlap,
      });
      children.forEach((child, i) =>
        plan.push({ range: child, level: "child", section, parent, chunkIndex: i }),
      );
    }
  }
  return plan;
}

/** The engine's de-duplication (_2, _3 … in order), applied before parent links are written. */
export function uniqueIds(ids: readonly string[]): string[] {
  const seen = new Map<string, number>();
  return ids.map((id) => {
    const count = (seen.get(id) ?? 0) + 1;
    seen.set(id, count);
    return count === 1 ? id : `${id}_${count}`;
  });
}

const sizeOf = (config: HierarchicalConfig, level: "parent" | "child") =>
  level === "parent" ? config.parent_chunk_size : config.child_chunk_size;

export const hierarchicalChunker: ChunkerSpec<HierarchicalConfig> = {
  ...hierarchicalMeta,
  async chunk(doc: DocModel, config, ctx) {
    const cp = checkpoint(ctx.signal);
    const text = doc.text;
    const tokenizer = await ctx.tokenizer(encodingOf(config));
    const encoded = ctx.encoded.get(doc.id, tokenizer, text);
    const length = rangeTokenCounter(encoded);
    const sections = headingSections(doc);
    const plan = planHierarchy(text, sections, config, length, ctx.signal);
    // Encoding and planning a book is one synchronous pass: let an abort that arrived meanwhile in.
    if (cp.due()) await cp.yield();
    const ids = uniqueIds(
      await Promise.all(plan.map((p) => contentId(doc.id, text.slice(p.range.start, p.range.end)))),
    );
    ctx.signal?.throwIfAborted();

    const childrenOf = new Map<number, string[]>();
    plan.forEach((p, i) => {
      if (p.level !== "child") return;
      const list = childrenOf.get(p.parent) ?? [];
      list.push(ids[i]!);
      childrenOf.set(p.parent, list);
    });

    let midSentence = 0;
    let overSize = 0;
    const totals = { parent: { n: 0, tokens: 0 }, child: { n: 0, tokens: 0 } };
    const drafts: ChunkDraft[] = plan.map((p, i) => {
      const { start, end } = p.range;
      // The seed's len(encode(chunk)), read off the document's one encoding (exactly).
      const tokens = exactTokenCount(tokenizer, encoded, text, start, end);
      const flags: string[] = [];
      if (!endsSentence(text, end, p.section.end)) {
        flags.push("mid-sentence-cut");
        midSentence++;
      }
      if (p.range.unsplittable || p.range.warned || tokens > sizeOf(config, p.level)) {
        flags.push("over-chunk-size");
        overSize++;
      }
      let overlap = 0;
      const prev = plan[i - 1];
      if (p.level === "child" && p.chunkIndex > 0 && prev && prev.range.end > start)
        overlap = exactTokenCount(tokenizer, encoded, text, start, prev.range.end);
      const parentId = p.level === "child" ? ids[p.parent]! : null;
      totals[p.level].n++;
      totals[p.level].tokens += tokens;
      const draft: ChunkDraft = {
        id: ids[i]!,
        start,
        end,
        tokens,
        level: p.level,
        flags,
        meta: {
          chunk_id: ids[i]!,
          parent_chunk_id: parentId,
          sibling_chunk_ids: parentId === null ? [] : childrenOf.get(p.parent)!.filter((id) => id !== ids[i]),
          level: p.level,
          token_count: tokens,
          chunk_index: p.chunkIndex,
          heading_path: p.section.headingPath,
          chapter: p.section.chapter,
          section: p.section.section,
          chunk_strategy: CHUNK_STRATEGY,
          overlap_tokens: overlap,
        },
      };
      if (parentId !== null) draft.parentId = parentId;
      if (p.section.headingPath) draft.headingPath = p.section.headingPath;
      return draft;
    });

    const warnings: string[] = [];
    if (midSentence)
      warnings.push(
        `${midSentence} chunk(s) end mid-sentence, flagged mid-sentence-cut: one sentence is longer than the chunk size, ` +
          `so it was cut at a line break, a space or a character, as the seed's RecursiveCharacterTextSplitter cuts it`,
      );
    const avg = (t: { n: number; tokens: number }) => (t.n ? Math.round(t.tokens / t.n) : 0);
    return {
      drafts,
      warnings,
      stats: {
        parent_count: totals.parent.n,
        child_count: totals.child.n,
        avg_parent_tokens: avg(totals.parent),
        avg_child_tokens: avg(totals.child),
        "sections.count": sections.length,
        "chunks.mid_sentence_cut": midSentence,
        "chunks.over_chunk_size": overSize,
      },
    };
  },
};
