/**
 * `similarity TEXT_A TEXT_B` (DESIGN §5): what the session's embedder thinks of two passages — the
 * endpoint's when one is given, else the local one (GloVe SIF by default, fitted on the two texts;
 * lexical when chosen or when the vocabulary does not cover them, with the warning that says so) —
 * so a user can see the scale of an embedder before tuning a threshold on it.
 */
import type { Embedder } from "../core/providers/embedder";
import { pickLocalEmbedder } from "../core/providers/localEmbedder";
import { cosineSimilarity } from "../core/providers/vectors";
import type { SessionProviders } from "../host/providers";

export interface TextSimilarity {
  model: string;
  cosine: number;
  /** Why the local embedder is not the one chosen; absent when it is (or an endpoint answered). */
  warning?: string;
}

export async function textSimilarity(
  providers: SessionProviders,
  a: string,
  b: string,
  signal?: AbortSignal,
): Promise<TextSimilarity> {
  let embedder: Embedder;
  let warning: string | undefined;
  if (providers.embedder) embedder = providers.embedder;
  else ({ embedder, warning } = await pickLocalEmbedder([a, b], providers.localEmbedder));
  const [va, vb] = await embedder.embed([a, b], signal);
  if (!va || !vb) throw new Error(`${embedder.label} returned no vectors`);
  return { model: embedder.label, cosine: cosineSimilarity(va, vb), ...(warning ? { warning } : {}) };
}
