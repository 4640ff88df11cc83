import type { Chunk } from "../chunk";
/**
 * Which config keys say how big a chunker's chunks should be, and in which unit. Chunkers measure
 * size differently (tokens, characters, UTF-8 bytes), so "under min" and "over max" are judged in
 * the chunker's own unit against its own keys — never against a universal number.
 */

export type SizeUnit = "tokens" | "chars" | "bytes";

/** A config key and the value the run used. */
interface SizeKey {
  key: string;
  value: number;
}

export interface SizeRule {
  unit: SizeUnit;
  target?: SizeKey;
  min?: SizeKey;
  max?: SizeKey;
  /** The chunks the rule measures: hierarchical parents and children have different sizes. */
  level?: "parent" | "child";
  /** Why the rule is what it is, when the keys alone do not say (shown under the histogram). */
  note?: string;
}

interface RuleKeys {
  unit: SizeUnit | ((config: Record<string, unknown>) => SizeUnit);
  target?: string;
  min?: string;
  max?: string;
  level?: "parent" | "child";
  note?: string;
}

const LATE_NOTE =
  "target_tokens is where a chunk closes (a sentence that would pass it starts the next; under boundary_rule running-chunk it stays in); max_tokens bounds the document, not a chunk";

/** Per chunker id (CHUNKERS.md's config keys); the first rule is the one the histogram shows. */
const RULES: Record<string, readonly RuleKeys[]> = {
  token: [{ unit: "tokens", target: "chunk_size", max: "chunk_size" }],
  recursive: [
    {
      unit: (config) => (config["length_unit"] === "chars" ? "chars" : "tokens"),
      target: "chunk_size",
      max: "chunk_size",
    },
  ],
  // LangChain's CharacterTextSplitter: the same length units and chunk_size as recursive.
  "langchain-character": [
    {
      unit: (config) => (config["length_unit"] === "tokens" ? "tokens" : "chars"),
      target: "chunk_size",
      max: "chunk_size",
    },
  ],
  hierarchical: [
    { unit: "tokens", target: "child_chunk_size", max: "child_chunk_size", level: "child" },
    { unit: "tokens", target: "parent_chunk_size", max: "parent_chunk_size", level: "parent" },
  ],
  header: [{ unit: "chars", target: "max_chunk_chars", min: "min_chunk_chars", max: "max_chunk_chars" }],
  "late-jaccard": [{ unit: "tokens", target: "target_tokens", note: LATE_NOTE }],
  "late-embedding": [{ unit: "tokens", target: "target_tokens", note: LATE_NOTE }],
  agentic: [
    {
      unit: "tokens",
      target: "max_chunk_tokens",
      max: "max_chunk_tokens",
      note: "max_chunk_tokens is the size asked of the model and the hard limit its chunks are cut to",
    },
  ],
  hybrid: [
    {
      unit: "tokens",
      target: "max_chunk_tokens",
      max: "max_chunk_tokens",
      note: "max_chunk_tokens is the late chunker's target_tokens (and the agentic chunker's limit)",
    },
  ],
  entity: [{ unit: "chars", target: "target_size", min: "min_size", max: "max_size" }],
  // Peer frameworks' chunkers (issue 32), in their own units.
  "langchain-semantic": [
    {
      unit: "chars",
      min: "min_chunk_size",
      note: "SemanticChunker has no size limit; min_chunk_size (0: none) carries a short chunk on to the next breakpoint",
    },
  ],
  "chonkie-sentence": [{ unit: "chars", target: "chunk_size", max: "chunk_size" }],
  "chonkie-semantic": [{ unit: "chars", target: "chunk_size", max: "chunk_size" }],
  "llamaindex-sentence": [{ unit: "tokens", target: "chunk_size", max: "chunk_size" }],
  "llamaindex-semantic": [{ unit: "tokens", note: "SemanticSplitterNodeParser has no size limit" }],
  simple: [{ unit: "bytes", target: "max_bytes", max: "max_bytes" }],
};

/** The size rules of a run; a chunker this table does not know is measured in tokens, with no target. */
export function sizeRules(chunker: string, config: Record<string, unknown>): SizeRule[] {
  const keys = RULES[chunker] ?? [{ unit: "tokens" as const, note: `no size keys known for "${chunker}"` }];
  return keys.map((k) => {
    const rule: SizeRule = { unit: typeof k.unit === "function" ? k.unit(config) : k.unit };
    const target = read(config, k.target);
    const min = read(config, k.min);
    const max = read(config, k.max);
    if (target) rule.target = target;
    if (min) rule.min = min;
    if (max) rule.max = max;
    if (k.level) rule.level = k.level;
    if (k.note) rule.note = k.note;
    return rule;
  });
}

function read(config: Record<string, unknown>, key: string | undefined): SizeKey | undefined {
  if (key === undefined) return undefined;
  const value = config[key];
  return typeof value === "number" && Number.isFinite(value) ? { key, value } : undefined;
}

/** The rule a chunk is measured by: the one for its level, else the first. */
export function ruleFor(rules: readonly SizeRule[], level: "parent" | "child" | undefined): SizeRule {
  return rules.find((r) => r.level !== undefined && r.level === level) ?? rules[0]!;
}

const utf8 = new TextEncoder();

/** A chunk's size in a rule's unit: tokens as counted, characters (UTF-16) or UTF-8 bytes of its body (prefix excluded). */
export function chunkSizeIn(chunk: Pick<Chunk, "tokens" | "text" | "prefixChars">, unit: SizeUnit): number {
  if (unit === "tokens") return chunk.tokens;
  const body = chunk.text.slice(chunk.prefixChars);
  return unit === "chars" ? body.length : utf8.encode(body).length;
}

/** How the UI writes a unit after a number. */
export const UNIT_ABBREVIATION: Readonly<Record<SizeUnit, string>> = {
  tokens: "tok",
  chars: "chars",
  bytes: "bytes",
};
