/**
 * hierarchical-parent-child-chunking.md: "index small chunks (400 tokens) for precision, return
 * large chunks (1500 tokens) for context". First pass: sections between headings of levels 1–3,
 * heading lines removed from the text and kept as heading_path / chapter / section (LangChain's
 * MarkdownHeaderTextSplitter). Second pass: LangChain's recursive splitting with token lengths —
 * each section into parents, each parent into overlapping children — over the separators
 * ["\n\n", "\n", sentence ends, " ", ""], so a chunk ends inside a sentence only when that sentence
 * alone is over the size; such chunks are flagged `mid-sentence-cut`.
 *
 * Ids are the content ids of CHUNKERS.md, made unique here with the engine's own rule (_2, _3 … in
 * document order) rather than by the engine: a parent and its only child have the same text, and
 * two identical sections give identical parents, so parent_chunk_id and sibling_chunk_ids must
 * name the final ids — which they can only do if the chunker fixes them. The engine then sees no
 * duplicates and keeps every id as it is.
 */
import type { ChunkDraft, ChunkerSpec, ConfigProblem } from "../chunk";
import type { DocModel } from "../document";
import { contentId } from "../text/contentId";
import { headingSections, type HeadingSection } from "../text/headingSpans";
import { endsSentence, sentenceCuts } from "../text/sentenceEnds";
import { rangeTokenCounter } from "../text/tokenRange";
import { encodingForModel, type EncodingName } from "../text/tokenizer";
import { recursiveSplit, type CutSeparator, type Separator, type SplitRange } from "./recursive";

export interface HierarchicalConfig {
  parent_chunk_size: number;
  child_chunk_size: number;
  child_chunk_overlap: number;
  tiktoken_model: string;
}

export const HIERARCHICAL_DEFAULTS: HierarchicalConfig = {
  parent_chunk_size: 1500,
  child_chunk_size: 400,
  child_chunk_overlap: 50,
  tiktoken_model: "gpt-3.5-turbo",
};

/** tiktoken model names (encoding_for_model) offered for tiktoken_model, with their encodings. */
export const TIKTOKEN_MODELS = [
  "gpt-3.5-turbo",
  "gpt-4",
  "gpt-4-turbo",
  "text-embedding-ada-002",
  "text-embedding-3-small",
  "text-embedding-3-large",
  "gpt-4o",
  "gpt-4o-mini",
] as const;

export const SENTENCE_ENDS: CutSeparator = {
  name: "sentence ends (Intl.Segmenter)",
  cuts: (text, start, end) => sentenceCuts(text, start, end),
};

export const HIERARCHICAL_SEPARATORS: readonly Separator[] = ["\n\n", "\n", SENTENCE_ENDS, " ", ""];

export const CHUNK_STRATEGY = "hierarchical_markdown";

export class UnknownTiktokenModelError extends Error {
  override readonly name = "UnknownTiktokenModelError";
  constructor(readonly model: string) {
    super(`tiktoken_model "${model}" has no known encoding`);
  }
}

function encodingOf(config: HierarchicalConfig): EncodingName {
  const encoding = encodingForModel(config.tiktoken_model);
  if (!encoding) throw new UnknownTiktokenModelError(config.tiktoken_model);
  return encoding;
}

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
export function planHierarchy(
  text: string,
  sections: readonly HeadingSection[],
  config: HierarchicalConfig,
  length: (start: number, end: number) => number,
  signal?: AbortSignal,
): Planned[] {
  const plan: Planned[] = [];
  let parentIndex = 0;
  const base = { separators: HIERARCHICAL_SEPARATORS, keepSeparator: true, length };
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
  id: "hierarchical",
  label: "Hierarchical parent/child",
  source: "hierarchical-parent-child-chunking.md",
  description:
    "Sections at headings 1–3 (heading lines become heading_path, chapter, section), then recursive token splitting into 1500-token parents and, inside each, 400-token children with 50 tokens of overlap, cutting at paragraphs, lines, sentence ends, then words.",
  defaults: HIERARCHICAL_DEFAULTS,
  params: [
    {
      key: "parent_chunk_size",
      label: "Parent chunk size (tokens)",
      type: "int",
      min: 2,
      max: 1_000_000,
      sliderMax: 8000,
      step: 10,
      help: "Parents: the context returned to the LLM (seed: 1500). Parents do not overlap (seed is silent; workbench default).",
    },
    {
      key: "child_chunk_size",
      label: "Child chunk size (tokens)",
      type: "int",
      min: 1,
      max: 999_999,
      sliderMax: 2000,
      step: 10,
      help: "Children: what is indexed for precise retrieval (seed: 400); must be smaller than parent_chunk_size.",
    },
    {
      key: "child_chunk_overlap",
      label: "Child overlap (tokens)",
      type: "int",
      min: 0,
      max: 999_998,
      sliderMax: 500,
      step: 5,
      help: "Tokens carried over between consecutive children of one parent, in whole pieces as LangChain merges them (seed: 50).",
    },
    {
      key: "tiktoken_model",
      label: "tiktoken model",
      type: "enum",
      options: TIKTOKEN_MODELS,
      help: "Model whose encoding counts tokens (seed: gpt-3.5-turbo → cl100k_base).",
    },
  ],
  presets: [
    {
      name: "Seed default (1500/400/50)",
      config: { parent_chunk_size: 1500, child_chunk_size: 400, child_chunk_overlap: 50 },
    },
  ],
  check(config) {
    const problems: ConfigProblem[] = [];
    if (config.child_chunk_size >= config.parent_chunk_size)
      problems.push({
        key: "child_chunk_size",
        message: `must be smaller than parent_chunk_size (${config.parent_chunk_size})`,
      });
    if (config.child_chunk_overlap >= config.child_chunk_size)
      problems.push({
        key: "child_chunk_overlap",
        message: `must be smaller than child_chunk_size (${config.child_chunk_size}); 0 means no overlap`,
      });
    if (!encodingForModel(config.tiktoken_model))
      problems.push({ key: "tiktoken_model", message: "has no known encoding" });
    return problems;
  },
  encodingOf,
  async chunk(doc: DocModel, config, ctx) {
    const text = doc.text;
    const tokenizer = await ctx.tokenizer(encodingOf(config));
    const length = rangeTokenCounter(ctx.encoded.get(doc.id, tokenizer, text));
    const sections = headingSections(doc);
    const plan = planHierarchy(text, sections, config, length, ctx.signal);
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
      const tokens = tokenizer.count(text.slice(start, end));
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
        overlap = tokenizer.count(text.slice(start, prev.range.end));
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
        `${midSentence} chunk(s) end mid-sentence: a single sentence (or line) is longer than the chunk size`,
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
