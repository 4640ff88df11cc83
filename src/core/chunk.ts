import type { DocModel, PageRect } from "./document";
import type { Embedder } from "./providers/embedder";
import type { LocalEmbedderSetting } from "./providers/localEmbedder";
import type { Llm } from "./providers/llm";
import type { RateLimiter } from "./providers/rateLimit";
import type { RunQuality } from "./quality/runQuality";
import type { EncodedTextCache } from "./text/encodedText";
import type { EncodingName, Tokenizer } from "./text/tokenizer";

/** A chunk as the workbench shows it and the CLI prints it (DESIGN §2). */
export interface Chunk {
  id: string;
  index: number;
  /** [start, end) into DocModel.text (UTF-16 indices). */
  start: number;
  end: number;
  /** Length of a declared prefix (a heading path, an overlap): text.slice(prefixChars) === doc.text.slice(start, end). */
  prefixChars: number;
  text: string;
  /** Tokens of `text`; TOKENS_PENDING while the run's `tokensPending` says they are still to count. */
  tokens: number;
  /** 1-based physical pages holding a non-whitespace character of the range. */
  pages: number[];
  /** One rectangle per covered line, in displayed-page points. */
  boxes: PageRect[];
  parentId?: string;
  level?: "parent" | "child";
  headingPath?: string;
  flags: string[];
  /** The chunker's own fields, named as its seed names them. */
  meta: Record<string, unknown>;
  /** Spans inside the chunk worth pointing at on the page (entities, a boundary's reason), with boxes. */
  marks?: ChunkMark[];
}

/** A span a chunker wants highlighted when its chunk is selected; boxes come from core/citations. */
export interface Mark {
  /** [start, end) into DocModel.text. */
  start: number;
  end: number;
  /** What the span is: "entity", "boundary" … — the viewer styles by kind. */
  kind: string;
  /** Shown in the tooltip and the list, e.g. "person: Ada Lovelace". */
  label: string;
}

export interface ChunkMark extends Mark {
  boxes: PageRect[];
}

export interface RunTrace {
  /**
   * One point per gap: `offset` is where the gap lies in DocModel.text; `start`/`end`, when given,
   * span what was compared (a sentence pair, two windows), for the chart to point at on the page.
   */
  points: { offset: number; value: number; start?: number; end?: number }[];
  threshold?: number;
  boundaries: number[];
}

export interface ChunkRun {
  chunker: string;
  config: Record<string, unknown>;
  chunks: Chunk[];
  stats: Record<string, unknown>;
  trace?: RunTrace;
  warnings: string[];
  timings: Record<string, number>;
  /** The workbench's scores of this run (core/quality), computed by the engine after every run. */
  quality?: RunQuality;
  /**
   * Stage 1 of a run measured in characters left its chunks' token counts to the next stage
   * (core/engine `withTokenCounts`), so the boxes cost what the split costs: `tokens` is
   * TOKENS_PENDING until then.
   */
  tokensPending?: true;
}

/** A chunk's `tokens` while its run's counts are still to come (ChunkRun.tokensPending). */
export const TOKENS_PENDING = -1;

/**
 * What a chunker returns: a range and what its seed says about it. Pages and boxes are added by
 * core/citations, never by a chunker.
 */
export interface ChunkDraft {
  id: string;
  start: number;
  end: number;
  /** Text the target pipeline puts before the body (a heading path, an overlap); counted in prefixChars. */
  prefix?: string;
  /** Token count when the chunker knows it (the token chunker's window length); else counted on the text. */
  tokens?: number;
  parentId?: string;
  level?: "parent" | "child";
  headingPath?: string;
  flags?: string[];
  meta?: Record<string, unknown>;
  marks?: Mark[];
}

export interface ChunkerOutput {
  drafts: ChunkDraft[];
  stats?: Record<string, unknown>;
  trace?: RunTrace;
  warnings?: string[];
}

export interface RunContext {
  signal?: AbortSignal;
  tokenizer(encoding: EncodingName): Promise<Tokenizer>;
  encoded: EncodedTextCache;
  /**
   * The session's active embedder (a configured endpoint). Absent → chunkers that need similarity
   * use the local embedder fitted on the document, as `localEmbedder` says.
   */
  embedder?: Embedder;
  /** Which local embedder the session chose, and the host's loader for its word vectors; absent → lexical. */
  localEmbedder?: LocalEmbedderSetting;
  /** The session's LLM (a configured chat endpoint); absent → the agentic chunker falls back. */
  llm?: Llm;
  /**
   * The host's rate limiter for the LLM endpoint: one per endpoint, shared by every caller at the
   * lowest `perMinute` any asks for, kept across runs so a slider move does not reset the seed's
   * 10 calls/minute.
   */
  rateLimiter?(perMinute: number, caller?: string): RateLimiter;
  /**
   * LLM tokens already spent today, as the host's persisted count says (the agentic seed's daily
   * budget is checked against it); the run reports what it spent in stats["agentic.tokens_used"] and
   * the host books it.
   */
  llmTokensUsedToday?: number;
  /** The input's absolute path, when the host has one (the CLI); the seed's file_path. */
  sourcePath?: string;
  /** The input's modification time (ISO 8601) when the host knows it: the header seed's modified_time. */
  sourceModified?: string;
}

/** One config key as the parameter panel, the validator and the CLI see it. */
export type ParamSpec =
  | NumberParam
  | {
      key: string;
      label: string;
      type: "enum";
      /** Strings, or booleans beside strings where the framework's key takes both (keep_separator). */
      options: readonly (string | boolean)[];
      help?: string;
      seedSilent?: boolean;
    }
  | { key: string; label: string; type: "boolean"; help?: string; seedSilent?: boolean }
  | { key: string; label: string; type: "string-list"; help?: string; seedSilent?: boolean }
  | { key: string; label: string; type: "string"; help?: string; seedSilent?: boolean }
  | StructuredParam;

/**
 * A value with structure of its own (the entity chunker's user dictionary, the hybrid chunker's routing
 * rules): the panel gives it a dedicated editor, the chunker's `check()` validates its shape.
 */
export interface StructuredParam {
  key: string;
  label: string;
  type: "structured";
  editor: "entity-dictionary" | "routing-rules";
  help?: string;
  seedSilent?: boolean;
}

export interface NumberParam {
  key: string;
  label: string;
  type: "int" | "number";
  min: number;
  max: number;
  /** Slider step; the number input accepts any value in [min, max] (integers for "int"). */
  step?: number;
  help?: string;
  /** True where the seed says nothing and the workbench chose (CHUNKERS.md): the panel says so. */
  seedSilent?: boolean;
}

interface Preset<C> {
  name: string;
  config: Partial<C>;
}

/**
 * What the page, the validator and the CLI's `chunkers` know of a chunker: everything but its
 * algorithm. Each chunker's meta.ts holds one; the page loads nothing else of a chunker.
 */
export interface ChunkerMeta<C extends object = Record<string, unknown>> {
  id: string;
  label: string;
  /** The seed file this chunker reproduces. */
  source: string;
  description: string;
  defaults: C;
  params: readonly ParamSpec[];
  presets: readonly Preset<C>[];
  /** Cross-key rules beyond what the param specs say (e.g. overlap < chunk_size); messages name the keys. */
  check?(config: C): ConfigProblem[];
  /**
   * The config after the user sets `key` to `value`, when a key drags others with it (a rule's own
   * threshold default); absent → only that key changes.
   */
  withParam?(config: Readonly<Record<string, unknown>>, key: string, value: unknown): Record<string, unknown>;
  /** The encoding the run counts tokens with. */
  encodingOf(config: C): EncodingName;
}

/** A chunker whole: its meta and its algorithm (run.ts). Only the engine's hosts load these. */
export interface ChunkerSpec<C extends object = Record<string, unknown>> extends ChunkerMeta<C> {
  chunk(doc: DocModel, config: C, ctx: RunContext): Promise<ChunkerOutput>;
  /**
   * What this chunker will run instead on a document, said before the run, for the conditions a
   * run's fallback checks first (a document over a size limit, no endpoint); null when it runs as
   * chosen. Failures only a run can meet (an endpoint that errs) are not foreseen.
   */
  fallbackOn?(config: C, facts: FallbackFacts): FallbackNote | null;
}

/** What is known of a document and the session before a run, for ChunkerSpec.fallbackOn. */
export interface FallbackFacts {
  /** The document's tokens in the chunker's encoding. */
  documentTokens: number;
  /** An LLM endpoint is configured. */
  llm: boolean;
}

export interface FallbackNote {
  /** The chunker that will run. */
  runs: string;
  reason: string;
  /** The setting that would make it run as chosen. */
  change: string;
}

export interface ConfigProblem {
  key: string;
  message: string;
}
