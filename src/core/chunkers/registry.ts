/**
 * Every chunker whole (meta + algorithm), for the engine's hosts: the engine worker, the CLI, tests
 * and benchmarks. The page reads metas.ts instead.
 */
import type { ChunkerSpec } from "../chunk";
import { chonkieSemanticChunker } from "./chonkie-semantic/run";
import { chonkieSentenceChunker } from "./chonkie-sentence/run";
import { agenticChunker } from "./agentic/run";
import { entityChunker } from "./entity/run";
import { headerChunker } from "./header/run";
import { hierarchicalChunker } from "./hierarchical/run";
import { hybridChunker } from "./hybrid/run";
import { lateEmbeddingChunker } from "./late-embedding/run";
import { langchainCharacterChunker } from "./langchain-character/run";
import { langchainSemanticChunker } from "./langchain-semantic/run";
import { llamaindexSemanticChunker } from "./llamaindex-semantic/run";
import { llamaindexSentenceChunker } from "./llamaindex-sentence/run";
import { lateJaccardChunker } from "./late-jaccard/run";
import { UnknownChunkerError } from "./metas";
import { recursiveChunker } from "./recursive/run";
import { simpleChunker } from "./simple/run";
import { tokenChunker } from "./token/run";

export { chunkerSummaries, UnknownChunkerError } from "./metas";

/** A chunker with its config type erased, as the registry, the worker and the CLI hold it. */
export type AnyChunkerSpec = ChunkerSpec<object>;

export const CHUNKERS: readonly AnyChunkerSpec[] = [
  tokenChunker,
  recursiveChunker,
  headerChunker,
  hierarchicalChunker,
  lateJaccardChunker,
  lateEmbeddingChunker,
  agenticChunker,
  entityChunker,
  hybridChunker,
  simpleChunker,
  langchainCharacterChunker,
  langchainSemanticChunker,
  chonkieSentenceChunker,
  chonkieSemanticChunker,
  llamaindexSentenceChunker,
  llamaindexSemanticChunker,
];

export function getChunker(id: string): AnyChunkerSpec {
  const spec = CHUNKERS.find((c) => c.id === id);
  if (!spec) throw new UnknownChunkerError(id);
  return spec;
}
