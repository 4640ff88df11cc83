/**
 * The engine: a thin comlink facade over src/core. A document crosses once (setDocument); a run
 * request carries only {docId, chunker, config}. Each document is encoded once per tokenizer
 * encoding (EncodedTextCache), so a slider move never re-tokenizes. A newer run makes older ones
 * stale: the client abandons them and cancels them here (their signal aborts network calls).
 */
import * as Comlink from "comlink";
import type { ChunkRun } from "../core/chunk";
import { chunkerSummaries, getChunker } from "../core/chunkers/registry";
import type { DocModel } from "../core/document";
import { createRunContext, runChunker } from "../core/engine";
import { EncodedTextCache } from "../core/text/encodedText";
import { loadTokenizer, type EncodingName } from "../core/text/tokenizer";
import { settle, type WorkerResult } from "./workerResult";

export interface RunRequest {
  requestId: number;
  docId: string;
  chunker: string;
  config: Record<string, unknown>;
}

const MAX_DOCUMENTS = 8;
const documents = new Map<string, DocModel>();
const encoded = new EncodedTextCache(MAX_DOCUMENTS * 2);
const running = new Map<number, AbortController>();

const api = {
  setDocument(doc: DocModel): void {
    documents.delete(doc.id);
    documents.set(doc.id, doc);
    while (documents.size > MAX_DOCUMENTS) documents.delete(documents.keys().next().value!);
  },

  /** Encodes a document ahead of its first run, so the first slider move is already warm. */
  prepare(docId: string, encoding: EncodingName): Promise<WorkerResult<void>> {
    return settle(async () => {
      const doc = documents.get(docId);
      if (!doc) return;
      encoded.get(doc.id, await loadTokenizer(encoding), doc.text);
    });
  },

  run(request: RunRequest): Promise<WorkerResult<ChunkRun>> {
    const controller = new AbortController();
    running.set(request.requestId, controller);
    return settle(async () => {
      const doc = documents.get(request.docId);
      if (!doc) throw new Error(`the engine does not hold document ${request.docId}; open it again`);
      getChunker(request.chunker);
      return runChunker(doc, request.chunker, request.config, createRunContext(controller.signal, encoded));
    }).finally(() => running.delete(request.requestId));
  },

  cancel(requestId: number): void {
    running.get(requestId)?.abort(new DOMException("superseded by a newer run", "AbortError"));
  },

  chunkers() {
    return chunkerSummaries();
  },
};

export type EngineWorkerApi = typeof api;
Comlink.expose(api);
