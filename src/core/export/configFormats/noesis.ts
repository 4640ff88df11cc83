/**
 * NOESIS 2 (hybrid-late-agentic-chunker.md): the constants of `noesis2/settings/base.py`, the same
 * names as `.env` lines, and `config/rag_routing_rules.yaml`. The seed names a setting for some of
 * our keys only; the rest (the Phase 2 threshold and rule, the agentic limits, the workbench's
 * extensions) are written under the workbench's own names, `WORKBENCH_<KEY>`, with a comment saying
 * where they belong — never under a name the seed might mean otherwise — so the file imports back
 * whole (`importNoesisSettings`); the hybrid chunker's routing is its own file (noesis-routing).
 */
import { stringify } from "yaml";
import { hashComments, inlineValue, pyLiteral } from "./literals";
import type { ConfigRecord, ConfigWriter } from "./types";

const NOESIS_CHUNKERS = ["late-jaccard", "late-embedding", "agentic", "hybrid"] as const;

interface Setting {
  name: string;
  value: unknown;
}

interface Mapped {
  settings: Setting[];
  /** Our keys with no NOESIS setting, with where they go instead. */
  unmapped: { key: string; value: unknown; where: string }[];
}

/** Our key → the seed's setting, per chunker (the seed's "Configuration" section). */
const SETTING_OF: Record<string, Record<string, string>> = {
  "late-jaccard": {
    max_tokens: "RAG_LATE_CHUNK_MAX_TOKENS",
    target_tokens: "RAG_CHUNK_TARGET_TOKENS",
    overlap_tokens: "RAG_CHUNK_OVERLAP_TOKENS",
  },
  "late-embedding": {
    max_tokens: "RAG_LATE_CHUNK_MAX_TOKENS",
    target_tokens: "RAG_CHUNK_TARGET_TOKENS",
    overlap_tokens: "RAG_CHUNK_OVERLAP_TOKENS",
    window_size: "RAG_CHUNKING_WINDOW_SIZE",
    batch_size: "RAG_CHUNKING_BATCH_SIZE",
    use_content_based_ids: "RAG_USE_CONTENT_BASED_IDS",
  },
  agentic: {},
  // ChunkerConfig(max_chunk_tokens=450) and RAG_CHUNK_TARGET_TOKENS = 450 are the same number in the seed.
  hybrid: {
    mode: "RAG_CHUNKER_MODE",
    max_chunk_tokens: "RAG_CHUNK_TARGET_TOKENS",
    overlap_tokens: "RAG_CHUNK_OVERLAP_TOKENS",
    enable_quality_metrics: "RAG_ENABLE_QUALITY_METRICS",
    use_embedding_similarity: "RAG_USE_EMBEDDING_SIMILARITY",
    window_size: "RAG_CHUNKING_WINDOW_SIZE",
    batch_size: "RAG_CHUNKING_BATCH_SIZE",
  },
};

/** Settings a chunker id implies by itself (it is the mode, or the Phase 1/2 switch). */
const IMPLIED: Record<string, Setting[]> = {
  "late-jaccard": [
    { name: "RAG_CHUNKER_MODE", value: "late" },
    { name: "RAG_USE_EMBEDDING_SIMILARITY", value: false },
  ],
  "late-embedding": [
    { name: "RAG_CHUNKER_MODE", value: "late" },
    { name: "RAG_USE_EMBEDDING_SIMILARITY", value: true },
  ],
  agentic: [{ name: "RAG_CHUNKER_MODE", value: "agentic" }],
  hybrid: [],
};

const WHERE: Record<string, string> = {
  similarity_threshold: "LateChunker's Jaccard boundary threshold; the seed names no setting for it",
  threshold_mode: "the Phase 2 boundary rule; the seed only says 'below threshold' and names no setting",
  threshold_amount: "the Phase 2 boundary threshold; the seed names no setting for it",
  max_retries: "an AgenticChunker(...) keyword argument, not a setting",
  timeout: "an AgenticChunker(...) keyword argument (seconds), not a setting",
  rate_limit: "an AgenticChunker(...) keyword argument (calls per minute), not a setting",
  token_budget: "an AgenticChunker(...) keyword argument (tokens per day), not a setting",
  fallback: "AgenticChunker's fallback_chunker, not a setting",
  routing: "config/rag_routing_rules.yaml (export format noesis-routing)",
  boundary_rule:
    "which Jaccard loop the workbench ran: running-chunk (late_chunker.py's loop, the seed's) or adjacent (the seed's prose, adjacent sentences); the seed names no setting",
  max_chunk_tokens:
    "the agentic chunker's size limit (HybridChunker's max_chunk_tokens); no setting of its own",
  overlap_tokens: "the overlap of the agentic chunker's late fallback; no setting of its own",
  token_counter:
    'wb, a workbench extension: how the limits counted tokens — "cl100k" is tiktoken\'s cl100k_base; "chars_div_4" is len(text) // 4, as NOESIS\'s own code estimates; the seed names no setting',
  on_rate_limit:
    'what the run does at the rate limit — "fallback" is the seed\'s "automatic fallback … on any failure"; "wait" queues the call (a workbench choice)',
  sentence_splitter:
    'wb, a workbench extension: the sentences the workbench cut — "seed" is the seed\'s regex, as the pipeline splits; "workbench" is the workbench\'s own segmenter, which the pipeline does not have; the seed names no setting',
};

function mapNoesis(chunker: string, config: ConfigRecord): Mapped {
  const names = SETTING_OF[chunker] ?? {};
  const settings: Setting[] = [...(IMPLIED[chunker] ?? [])];
  const unmapped: Mapped["unmapped"] = [];
  for (const [key, value] of Object.entries(config)) {
    const name = names[key];
    if (name) settings.push({ name, value });
    else unmapped.push({ key, value, where: WHERE[key] ?? "the seed names no setting for it" });
  }
  return { settings, unmapped };
}

/** The workbench's own setting name for a key the seed names no setting for. */
const WORKBENCH_PREFIX = "WORKBENCH_";
const workbenchName = (key: string) => `${WORKBENCH_PREFIX}${key.toUpperCase()}`;

/** Keys written as settings of the workbench's names: every unmapped scalar; routing has its own file. */
const asWorkbenchSetting = (u: Mapped["unmapped"][number]) =>
  u.key !== "routing" && (u.value === null || typeof u.value !== "object");

/**
 * The unmapped keys: each under its WORKBENCH_ name as `line(name, value)`, after a comment saying
 * where it belongs; routing (a file of its own) as a comment only.
 */
function unmappedLines(unmapped: Mapped["unmapped"], line: (name: string, value: unknown) => string): string {
  if (unmapped.length === 0) return "";
  const out = [
    "",
    hashComments([
      "Tuned in the workbench, with no NOESIS setting of that name — under the workbench's own names,",
      "which the workbench imports back and NOESIS ignores:",
    ]),
  ];
  for (const u of unmapped) {
    if (asWorkbenchSetting(u)) {
      out.push(hashComments([`${u.key}: ${u.where}`]));
      out.push(line(workbenchName(u.key), u.value));
    } else out.push(hashComments([`${u.key} = ${inlineValue(u.value)}  (${u.where})`]));
  }
  return out.join("\n") + "\n";
}

export const noesisSettingsFormat: ConfigWriter = {
  id: "noesis-settings",
  label: "NOESIS settings.py",
  extension: "py",
  mime: "text/x-python",
  chunkers: NOESIS_CHUNKERS,
  imports: "partial",
  importedKeys: ["every key but hybrid's routing (export noesis-routing)"],
  write(chunker, config) {
    const { settings, unmapped } = mapNoesis(chunker, config);
    const head = hashComments([
      `noesis2/settings/base.py — chunking settings tuned in Chunk Workbench (chunker: ${chunker}).`,
    ]);
    const line = (name: string, value: unknown) => `${name} = ${pyLiteral(value)}`;
    const body = settings.map((s) => line(s.name, s.value)).join("\n");
    return `${head}\n\n${body}\n${unmappedLines(unmapped, line)}`;
  },
};

/** .env values as the seed writes them: lower-case booleans, bare words, quotes only when needed. */
function envValue(value: unknown): string {
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") return String(value);
  if (typeof value === "string" && /^[A-Za-z0-9_.:/-]*$/.test(value)) return value;
  return JSON.stringify(typeof value === "string" ? value : JSON.stringify(value));
}

export const noesisEnvFormat: ConfigWriter = {
  id: "noesis-env",
  label: "NOESIS .env",
  extension: "env",
  mime: "text/plain",
  chunkers: NOESIS_CHUNKERS,
  imports: "partial",
  importedKeys: ["every key but hybrid's routing (export noesis-routing)"],
  write(chunker, config) {
    const { settings, unmapped } = mapNoesis(chunker, config);
    const head = hashComments([
      `NOESIS chunking environment, tuned in Chunk Workbench (chunker: ${chunker}).`,
    ]);
    const line = (name: string, value: unknown) => `${name}=${envValue(value)}`;
    const body = settings.map((s) => line(s.name, s.value)).join("\n");
    return `${head}\n${body}\n${unmappedLines(unmapped, line)}`;
  },
};

/**
 * The hybrid chunker's `routing` is `{rules, context}`: `rules` is rag_routing_rules.yaml as an
 * object (null: no file, `mode` applies), `context` the document's tenant / doc_class /
 * collection_id. The file is `rules` as it stands; with no rules it is the equivalent file that
 * routes everything to `mode`. The context is document metadata, not part of the file.
 */
function routingParts(config: ConfigRecord): { file: unknown; context: ConfigRecord | null } {
  const routing = isRecord(config.routing) ? config.routing : {};
  const rules = routing.rules;
  const file =
    rules === null || rules === undefined
      ? { default_chunker_mode: config.mode ?? "late", rules: [] }
      : rules;
  const context = isRecord(routing.context) && Object.keys(routing.context).length ? routing.context : null;
  return { file, context };
}

function isRecord(value: unknown): value is ConfigRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The routing context rides in a comment line, so the file stays exactly what the seed's loader
 * reads while `--config` and the import dialog get the tenant / doc_class / collection_id back.
 */
const CONTEXT_MARK = "workbench-routing-context:";

/** The hybrid config's other keys (mode, sizes, switches) ride in a comment line the same way. */
const CONFIG_MARK = "workbench-config:";

/** The JSON object after `mark` on a comment line of `text`, if any. */
function markedObject(text: string, mark: string): ConfigRecord | null {
  const line = text.split("\n").find((l) => l.trimStart().startsWith(`# ${mark}`));
  if (!line) return null;
  try {
    const value: unknown = JSON.parse(line.slice(line.indexOf(mark) + mark.length));
    return isRecord(value) ? value : null;
  } catch {
    // A hand-edited comment that is no longer JSON is a comment like any other: nothing read.
    return null;
  }
}

/** The routing context a noesis-routing export carries in its comment, if any. */
export function routingContextFromComment(text: string): ConfigRecord | null {
  return markedObject(text, CONTEXT_MARK);
}

/** The hybrid keys besides routing a noesis-routing export carries in its comment, if any. */
export function hybridKeysFromComment(text: string): ConfigRecord | null {
  const keys = markedObject(text, CONFIG_MARK);
  if (!keys) return null;
  const { routing: _routing, __proto__: _proto, ...rest } = keys as ConfigRecord & { __proto__?: unknown };
  return rest;
}

/** A routing file with no rules and no profile is the hybrid config's plain `mode`. */
export function hybridConfigFromRoutingFile(doc: ConfigRecord): ConfigRecord {
  const rules = doc.rules;
  const onlyDefault =
    Array.isArray(rules) &&
    rules.length === 0 &&
    Object.keys(doc).every((k) => k === "rules" || k === "default_chunker_mode");
  if (onlyDefault) return { mode: doc.default_chunker_mode ?? "late", routing: { rules: null, context: {} } };
  return { routing: { rules: doc, context: {} } };
}

export const noesisRoutingFormat: ConfigWriter = {
  id: "noesis-routing",
  label: "NOESIS rag_routing_rules.yaml",
  extension: "yaml",
  mime: "application/yaml",
  chunkers: ["hybrid"],
  imports: "full",
  write(chunker, config) {
    const { file, context } = routingParts(config);
    // `mode` is in the file only when there are no rules (then the file routes everything to it).
    const rulesGiven = isRecord(config.routing) && config.routing.rules != null;
    const others = Object.keys(config).filter((k) => k !== "routing" && (k !== "mode" || rulesGiven));
    const head = hashComments([
      `config/rag_routing_rules.yaml — chunker mode routing, tuned in Chunk Workbench (chunker: ${chunker}).`,
      "Resolution: tenant + doc_class + collection_id > tenant + doc_class > tenant + collection_id > tenant > default_chunker_mode.",
      ...(others.length
        ? [
            "Not part of the routing (NOESIS reads them from settings: export noesis-settings); the workbench reads them back:",
            `${CONFIG_MARK} ${JSON.stringify(Object.fromEntries(others.map((k) => [k, config[k]])))}`,
          ]
        : []),
      ...(context
        ? [
            "Tuned for the document context below (document metadata, not part of the routing; the workbench reads it back):",
            `${CONTEXT_MARK} ${JSON.stringify(context)}`,
          ]
        : []),
    ]);
    return `${head}\n${stringify(file)}`;
  },
};

/** A line `NAME = value` (settings.py) or `NAME=value` (.env) of a RAG_ or WORKBENCH_ setting. */
const SETTING_LINE = /^[ \t]*((?:RAG|WORKBENCH)_[A-Z0-9_]+)[ \t]*=[ \t]*(.*?)[ \t]*$/;
const CHUNKER_MARK = /\(chunker: ([a-z-]+)\)/;

/** Whether `text` reads as a NOESIS settings.py or .env (a RAG_/WORKBENCH_ setting on a line of its own). */
export function isNoesisSettings(text: string): boolean {
  return text.split("\n").some((l) => SETTING_LINE.test(l));
}

/** A settings.py literal or an .env value, as the writers above write them. */
function settingValue(raw: string): unknown {
  if (raw === "True" || raw === "true") return true;
  if (raw === "False" || raw === "false") return false;
  if (raw === "None") return null;
  if (/^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(raw)) return Number(raw);
  if (raw.startsWith('"')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      // Not the JSON-quoted string the writers make: the text as it stands, quotes included.
      return raw;
    }
  }
  return raw;
}

/**
 * A noesis-settings or noesis-env export read back: the chunker from its header (else from the
 * settings: agentic mode, the hybrid's quality switch, Phase 2's switch), each seed setting mapped
 * to its key, each WORKBENCH_ setting to the key it names. Settings of other NOESIS parts are skipped.
 */
export function importNoesisSettings(text: string): { chunker: string; config: ConfigRecord } {
  const values = new Map<string, unknown>();
  for (const line of text.split("\n")) {
    const m = SETTING_LINE.exec(line.replace(/\r$/, ""));
    if (m) values.set(m[1]!, settingValue(m[2]!));
  }
  const marked = CHUNKER_MARK.exec(text)?.[1];
  const chunker =
    marked && (NOESIS_CHUNKERS as readonly string[]).includes(marked)
      ? marked
      : values.has("RAG_ENABLE_QUALITY_METRICS")
        ? "hybrid"
        : values.get("RAG_CHUNKER_MODE") === "agentic"
          ? "agentic"
          : values.get("RAG_USE_EMBEDDING_SIMILARITY") === true
            ? "late-embedding"
            : "late-jaccard";
  const keyOf = new Map(Object.entries(SETTING_OF[chunker] ?? {}).map(([key, name]) => [name, key]));
  const config: ConfigRecord = {};
  for (const [name, value] of values) {
    if (name.startsWith(WORKBENCH_PREFIX)) {
      const key = name.slice(WORKBENCH_PREFIX.length).toLowerCase();
      if (key !== "__proto__" && key !== "constructor" && key !== "prototype") config[key] = value;
    } else {
      const key = keyOf.get(name);
      if (key) config[key] = value;
    }
  }
  return { chunker, config };
}
