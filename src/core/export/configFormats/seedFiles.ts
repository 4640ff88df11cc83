/**
 * The other seeds' own config files: ADR-018's chunk_for_rag keyword arguments, the hierarchical
 * chunker's DEFAULT_CHUNKING_CONFIG (TypeScript), Thorbis' chunk_configuration YAML and the header
 * chunker's [chunking] TOML. Every key of ours has the seed's own name, so these write every key;
 * Thorbis' file keeps its policy block exactly the seed's and puts the workbench's own keys beside it.
 */
import { stringify as toToml } from "smol-toml";
import { Document, isMap, isScalar } from "yaml";
import { hashComments, inlineValue, pyLiteral, tsKey, tsLiteral } from "./literals";
import type { ConfigRecord, ConfigWriter } from "./types";

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

/**
 * The seed policy's chunk_configuration keys, in its order. The file is a Thorbis policy, so its
 * block holds exactly these — the unmodelled ones too — and nothing of the workbench's own.
 */
const THORBIS_POLICY_KEYS = [
  "target_size",
  "min_size",
  "max_size",
  "overlap_chars",
  "preserve_entities",
  "entity_back_refs",
  "as_of_timestamps",
  "change_tracking",
  "respect_boundaries",
  "maintain_context",
];

/** What the seed sets each unmodelled key to: the workbench cannot tune them, so it keeps the seed's. */
const THORBIS_UNMODELLED_VALUE = true;

/** Top-level key for the workbench's own settings (the entity dictionary): outside the policy block. */
export const THORBIS_WORKBENCH_KEY = "workbench";

const isUnmodelled = (key: string) => (THORBIS_UNMODELLED_KEYS as readonly string[]).includes(key);

/** A comment naming the keys that are the workbench's own, written along so the file round-trips. */
function additions(config: Record<string, unknown>, seedKeys: readonly string[], where: string): string[] {
  const extra = Object.keys(config).filter((k) => !seedKeys.includes(k));
  return extra.length ? [`${extra.join(", ")}: the workbench's own, not in the seed's ${where}.`] : [];
}

/** The workbench's keys that are no policy key; an empty list (the dictionary's default) says nothing. */
function workbenchOwn(config: ConfigRecord): ConfigRecord {
  return Object.fromEntries(
    Object.entries(config).filter(
      ([k, v]) => !THORBIS_POLICY_KEYS.includes(k) && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

export const thorbisYamlFormat: ConfigWriter = {
  id: "thorbis-yaml",
  label: "Thorbis chunk_configuration (YAML)",
  extension: "yaml",
  mime: "application/yaml",
  chunkers: ["entity"],
  imports: "full",
  write(chunker, config) {
    // A partial config (an unregistered chunker) leaves a modelled key out rather than invent it.
    const policy = Object.fromEntries(
      THORBIS_POLICY_KEYS.filter((k) => isUnmodelled(k) || config[k] !== undefined).map((k) => [
        k,
        isUnmodelled(k) ? THORBIS_UNMODELLED_VALUE : config[k],
      ]),
    );
    const own = workbenchOwn(config);
    const hasOwn = Object.keys(own).length > 0;
    const doc = new Document({
      chunk_configuration: policy,
      ...(hasOwn ? { [THORBIS_WORKBENCH_KEY]: own } : {}),
    });
    const block = doc.get("chunk_configuration", true);
    for (const key of THORBIS_UNMODELLED_KEYS) {
      const node = isMap(block) ? block.get(key, true) : undefined;
      if (isScalar(node)) node.comment = " the seed's value: not modelled by the workbench";
    }
    const head = hashComments([
      `Thorbis RAG chunking policy — chunk_configuration tuned in Chunk Workbench (chunker: ${chunker}).`,
      `${THORBIS_UNMODELLED_KEYS.join(", ")}: not modelled by the workbench; written with the seed's value (${String(THORBIS_UNMODELLED_VALUE)}); keep your own.`,
      ...(hasOwn
        ? [
            `${THORBIS_WORKBENCH_KEY}: the workbench's own settings (${Object.keys(own).join(", ")}), not part of the Thorbis policy; the workbench reads them back on import.`,
          ]
        : []),
    ]);
    return `${head}\n${doc.toString()}`;
  },
};

/**
 * The entity config a Thorbis file holds: its chunk_configuration less the keys the workbench does
 * not model, plus the workbench's own block. A dictionary inside chunk_configuration (as earlier
 * exports wrote it) is still read.
 */
export function entityConfigFromThorbis(doc: ConfigRecord): ConfigRecord {
  const policy = doc.chunk_configuration;
  const config: ConfigRecord = isRecord(policy) ? { ...policy } : {};
  for (const key of THORBIS_UNMODELLED_KEYS) delete config[key];
  const own = doc[THORBIS_WORKBENCH_KEY];
  return isRecord(own) ? { ...config, ...own } : config;
}

function isRecord(value: unknown): value is ConfigRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

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
        ["strategy", "min_chunk_chars", "max_chunk_chars", "overlap_chars", "include_parent_headers"],
        "[chunking]",
      ),
    ]);
    // The seed's strategy ("header_based" or "none") leads the table, as its example writes it.
    const { strategy = HEADER_STRATEGY, ...rest } = config;
    return `${head}\n${toToml({ chunking: { strategy, ...rest } }).trimEnd()}\n`;
  },
};
