/** What the page needs of LlamaIndex's SemanticSplitterNodeParser: its config, defaults and params — no algorithm (run.ts). */
import type { ChunkerMeta } from "../../chunk";

export interface LlamaindexSemanticConfig {
  buffer_size: number;
  breakpoint_percentile_threshold: number;
}

/** llama_index.core.node_parser.SemanticSplitterNodeParser's defaults (llama-index-core 0.12). */
const SEMANTIC_DEFAULTS: LlamaindexSemanticConfig = {
  buffer_size: 1,
  breakpoint_percentile_threshold: 95,
};

export const llamaindexSemanticMeta: ChunkerMeta<LlamaindexSemanticConfig> = {
  id: "llamaindex-semantic",
  label: "Semantic (LlamaIndex)",
  source:
    "LlamaIndex SemanticSplitterNodeParser (llama-index-core 0.12, node_parser/text/semantic_splitter.py)",
  description:
    "LlamaIndex's SemanticSplitterNodeParser: sentences, each embedded with buffer_size neighbours on either side (joined as they stand in the text), a break wherever the cosine distance to the next is above the breakpoint_percentile_threshold percentile of all distances. Embeds with the session's embedder (GloVe locally, or your endpoint). Sentences by natural's rules (LlamaIndex TS's), where Python's default is NLTK's Punkt.",
  defaults: SEMANTIC_DEFAULTS,
  params: [
    {
      key: "buffer_size",
      label: "Buffer size",
      type: "int",
      min: 0,
      max: 20,
      step: 1,
      help: "Sentences on either side embedded with each sentence (LlamaIndex: 1).",
    },
    {
      key: "breakpoint_percentile_threshold",
      label: "Breakpoint percentile threshold",
      type: "number",
      min: 0,
      max: 100,
      step: 0.5,
      help: "A distance above this percentile of all adjacent distances breaks (LlamaIndex: 95). Drag it on the curve.",
    },
  ],
  presets: [
    { name: "LlamaIndex defaults (95)", config: { ...SEMANTIC_DEFAULTS } },
    { name: "More chunks (80)", config: { breakpoint_percentile_threshold: 80 } },
  ],
  encodingOf: () => "cl100k_base",
};
