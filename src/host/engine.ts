/**
 * The engine as its hosts share it: the worker (behind comlink) and the CLI hold one of these. It
 * keeps each open document with its per-document caches (the token streams here; sentence tables,
 * word sets, entities and headings in core's caches keyed by document id), runs a chunker in the
 * stages of DESIGN §3 with an AbortSignal end to end, remembers recent runs so the later stages do
 * not run the chunker again, and meters LLM tokens.
 */
import { applyFurnitureSetting, fileIdOf } from "../core/furniture";
import { applyOcr, type OcrPage } from "../core/ocr";
import { withModelChanges } from "../core/packedDocModel";
import { sha256Hex } from "../core/text/hash";
import type { ChunkRun, FallbackNote, RunContext } from "../core/chunk";
import { getChunker } from "../core/chunkers/registry";
import { resolveConfig } from "../core/config";
import type { DocModel, FurnitureSetting } from "../core/document";
import {
  createRunContext,
  runRanges,
  scoreCoherence,
  withTokenCounts,
  countsTokensLater,
  scoreRun,
  withCoherence,
  type CoherenceStage,
} from "../core/engine";
import type { DocumentKind } from "../core/fileKind";
import type { SessionEndpoints } from "../core/providers/session";
import { judgeCoherence, JUDGE_RATE_LIMIT, type JudgeResult } from "../core/quality/llmJudge";
import type { RunQuality } from "../core/quality/runQuality";
import { adjacentSimilarity, type SimilarityCurve } from "../core/similarity/adjacent";
import { choiceSizes, type ChoiceSizes } from "../core/calibrateSizes";
import { EncodedTextCache, type EncodedText } from "../core/text/encodedText";
import { loadTokenizer, type EncodingName } from "../core/text/tokenizer";
import { openDocument, type PdfExtractor } from "./document";
import { LlmLedger, metered, type LlmMeter } from "./metering";
import { SessionProviders } from "./providers";

export interface RunRequest {
  docId: string;
  chunker: string;
  config: Record<string, unknown>;
  /** LLM tokens the app has booked today (its persisted count); the agentic budget is checked against it. */
  llmTokensUsedToday?: number;
  /** The input's absolute path (the CLI); the browser has none. */
  sourcePath?: string;
  /** The input's modification time, ISO 8601 (the CLI's file mtime). */
  sourceModified?: string;
  /**
   * Stage 1 of a run measured in characters leaves its token counts to stage 2 (the app draws
   * the boxes at once); the later stages, and `stored`, count them first.
   */
  deferTokens?: boolean;
}

export interface OpenRequest {
  name: string;
  kind?: DocumentKind;
  password?: string;
  /** Encode the document ahead of its first run, so the first slider move is already warm. */
  encoding?: EncodingName;
  /** Pages recognized by OCR: merged into the extracted model, whose id gains ":ocr" (§10). */
  ocr?: OcrPage[];
  /** Page furniture left out of the text (the default) or kept in it (DESIGN §12). */
  furniture?: FurnitureSetting;
}

/** Extracted models kept between sessions (the browser's IndexedDB), by document id. */
export interface ModelCache {
  get(id: string): Promise<DocModel | undefined>;
  put(model: DocModel): Promise<void>;
}

const MAX_DOCUMENTS = 8;
/** Stage 1 results kept for the later stages (and a slider moved back): a few drags' worth. */
const MAX_RUNS = 12;

export class EngineHost {
  private readonly documents = new Map<string, DocModel>();
  /** Extracted models by file hash, furniture in their text: a change of the furniture setting derives, never extracts. */
  private readonly extracted = new Map<string, DocModel>();
  private readonly encoded = new EncodedTextCache(MAX_DOCUMENTS * 2);
  private readonly runs = new Map<string, ChunkRun>();
  private readonly inFlight = new Map<string, Promise<ChunkRun>>();
  readonly providers = new SessionProviders();
  readonly ledger = new LlmLedger();

  constructor(
    private readonly extractPdf: PdfExtractor,
    /** How many documents are held before the oldest is dropped (the CLI's evaluation holds its whole collection). */
    private readonly maxDocuments = MAX_DOCUMENTS,
  ) {}

  async open(
    bytes: Uint8Array,
    request: OpenRequest,
    options: {
      signal?: AbortSignal;
      onProgress?: (done: number, total: number) => void;
      /** Where a model extracted before is found and a new one kept; never for a password's document. */
      cache?: ModelCache;
      /**
       * A long PDF's model of its first pages, held here and told while the rest is read (DESIGN §3):
       * runs on it draw the first boxes. The whole document's model replaces it when it is in.
       */
      onProvisional?: (doc: DocModel) => void;
    } = {},
  ): Promise<DocModel> {
    const cache = request.password === undefined ? options.cache : undefined;
    const hash = await sha256Hex(bytes);
    // A password's document is held neither here nor in the cache: a wrong password must fail again.
    const held = request.password === undefined ? this.extracted.get(hash) : undefined;
    const cached = held ?? (cache ? await cache.get(hash) : undefined);
    // The name is the one the user opened it under now (the same bytes may have been stored under another).
    const base =
      cached && cached.name === request.name
        ? cached
        : cached
          ? withModelChanges(cached, { name: request.name })
          : await this.extract(bytes, request, options);
    // Stored after the answer goes out: the clone into IndexedDB must not delay the first pages.
    if (cache && !cached) setTimeout(() => void cache.put(base), 0);
    if (request.password === undefined) {
      this.extracted.delete(hash);
      this.extracted.set(hash, base);
    }
    while (this.extracted.size > this.maxDocuments)
      this.extracted.delete(this.extracted.keys().next().value!);
    const full = request.ocr?.length ? applyOcr(base, request.ocr) : base;
    const doc = applyFurnitureSetting(full, request.furniture ?? "drop");
    this.keep(doc);
    if (request.encoding) this.encodeAhead(doc, request.encoding);
    return doc;
  }

  /**
   * Encodes the document for its first run once the model has gone out: the page draws its pages
   * meanwhile, and the run (which queues behind this on the worker's thread) finds it encoded.
   */
  private encodeAhead(doc: DocModel, encoding: EncodingName): void {
    setTimeout(() => {
      loadTokenizer(encoding).then(
        (tokenizer) => {
          if (this.documents.get(doc.id) === doc) this.encoded.get(doc.id, tokenizer, doc.text);
        },
        () => {
          // Not fatal here: the run that needs this encoding loads it again and reports the failure.
        },
      );
    }, 0);
  }

  private extract(
    bytes: Uint8Array,
    request: OpenRequest,
    options: {
      signal?: AbortSignal;
      onProgress?: (done: number, total: number) => void;
      onProvisional?: (doc: DocModel) => void;
    },
  ): Promise<DocModel> {
    const tell = options.onProvisional;
    let held: string | undefined;
    // Not for OCR's re-extraction: its pages are merged into the whole document only.
    const onProvisional =
      tell && !request.ocr?.length
        ? (first: DocModel) => {
            const doc = applyFurnitureSetting(first, request.furniture ?? "drop");
            this.keep(doc);
            held = doc.id;
            if (request.encoding) this.encodeAhead(doc, request.encoding);
            tell(doc);
          }
        : undefined;
    const extracted = openDocument(bytes, request.name, {
      extractPdf: this.extractPdf,
      ...(onProvisional ? { onProvisional } : {}),
      ...(request.kind ? { kind: request.kind } : {}),
      ...(request.password !== undefined ? { password: request.password } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    });
    // A failed or abandoned extraction leaves no provisional model behind.
    return extracted.catch((err: unknown) => {
      if (held !== undefined) this.forget(held);
      throw err;
    });
  }

  /**
   * Holds a document (opened here, or extracted elsewhere: tests, benchmarks). One model per file:
   * another of the same bytes (before OCR, under the other furniture setting) is let go, so a
   * question set naming the file finds one document.
   */
  keep(doc: DocModel): void {
    const file = fileIdOf(doc.id);
    for (const id of [...this.documents.keys()]) if (id !== doc.id && fileIdOf(id) === file) this.forget(id);
    this.documents.delete(doc.id);
    this.documents.set(doc.id, doc);
    while (this.documents.size > this.maxDocuments) this.forget(this.documents.keys().next().value!);
  }

  /** The document's encoding, made now unless held: a sweep pool has one thread encode it for all. */
  async encodedText(docId: string, encoding: EncodingName): Promise<EncodedText> {
    const doc = this.document(docId);
    return this.encoded.get(doc.id, await loadTokenizer(encoding), doc.text);
  }

  /**
   * For each chunker and its config, what it will run instead on this document, said before any
   * run (ChunkerSpec.fallbackOn): null where it runs as chosen. Encodes the document in a chunker's
   * encoding only for a chunker that foresees a fallback.
   */
  async fallbackNotes(
    docId: string,
    configs: Readonly<Record<string, Record<string, unknown>>>,
  ): Promise<Record<string, FallbackNote | null>> {
    const notes: Record<string, FallbackNote | null> = {};
    for (const [id, config] of Object.entries(configs)) {
      const spec = getChunker(id);
      if (!spec.fallbackOn) {
        notes[id] = null;
        continue;
      }
      const resolved = resolveConfig(spec, config);
      if (resolved.problems.length > 0) {
        notes[id] = null; // the picker shows the problems; a run would not start
        continue;
      }
      const encoded = await this.encodedText(docId, spec.encodingOf(resolved.config));
      notes[id] = spec.fallbackOn(resolved.config, {
        documentTokens: encoded.ids.length,
        llm: this.providers.llm !== undefined,
      });
    }
    return notes;
  }

  /** Holds an encoding of a kept document that another thread made (see encodedText); one held already stays. */
  adoptEncoding(docId: string, encoded: EncodedText): void {
    const doc = this.document(docId);
    if (this.encoded.has(doc.id, encoded.encoding)) return;
    // The text an encoding covers ends where its last boundary does: a mismatch is a bug upstream.
    if (encoded.floor[encoded.ids.length] !== doc.text.length)
      throw new Error(
        `an encoding of ${encoded.floor[encoded.ids.length]} characters for ${docId} (${doc.text.length})`,
      );
    this.encoded.put(doc.id, encoded);
  }

  has(docId: string): boolean {
    return this.documents.has(docId);
  }

  forget(docId: string): void {
    this.documents.delete(docId);
    // Its encodings too: a closed document's (or a provisional model's) would stay until evicted.
    this.encoded.drop(docId);
    for (const key of [...this.runs.keys()]) if (key.startsWith(`${docId}|`)) this.runs.delete(key);
  }

  /** The documents held, oldest first. */
  openDocuments(): DocModel[] {
    return [...this.documents.values()];
  }

  document(docId: string): DocModel {
    const doc = this.documents.get(docId);
    if (!doc) throw new Error(`the engine does not hold document ${docId}; open it again`);
    return doc;
  }

  setEndpoints(endpoints: SessionEndpoints): void {
    this.providers.setEndpoints(endpoints);
    this.runs.clear();
  }

  context(signal: AbortSignal | undefined, meter?: LlmMeter, llmTokensUsedToday = 0): RunContext {
    const { embedder, llm, rateLimiter } = this.providers;
    return {
      ...createRunContext(signal, this.encoded),
      ...(embedder ? { embedder } : {}),
      localEmbedder: this.providers.localEmbedder,
      ...(llm ? { llm: meter ? metered(llm, meter) : llm } : {}),
      rateLimiter,
      llmTokensUsedToday,
    };
  }

  /** Stage 1: ranges, pages, boxes — computed afresh (its LLM spending is this run's), and remembered for stages 2 and 3. */
  async ranges(request: RunRequest, signal?: AbortSignal, meter?: LlmMeter): Promise<ChunkRun> {
    const doc = this.document(request.docId);
    const ctx = this.context(signal, meter, request.llmTokensUsedToday);
    const key = this.runKey(request);
    const pending = runRanges(
      doc,
      request.chunker,
      request.config,
      {
        ...ctx,
        ...(request.sourcePath ? { sourcePath: request.sourcePath } : {}),
        ...(request.sourceModified ? { sourceModified: request.sourceModified } : {}),
      },
      { deferTokens: request.deferTokens === true },
    );
    this.inFlight.set(key, pending);
    let run: ChunkRun;
    try {
      run = await pending;
    } finally {
      if (this.inFlight.get(key) === pending) this.inFlight.delete(key);
    }
    // The document setting the run read its text under, named beside the seed's stats (DESIGN §12).
    run = { ...run, stats: { ...run.stats, "document.furniture": doc.furnitureSetting ?? "drop" } };
    this.runs.delete(key);
    this.runs.set(key, run);
    while (this.runs.size > MAX_RUNS) this.runs.delete(this.runs.keys().next().value!);
    return run;
  }

  /**
   * The stage 1 result the later stages score: remembered, or (evicted, or a new worker) computed
   * again — then whatever an LLM charged is the app's to book as unbooked tokens.
   */
  async stored(request: RunRequest, signal?: AbortSignal): Promise<ChunkRun> {
    const run = await this.storedRanges(request, signal);
    if (!run.tokensPending) return run;
    // Counted once, and kept in its place: every later stage and a moved-back slider reads them.
    const counted = await withTokenCounts(this.document(request.docId), run, this.context(signal));
    const key = this.runKey(request);
    if (this.runs.get(key) === run) this.runs.set(key, counted);
    return counted;
  }

  /** Stage 1 as it was computed (its token counts may be pending). */
  private async storedRanges(request: RunRequest, signal?: AbortSignal): Promise<ChunkRun> {
    const key = this.runKey(request);
    const known = this.runs.get(key);
    if (known) return known;
    // The same run already computing (the page's run and an evaluation asked at once): wait for it,
    // unless it fails or is aborted — then compute it here.
    const computing = this.inFlight.get(key);
    if (computing) {
      const run = await computing.catch(() => null);
      signal?.throwIfAborted();
      if (run) return run;
    }
    const meter = this.ledger.meter();
    meter.abandon();
    return this.ranges(request, signal, meter);
  }

  /** Stage 2: per-chunk scores and the run's cheap ones. */
  async scores(request: RunRequest, signal?: AbortSignal): Promise<RunQuality> {
    return (await this.scoresAndCounts(request, signal)).quality;
  }

  /**
   * Stage 2, with the chunks' token counts for a request that deferred them (`deferTokens`): the
   * page fills them into the chunks it drew, if stage 1 left them pending.
   */
  async scoresAndCounts(
    request: RunRequest,
    signal?: AbortSignal,
  ): Promise<{ quality: RunQuality; tokens: Int32Array | null }> {
    const run = await this.stored(request, signal);
    const quality = await scoreRun(this.document(request.docId), run, this.context(signal));
    // Decided by the chunker and config, not by whether the stored run is still pending: another
    // stage may have counted them first.
    const counted = request.deferTokens === true && countsTokensLater(run.chunker, run.config);
    return { quality, tokens: counted ? Int32Array.from(run.chunks, (c) => c.tokens) : null };
  }

  /** Stage 3: coherence with the session's embedder, and the scores with it. */
  async coherence(request: RunRequest, signal?: AbortSignal): Promise<CoherenceStage> {
    const run = await this.stored(request, signal);
    return scoreCoherence(this.document(request.docId), run, this.context(signal));
  }

  /** Every stage: the CLI's run. */
  async runAll(request: RunRequest, signal?: AbortSignal): Promise<ChunkRun> {
    const run = await this.ranges(request, signal);
    return withCoherence(run, await scoreCoherence(this.document(request.docId), run, this.context(signal)));
  }

  /** The calibrator's chunk sizes: each threshold choice's config run on the document, sizes only. */
  async calibrationSizes(
    docId: string,
    chunker: string,
    configs: readonly Record<string, unknown>[],
    signal?: AbortSignal,
  ): Promise<ChoiceSizes[]> {
    const doc = this.document(docId);
    const out: ChoiceSizes[] = [];
    for (const config of configs) out.push(await choiceSizes(doc, chunker, config, this.context(signal)));
    return out;
  }

  similarityCurve(docId: string, signal?: AbortSignal): Promise<SimilarityCurve> {
    return adjacentSimilarity(
      this.document(docId),
      this.providers.embedder,
      signal,
      this.providers.localEmbedder,
    );
  }

  judgeCoherence(
    docId: string,
    ranges: { start: number; end: number }[],
    meter: LlmMeter,
    signal?: AbortSignal,
  ): Promise<JudgeResult> {
    const doc = this.document(docId);
    const llm = this.providers.llm;
    if (!llm) throw new Error("no LLM endpoint is configured (Endpoints)");
    return judgeCoherence(
      ranges.map((r) => doc.text.slice(r.start, r.end)),
      metered(llm, meter),
      { ...(signal ? { signal } : {}), limiter: this.providers.rateLimiter(JUDGE_RATE_LIMIT, "judge") },
    );
  }

  private runKey(request: RunRequest): string {
    return `${request.docId}|${this.providers.generation}|${request.chunker}|${stableJson(request.config)}`;
  }
}

/** JSON with object keys sorted, so {a, b} and {b, a} name the same run. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}
