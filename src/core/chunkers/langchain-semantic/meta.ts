/** What the page needs of LangChain's SemanticChunker: its config, defaults, params and checks — no algorithm (run.ts). */
import type { ChunkerMeta, ConfigProblem } from "../../chunk";
import { separatorPattern } from "../recursive/flavor";

const BREAKPOINT_TYPES = ["percentile", "standard_deviation", "interquartile", "gradient"] as const;
type BreakpointThresholdType = (typeof BREAKPOINT_TYPES)[number];

/** langchain_experimental's BREAKPOINT_DEFAULTS: the amount each type uses when none is given. */
const BREAKPOINT_DEFAULTS: Readonly<Record<BreakpointThresholdType, number>> = {
  percentile: 95,
  standard_deviation: 3,
  interquartile: 1.5,
  gradient: 95,
};

export interface LangchainSemanticConfig {
  buffer_size: number;
  breakpoint_threshold_type: BreakpointThresholdType;
  breakpoint_threshold_amount: number;
  /** 0 is LangChain's None: the threshold comes from the type and amount. */
  number_of_chunks: number;
  /** 0 is LangChain's None (no chunk is shorter than 0 characters). */
  min_chunk_size: number;
  sentence_split_regex: string;
}

const SEMANTIC_DEFAULTS: LangchainSemanticConfig = {
  buffer_size: 1,
  breakpoint_threshold_type: "percentile",
  breakpoint_threshold_amount: BREAKPOINT_DEFAULTS.percentile,
  number_of_chunks: 0,
  min_chunk_size: 0,
  sentence_split_regex: "(?<=[.?!])\\s+",
};

export const langchainSemanticMeta: ChunkerMeta<LangchainSemanticConfig> = {
  id: "langchain-semantic",
  label: "Semantic (LangChain)",
  source: "LangChain SemanticChunker (langchain_experimental 0.3, text_splitter.py)",
  description:
    "LangChain's SemanticChunker: sentences by its regex, each embedded with buffer_size neighbours on either side, a break wherever the cosine distance to the next is above the breakpoint threshold (percentile, standard deviation, interquartile or gradient). Embeds with the session's embedder (GloVe locally, or your endpoint). LangChain's chunk texts (sentences joined by one space), with true offsets.",
  defaults: SEMANTIC_DEFAULTS,
  params: [
    {
      key: "buffer_size",
      label: "Buffer size",
      type: "int",
      min: 0,
      max: 20,
      step: 1,
      help: "Sentences on either side embedded with each sentence (LangChain: 1, so three sentences per embedding).",
    },
    {
      key: "breakpoint_threshold_type",
      label: "Breakpoint threshold type",
      type: "enum",
      options: BREAKPOINT_TYPES,
      help: "How the threshold on cosine distances (1 − similarity) is found: a percentile of them, mean + amount·std, mean + amount·IQR, or a percentile of their gradient.",
    },
    {
      key: "breakpoint_threshold_amount",
      label: "Breakpoint threshold amount",
      type: "number",
      min: 0,
      max: 100,
      step: 0.5,
      help: "In the type's units: a percentile (0–100) for percentile and gradient, a multiple of the std or the IQR for the others. Changing the type resets it to LangChain's default (95, 3, 1.5, 95).",
    },
    {
      key: "number_of_chunks",
      label: "Number of chunks",
      type: "int",
      min: 0,
      max: 100_000,
      step: 1,
      help: "0 (LangChain's None): off. Otherwise the threshold is the distance percentile LangChain interpolates for about this many chunks, whatever the type.",
    },
    {
      key: "min_chunk_size",
      label: "Min chunk size",
      type: "int",
      min: 0,
      max: 100_000,
      step: 10,
      help: "Characters; 0 is LangChain's None. A chunk shorter than this is not closed at its breakpoint but runs on to the next (the last chunk is never checked).",
    },
    {
      key: "sentence_split_regex",
      label: "Sentence split regex",
      type: "string",
      help: 'Python re pattern the text is split on into sentences (LangChain: "(?<=[.?!])\\\\s+", whitespace after . ? !).',
    },
  ],
  presets: [
    { name: "LangChain defaults (percentile 95)", config: { ...SEMANTIC_DEFAULTS } },
    {
      name: "Standard deviation 3",
      config: { breakpoint_threshold_type: "standard_deviation", breakpoint_threshold_amount: 3 },
    },
    {
      name: "Interquartile 1.5",
      config: { breakpoint_threshold_type: "interquartile", breakpoint_threshold_amount: 1.5 },
    },
    {
      name: "Gradient 95",
      config: { breakpoint_threshold_type: "gradient", breakpoint_threshold_amount: 95 },
    },
  ],
  check(config) {
    const problems: ConfigProblem[] = [];
    try {
      separatorPattern(config.sentence_split_regex);
    } catch (error) {
      problems.push({
        key: "sentence_split_regex",
        message: error instanceof Error ? error.message : String(error),
      });
    }
    if (
      (config.breakpoint_threshold_type === "percentile" ||
        config.breakpoint_threshold_type === "gradient") &&
      config.breakpoint_threshold_amount > 100
    )
      problems.push({ key: "breakpoint_threshold_amount", message: "a percentile is between 0 and 100" });
    return problems;
  },
  withParam(config, key, value) {
    // LangChain takes the type's own default amount when none is given: a new type brings its default.
    if (key === "breakpoint_threshold_type" && typeof value === "string" && value in BREAKPOINT_DEFAULTS)
      return {
        ...config,
        [key]: value,
        breakpoint_threshold_amount: BREAKPOINT_DEFAULTS[value as BreakpointThresholdType],
      };
    return { ...config, [key]: value };
  },
  encodingOf: () => "cl100k_base",
};
