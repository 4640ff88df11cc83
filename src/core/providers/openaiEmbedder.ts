import { EmbedderError, type Embedder } from "./embedder";
import {
  DEFAULT_BATCH_SIZE,
  DEFAULT_TIMEOUT_MS,
  resolveEndpointUrl,
  type EmbeddingEndpoint,
} from "./endpoint";
import { isRecord, type ProviderErrorCode } from "./errors";
import { postJson } from "./http";

export interface OpenAIEmbedder extends Embedder {
  readonly kind: "neural";
  readonly batchSize: number;
  readonly model: string;
}

/**
 * An OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama, LM Studio, vLLM, TEI). Texts go
 * in batches of `batchSize`, one request after another (a local server is usually one GPU, and a
 * hosted one rate-limits), and come back in input order whatever order the server lists them in.
 */
export function createOpenAIEmbedder(endpoint: EmbeddingEndpoint): OpenAIEmbedder {
  const resolved = resolveEndpointUrl(endpoint.baseUrl, "embeddings");
  if ("error" in resolved) throw new EmbedderError(resolved.error, undefined, { code: resolved.code });
  const { url, display, host } = resolved;
  const model = endpoint.model.trim();
  if (model === "")
    throw new EmbedderError("No embedding model is set.", undefined, { code: "invalid-config" });
  const batchSize = endpoint.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!Number.isInteger(batchSize) || batchSize < 1) {
    throw new EmbedderError(`Batch size must be a positive integer, got ${batchSize}.`, undefined, {
      code: "invalid-config",
    });
  }
  const { dimensions } = endpoint;
  if (dimensions !== undefined && (!Number.isInteger(dimensions) || dimensions < 1)) {
    throw new EmbedderError(`Dimensions must be a positive integer, got ${dimensions}.`, undefined, {
      code: "invalid-config",
    });
  }
  const timeoutMs = endpoint.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const what = `Embedding endpoint ${display}`;
  const fail = (code: ProviderErrorCode, message: string, details: { status?: number; cause?: unknown }) =>
    new EmbedderError(message, details.status, { ...details, code });

  async function embedBatch(batch: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const body: Record<string, unknown> = { model, input: batch, encoding_format: "float" };
    if (dimensions !== undefined) body.dimensions = dimensions;
    const reply = await postJson(url, body, { apiKey: endpoint.apiKey, signal, timeoutMs, what }, fail);
    return readEmbeddings(reply, batch.length, dimensions, what);
  }

  return {
    // The id names the server as well as the model: two servers can serve different weights (or
    // quantisations) under one model name, and the cache must not mix their vectors.
    id: `openai-compatible:${display}:${model}${dimensions === undefined ? "" : `:d${dimensions}`}`,
    label: `${model} @ ${host}`,
    kind: "neural",
    model,
    batchSize,
    async embed(texts, signal) {
      signal?.throwIfAborted();
      const out: Float32Array[] = [];
      let width: number | undefined;
      for (let start = 0; start < texts.length; start += batchSize) {
        const vectors = await embedBatch(texts.slice(start, start + batchSize), signal);
        for (const v of vectors) {
          width ??= v.length;
          if (v.length !== width) {
            throw new EmbedderError(
              `${what} returned vectors of different lengths (${width} and ${v.length}).`,
              undefined,
              { code: "bad-response" },
            );
          }
          out.push(v);
        }
      }
      return out;
    },
  };
}

/** Validate `{data: [{embedding: number[], index}]}` and order it by index. */
function readEmbeddings(
  reply: unknown,
  expected: number,
  dimensions: number | undefined,
  what: string,
): Float32Array[] {
  const bad = (why: string) =>
    new EmbedderError(`${what} sent an unusable embeddings reply: ${why}.`, undefined, {
      code: "bad-response",
    });
  if (!isRecord(reply) || !Array.isArray(reply.data)) throw bad('no "data" list');
  if (reply.data.length !== expected) throw bad(`${reply.data.length} embeddings for ${expected} texts`);
  const out = new Array<Float32Array | undefined>(expected);
  reply.data.forEach((item: unknown, position) => {
    if (!isRecord(item) || !Array.isArray(item.embedding))
      throw bad(`item ${position} has no "embedding" list`);
    // Servers that omit `index` list embeddings in input order.
    const index = item.index === undefined ? position : item.index;
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0 || index >= expected) {
      throw bad(`item ${position} has index ${String(index)}`);
    }
    if (out[index]) throw bad(`index ${index} appears twice`);
    const values: unknown[] = item.embedding;
    if (values.length === 0) throw bad(`embedding ${index} is empty`);
    if (dimensions !== undefined && values.length !== dimensions) {
      throw bad(
        `asked for ${dimensions} dimensions, got ${values.length} (does the model support "dimensions"?)`,
      );
    }
    const vector = new Float32Array(values.length);
    values.forEach((v, i) => {
      if (typeof v !== "number" || !Number.isFinite(v)) throw bad(`embedding ${index} has a non-number`);
      vector[i] = v;
    });
    out[index] = vector;
  });
  return out as Float32Array[];
}
