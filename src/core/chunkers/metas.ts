/**
 * Every chunker's meta (label, seed, defaults, params, validation) and nothing of their algorithms:
 * what the page, `cli chunkers --json` and config validation read. The page imports this, never
 * registry.ts, so no chunker code loads before the first paint.
 */
import type { ChunkerMeta } from "../chunk";
import { chonkieSemanticMeta } from "./chonkie-semantic/meta";
import { chonkieSentenceMeta } from "./chonkie-sentence/meta";
import { agenticMeta } from "./agentic/meta";
import { entityMeta } from "./entity/meta";
import { headerMeta } from "./header/meta";
import { hierarchicalMeta } from "./hierarchical/meta";
import { hybridMeta } from "./hybrid/meta";
import { lateEmbeddingMeta } from "./late-embedding/meta";
import { langchainCharacterMeta } from "./langchain-character/meta";
import { langchainSemanticMeta } from "./langchain-semantic/meta";
import { llamaindexSemanticMeta } from "./llamaindex-semantic/meta";
import { llamaindexSentenceMeta } from "./llamaindex-sentence/meta";
import { lateJaccardMeta } from "./late-jaccard/meta";
import { recursiveMeta } from "./recursive/meta";
import { simpleMeta } from "./simple/meta";
import { tokenMeta } from "./token/meta";

/** A chunker's meta with its config type erased, as lists and validation hold it. */
export type AnyChunkerMeta = ChunkerMeta<object>;

export const CHUNKER_METAS: readonly AnyChunkerMeta[] = [
  tokenMeta,
  recursiveMeta,
  headerMeta,
  hierarchicalMeta,
  lateJaccardMeta,
  lateEmbeddingMeta,
  agenticMeta,
  entityMeta,
  hybridMeta,
  simpleMeta,
  langchainCharacterMeta,
  langchainSemanticMeta,
  chonkieSentenceMeta,
  chonkieSemanticMeta,
  llamaindexSentenceMeta,
  llamaindexSemanticMeta,
];

export const DEFAULT_CHUNKER = "token";

export class UnknownChunkerError extends Error {
  override readonly name = "UnknownChunkerError";
  constructor(readonly chunker: string) {
    super(`unknown chunker "${chunker}" (known: ${CHUNKER_METAS.map((c) => c.id).join(", ")})`);
  }
}

export function getChunkerMeta(id: string): AnyChunkerMeta {
  const meta = CHUNKER_METAS.find((c) => c.id === id);
  if (!meta) throw new UnknownChunkerError(id);
  return meta;
}

/** What `cli chunkers --json` prints and the UI's chunker select reads. */
export function chunkerSummaries() {
  return CHUNKER_METAS.map((c) => ({
    id: c.id,
    label: c.label,
    source: c.source,
    description: c.description,
    defaults: c.defaults,
    params: c.params,
    presets: c.presets,
  }));
}
