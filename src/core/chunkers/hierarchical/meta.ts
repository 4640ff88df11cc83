/** What the page needs of the course-gen hierarchical seed: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem } from "../../chunk";
import { encodingForModel, type EncodingName } from "../../text/tokenizer";

export interface HierarchicalConfig {
  parent_chunk_size: number;
  child_chunk_size: number;
  child_chunk_overlap: number;
  tiktoken_model: string;
}

const HIERARCHICAL_DEFAULTS: HierarchicalConfig = {
  parent_chunk_size: 1500,
  child_chunk_size: 400,
  child_chunk_overlap: 50,
  tiktoken_model: "gpt-3.5-turbo",
};

/** tiktoken model names (encoding_for_model) offered for tiktoken_model, with their encodings. */
const TIKTOKEN_MODELS = [
  "gpt-3.5-turbo",
  "gpt-4",
  "gpt-4-turbo",
  "text-embedding-ada-002",
  "text-embedding-3-small",
  "text-embedding-3-large",
  "gpt-4o",
  "gpt-4o-mini",
] as const;

class UnknownTiktokenModelError extends Error {
  override readonly name = "UnknownTiktokenModelError";
  constructor(readonly model: string) {
    super(`tiktoken_model "${model}" has no known encoding`);
  }
}

export function encodingOf(config: HierarchicalConfig): EncodingName {
  const encoding = encodingForModel(config.tiktoken_model);
  if (!encoding) throw new UnknownTiktokenModelError(config.tiktoken_model);
  return encoding;
}

export const hierarchicalMeta: ChunkerMeta<HierarchicalConfig> = {
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
      step: 10,
      help: "Parents: the context returned to the LLM (seed: 1500). Parents do not overlap (seed is silent; workbench default).",
    },
    {
      key: "child_chunk_size",
      label: "Child chunk size (tokens)",
      type: "int",
      min: 1,
      max: 999_999,
      step: 10,
      help: "Children: what is indexed for precise retrieval (seed: 400); must be smaller than parent_chunk_size.",
    },
    {
      key: "child_chunk_overlap",
      label: "Child overlap (tokens)",
      type: "int",
      min: 0,
      max: 999_998,
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
};
