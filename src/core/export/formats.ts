/**
 * Export and import of a tuned config (issue 6 item 4): the workbench's own JSON, each seed system's
 * own file, and LangChain / LlamaIndex / Chonkie code; plus the chunk formats (JSONL, CSV).
 * Writers never see document data, and a config holding anything named like a credential is refused.
 */
import { parse as parseToml } from "smol-toml";
import type { FurnitureSetting } from "../document";
import { parse as parseYaml } from "yaml";
import type { Chunk } from "../chunk";
import { CHUNKER_METAS as CHUNKERS } from "../chunkers/metas";
import { ConfigError, validConfig } from "../config";
import { type RecordOptions, toCsv, toJsonl } from "./chunkRecords";
import { chonkieFormat } from "./configFormats/chonkie";
import { jsonFormat, WORKBENCH_EXPORT_VERSION } from "./configFormats/json";
import { langchainFormat } from "./configFormats/langchain";
import { llamaindexFormat } from "./configFormats/llamaindex";
import {
  hybridConfigFromRoutingFile,
  hybridKeysFromComment,
  importNoesisSettings,
  isNoesisSettings,
  routingContextFromComment,
  noesisEnvFormat,
  noesisRoutingFormat,
  noesisSettingsFormat,
} from "./configFormats/noesis";
import {
  adr018Format,
  HEADER_STRATEGY,
  headerTomlFormat,
  hierarchicalTsFormat,
  entityConfigFromThorbis,
  thorbisYamlFormat,
} from "./configFormats/seedFiles";
import type { ConfigFormat, ConfigFormatId, ConfigRecord, ConfigWriter } from "./configFormats/types";
import { ConfigExportError, ConfigImportError } from "./errors";
import { assertNoSecrets } from "./secrets";

export type { ConfigFormat, ConfigFormatId } from "./configFormats/types";
export { ConfigExportError, ConfigImportError, SecretInConfigError } from "./errors";
export { isSecretKeyName, secretPaths, stripSecrets } from "./secrets";

/** In the order the export dialog lists them (and DESIGN §5 names them). */
const WRITERS: readonly ConfigWriter[] = [
  jsonFormat,
  noesisSettingsFormat,
  noesisEnvFormat,
  noesisRoutingFormat,
  adr018Format,
  hierarchicalTsFormat,
  thorbisYamlFormat,
  headerTomlFormat,
  langchainFormat,
  llamaindexFormat,
  chonkieFormat,
];

function describe(w: ConfigWriter): ConfigFormat {
  const { write: _write, ...format } = w;
  return format;
}

export const CONFIG_FORMATS: readonly ConfigFormat[] = WRITERS.map(describe);

export const CONFIG_FORMAT_IDS: readonly ConfigFormatId[] = CONFIG_FORMATS.map((f) => f.id);

function applies(format: ConfigFormat, chunkerId: string): boolean {
  return format.chunkers === "all" || format.chunkers.includes(chunkerId);
}

/** The config formats that can express this chunker's config, workbench JSON first. */
export function formatsFor(chunkerId: string): ConfigFormat[] {
  return CONFIG_FORMATS.filter((f) => applies(f, chunkerId));
}

function writerOf(format: string, chunkerId: string): ConfigWriter {
  const writer = WRITERS.find((w) => w.id === format);
  if (!writer)
    throw new ConfigExportError(
      "unknown-format",
      `unknown export format "${format}" (known: ${CONFIG_FORMAT_IDS.join(", ")})`,
    );
  if (!applies(writer, chunkerId))
    throw new ConfigExportError(
      "not-applicable",
      `format ${format} cannot express the ${chunkerId} chunker (formats for ${chunkerId}: ${formatsFor(
        chunkerId,
      )
        .map((f) => f.id)
        .join(", ")})`,
    );
  return writer;
}

/**
 * The full config to write: a registered chunker's defaults overlaid with `config` and validated
 * (ConfigError on a bad value); a chunker not registered yet gets its keys as given.
 */
function completeConfig(chunkerId: string, config: unknown): ConfigRecord {
  const spec = CHUNKERS.find((c) => c.id === chunkerId);
  if (spec) return validConfig(spec, config) as ConfigRecord;
  if (config === undefined || config === null) return {};
  if (typeof config !== "object" || Array.isArray(config))
    throw new ConfigError(chunkerId, [{ key: "config", message: "must be an object of config keys" }]);
  return config as ConfigRecord;
}

/** The tuned config as a file of `format`. Throws ConfigExportError, ConfigError, SecretInConfigError. */
/** The document settings a config was tuned under, named in the export so a pipeline can match them. */
export interface ExportDocumentSettings {
  furniture: FurnitureSetting;
}

export function exportConfig(
  format: string,
  chunkerId: string,
  config: unknown,
  document?: ExportDocumentSettings,
): string {
  const writer = writerOf(format, chunkerId);
  assertNoSecrets(config);
  const written = writer.write(chunkerId, completeConfig(chunkerId, config));
  return document ? withDocumentSettings(writer, written, document) : written;
}

/**
 * The export with the document settings named: a "document" object in the workbench's JSON (read
 * back as nothing: it is the document's, not the chunker's), a first comment line elsewhere.
 */
function withDocumentSettings(
  writer: ConfigWriter,
  written: string,
  document: ExportDocumentSettings,
): string {
  if (writer.id === "json") {
    const parsed = JSON.parse(written) as ConfigRecord;
    return JSON.stringify({ ...parsed, document }, null, 2) + "\n";
  }
  const comment = writer.extension === "ts" ? "//" : "#";
  const said =
    document.furniture === "drop"
      ? "drop (running heads, footers and page numbers were left out of the text these settings were tuned on)"
      : "keep (running heads, footers and page numbers stayed in the text these settings were tuned on)";
  return `${comment} Chunk Workbench page furniture: ${said}\n${written}`;
}

export interface ImportedConfig {
  chunker: string;
  config: ConfigRecord;
  /** Which export it was read as; "keys" for a bare object of config keys. */
  format: "json" | "thorbis-yaml" | "header-toml" | "noesis-routing" | "noesis-settings" | "keys";
}

function isRecord(value: unknown): value is ConfigRecord {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A config is a page of settings: anything bigger or deeper is not one (and would strain the parsers). */
const MAX_CONFIG_CHARS = 1 << 20;
const MAX_CONFIG_DEPTH = 64;

/** Nesting depth of a parsed value, counted without recursion (a 3,000-deep value must not overflow the stack). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    deepest = Math.max(deepest, depth);
    if (deepest > MAX_CONFIG_DEPTH) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function parseAny(text: string): unknown {
  if (text.length > MAX_CONFIG_CHARS)
    throw new ConfigImportError("too-large", `the config is larger than ${MAX_CONFIG_CHARS} characters`);
  let value: unknown;
  try {
    value = parseAnySyntax(text);
  } catch (err) {
    // A parser that recursed too deep on hostile nesting: the input's fault, said as such.
    const overflow = err instanceof RangeError || (err instanceof Error && /call stack/i.test(err.message));
    if (overflow)
      throw new ConfigImportError("too-deep", `the config is nested deeper than ${MAX_CONFIG_DEPTH} levels`);
    throw err;
  }
  if (depthOf(value) > MAX_CONFIG_DEPTH)
    throw new ConfigImportError("too-deep", `the config is nested deeper than ${MAX_CONFIG_DEPTH} levels`);
  return value;
}

/** JSON first (its errors are the clearest), then TOML, then YAML — a TOML file is rarely valid YAML. */
function parseAnySyntax(text: string): unknown {
  const trimmed = text.trim();
  if (!trimmed) throw new ConfigImportError("empty", "the config is empty");
  if (trimmed.startsWith("{")) {
    try {
      return JSON.parse(trimmed);
    } catch (err) {
      throw new ConfigImportError("syntax", `not valid JSON: ${(err as Error).message}`);
    }
  }
  let tomlError: Error;
  try {
    return parseToml(text);
  } catch (err) {
    tomlError = err as Error;
  }
  try {
    return parseYaml(text);
  } catch (err) {
    throw new ConfigImportError(
      "syntax",
      `neither JSON, TOML nor YAML: ${firstLine((err as Error).message)} (as TOML: ${firstLine(tomlError.message)})`,
    );
  }
}

function firstLine(message: string): string {
  return message.split("\n")[0] ?? message;
}

function readExport(doc: ConfigRecord): Omit<ImportedConfig, "format"> {
  if ("version" in doc && doc.version !== WORKBENCH_EXPORT_VERSION)
    throw new ConfigImportError(
      "version",
      `workbench export version ${JSON.stringify(doc.version)} is not supported (this workbench reads version ${WORKBENCH_EXPORT_VERSION})`,
    );
  if (typeof doc.chunker !== "string" || !doc.chunker)
    throw new ConfigImportError("shape", '"chunker" must be a chunker id');
  if (!isRecord(doc.config))
    throw new ConfigImportError("shape", '"config" must be an object of config keys');
  return { chunker: doc.chunker, config: doc.config };
}

function classify(doc: ConfigRecord, hint: string | undefined): ImportedConfig {
  if ("chunker" in doc && "config" in doc) return { ...readExport(doc), format: "json" };
  if (isRecord(doc.chunk_configuration))
    return { chunker: "entity", config: entityConfigFromThorbis(doc), format: "thorbis-yaml" };
  if (isRecord(doc.chunking)) {
    const { strategy, ...config } = doc.chunking;
    if (strategy !== undefined && strategy !== HEADER_STRATEGY && strategy !== "none")
      throw new ConfigImportError(
        "shape",
        `[chunking] strategy ${JSON.stringify(strategy)}: the seed knows "${HEADER_STRATEGY}" and "none"`,
      );
    // The seed's "none" (full documents) is the header chunker's strategy "none".
    return {
      chunker: "header",
      config: strategy === undefined ? config : { strategy, ...config },
      format: "header-toml",
    };
  }
  if ("default_chunker_mode" in doc || Array.isArray(doc.rules))
    return { chunker: "hybrid", config: hybridConfigFromRoutingFile(doc), format: "noesis-routing" };
  if (!hint)
    throw new ConfigImportError(
      "chunker-missing",
      "the config holds config keys only: say which chunker they are for",
    );
  return { chunker: hint, config: doc, format: "keys" };
}

/**
 * `{chunker, config}` from the workbench JSON or a YAML/TOML file this module writes (or a bare
 * object of config keys, given `options.chunker`). The config is returned as written — not
 * overlaid with defaults nor validated (resolveConfig does that for a registered chunker).
 * Throws ConfigImportError, SecretInConfigError.
 */
export function importConfig(text: string, options: { chunker?: string } = {}): ImportedConfig {
  const imported = readImport(text, options.chunker);
  if (options.chunker && options.chunker !== imported.chunker)
    throw new ConfigImportError(
      "chunker-mismatch",
      `the config is for chunker "${imported.chunker}", not "${options.chunker}"`,
    );
  assertNoSecrets(imported.config);
  return imported;
}

function readImport(text: string, hint: string | undefined): ImportedConfig {
  // settings.py and .env lines are neither JSON, YAML nor TOML (Python's True, bare .env words).
  if (text.length <= MAX_CONFIG_CHARS && isNoesisSettings(text))
    return { ...importNoesisSettings(text), format: "noesis-settings" };
  const doc = parseAny(text);
  if (!isRecord(doc))
    throw new ConfigImportError("shape", "a config must be an object, not a list or a value");
  const imported = classify(doc, hint);
  if (imported.format === "noesis-routing") {
    const others = hybridKeysFromComment(text);
    if (others) imported.config = { ...others, ...imported.config };
    const context = routingContextFromComment(text);
    if (context)
      imported.config = { ...imported.config, routing: { ...(imported.config.routing as object), context } };
  }
  return imported;
}

export type ChunkFormatId = "jsonl" | "csv";

export interface ChunkFormat {
  id: ChunkFormatId;
  label: string;
  extension: string;
  mime: string;
}

/** Chunks as the CLI prints them (DESIGN §5): ADR-018's fields, then ours, then the chunker's own. */
export const CHUNK_FORMATS: readonly ChunkFormat[] = [
  { id: "jsonl", label: "Chunks (JSONL)", extension: "jsonl", mime: "application/x-ndjson" },
  { id: "csv", label: "Chunks (CSV)", extension: "csv", mime: "text/csv" },
];

export function exportChunks(
  format: ChunkFormatId,
  chunks: readonly Chunk[],
  options: RecordOptions = {},
): string {
  return format === "csv" ? toCsv(chunks, options) : toJsonl(chunks, options);
}
