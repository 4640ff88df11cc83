/**
 * The other seeds' own config files: ADR-018's chunk_for_rag keyword arguments, the hierarchical
 * chunker's DEFAULT_CHUNKING_CONFIG (TypeScript), Thorbis' chunk_configuration YAML and the header
 * chunker's [chunking] TOML. Every key of ours has the seed's own name, so these write every key.
 */
import { stringify as toToml } from "smol-toml";
import { stringify as toYaml } from "yaml";
import { hashComments, inlineValue, pyLiteral, tsKey, tsLiteral } from "./literals";
import type { ConfigWriter } from "./types";

/** Comments for the seed's TypeScript config, as markdown-chunker.ts has them. */
const HIERARCHICAL_NOTES: Record<string, string> = {
  parent_chunk_size: "Parent: context for LLM",
  child_chunk_size: "Child: precision retrieval",
  child_chunk_overlap: "Overlap: boundary continuity",
};

export const adr018Format: ConfigWriter = {
  id: "adr018",
  label: "ADR-018 chunk_for_rag arguments",
  extension: "py",
  mime: "text/x-python",
  chunkers: ["token"],
  imports: "none",
  write(chunker, config) {
    const { encoding, ...kwargs } = config;
    const notes = [
      `ADR-018 chunk_for_rag keyword arguments, tuned in Chunk Workbench (chunker: ${chunker}).`,
      "Usage: chunks = chunk_for_rag(text, **CHUNK_FOR_RAG_KWARGS)",
    ];
    if (encoding !== undefined)
      notes.push(
        encoding === "cl100k_base"
          ? 'encoding cl100k_base: what chunk_for_rag hard-codes (tiktoken.get_encoding("cl100k_base")).'
          : `encoding ${inlineValue(encoding)}: chunk_for_rag takes no encoding argument and hard-codes cl100k_base; change its tiktoken.get_encoding(...) call to match.`,
      );
    return `${hashComments(notes)}\nCHUNK_FOR_RAG_KWARGS = ${pyLiteral(kwargs)}\n`;
  },
};

export const hierarchicalTsFormat: ConfigWriter = {
  id: "hierarchical-ts",
  label: "DEFAULT_CHUNKING_CONFIG (TypeScript)",
  extension: "ts",
  mime: "text/x-typescript",
  chunkers: ["hierarchical"],
  imports: "none",
  write(chunker, config) {
    const lines = Object.entries(config).map(([k, v]) => {
      const note = HIERARCHICAL_NOTES[k];
      return `  ${tsKey(k)}: ${tsLiteral(v)},${note ? ` // ${note}` : ""}`;
    });
    return (
      `// markdown-chunker.ts: DEFAULT_CHUNKING_CONFIG tuned in Chunk Workbench (chunker: ${chunker}).\n` +
      `export const DEFAULT_CHUNKING_CONFIG = {\n${lines.join("\n")}\n};\n`
    );
  },
};

/** Keys of Thorbis' chunk_configuration the workbench does not model: read past on import. */
export const THORBIS_UNMODELLED_KEYS = ["as_of_timestamps", "change_tracking", "maintain_context"] as const;

/** chunk_configuration's keys in the seed that the workbench models (the rest are workbench additions). */
const THORBIS_SEED_KEYS = [
  "target_size",
  "min_size",
  "max_size",
  "overlap_chars",
  "preserve_entities",
  "entity_back_refs",
  "respect_boundaries",
];

/** A comment naming the keys that are the workbench's own, written along so the file round-trips. */
function additions(config: Record<string, unknown>, seedKeys: readonly string[], where: string): string[] {
  const extra = Object.keys(config).filter((k) => !seedKeys.includes(k));
  return extra.length ? [`${extra.join(", ")}: the workbench's own, not in the seed's ${where}.`] : [];
}

export const thorbisYamlFormat: ConfigWriter = {
  id: "thorbis-yaml",
  label: "Thorbis chunk_configuration (YAML)",
  extension: "yaml",
  mime: "application/yaml",
  chunkers: ["entity"],
  imports: "full",
  write(chunker, config) {
    const head = hashComments([
      `Thorbis RAG chunking policy — chunk_configuration tuned in Chunk Workbench (chunker: ${chunker}).`,
      `${THORBIS_UNMODELLED_KEYS.join(", ")}: not modelled by the workbench; keep your own values.`,
      ...additions(config, THORBIS_SEED_KEYS, "chunk_configuration"),
    ]);
    return `${head}\n${toYaml({ chunk_configuration: config })}`;
  },
};

export const HEADER_STRATEGY = "header_based";

export const headerTomlFormat: ConfigWriter = {
  id: "header-toml",
  label: "[chunking] TOML",
  extension: "toml",
  mime: "application/toml",
  chunkers: ["header"],
  imports: "full",
  write(chunker, config) {
    const head = hashComments([
      `ChunkingConfig for load_config(), tuned in Chunk Workbench (chunker: ${chunker}).`,
      ...additions(
        config,
        ["min_chunk_chars", "max_chunk_chars", "overlap_chars", "include_parent_headers"],
        "[chunking]",
      ),
    ]);
    return `${head}\n${toToml({ chunking: { strategy: HEADER_STRATEGY, ...config } }).trimEnd()}\n`;
  },
};
