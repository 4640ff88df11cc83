/** A tuned (non-default) config per chunker id, keys as CHUNKERS.md "Config keys". */
export const TUNED: Record<string, Record<string, unknown>> = {
  token: { chunk_size: 300, overlap: 30 },
  recursive: {
    chunk_size: 777,
    chunk_overlap: 40,
    separators: ["\n\n", "\n", ". ", " ", ""],
    length_unit: "chars",
    keep_separator: false,
  },
  hierarchical: {
    parent_chunk_size: 1600,
    child_chunk_size: 410,
    child_chunk_overlap: 55,
    tiktoken_model: "gpt-4",
  },
  header: { min_chunk_chars: 250, max_chunk_chars: 1500, overlap_chars: 60, include_parent_headers: false },
  "late-jaccard": { max_tokens: 9000, target_tokens: 420, overlap_tokens: 70, similarity_threshold: 0.15 },
  "late-embedding": {
    max_tokens: 9000,
    target_tokens: 420,
    overlap_tokens: 70,
    similarity_threshold: 0.15,
    window_size: 5,
    batch_size: 8,
    use_content_based_ids: false,
    threshold_mode: "absolute",
    threshold_amount: 0.7,
  },
  agentic: { max_retries: 3, timeout: 45, rate_limit: 12, token_budget: 50000 },
  hybrid: {
    mode: "agentic",
    max_chunk_tokens: 500,
    overlap_tokens: 60,
    enable_quality_metrics: false,
    routing: {
      rules: {
        default_profile: "standard",
        default_chunker_mode: "late",
        rules: [
          { tenant: "enterprise", profile: "premium", chunker_mode: "late" },
          { tenant: "enterprise", doc_class: "legal_contract", chunker_mode: "agentic" },
        ],
      },
      context: { tenant: "enterprise", doc_class: "legal_contract" },
    },
  },
  entity: {
    target_size: 900,
    min_size: 450,
    max_size: 1300,
    overlap_chars: 90,
    preserve_entities: true,
    entity_back_refs: false,
    respect_boundaries: true,
    dictionary: [{ name: "Acme Field Services", type: "customer" }],
  },
  simple: { max_bytes: 1024 },
};
