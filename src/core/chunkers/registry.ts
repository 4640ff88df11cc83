import type { ChunkerSpec } from "../chunk";
import { agenticChunker } from "./agentic";
import { entityChunker } from "./entity";
import { headerChunker } from "./header";
import { hierarchicalChunker } from "./hierarchical";
import { hybridChunker } from "./hybrid";
import { lateEmbeddingChunker } from "./lateEmbedding";
import { lateJaccardChunker } from "./lateJaccard";
import { recursiveChunker } from "./recursive";
import { simpleChunker } from "./simple";
import { tokenChunker } from "./token";

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
];

export const DEFAULT_CHUNKER = "token";

export class UnknownChunkerError extends Error {
  override readonly name = "UnknownChunkerError";
  constructor(readonly chunker: string) {
    super(`unknown chunker "${chunker}" (known: ${CHUNKERS.map((c) => c.id).join(", ")})`);
  }
}

export function getChunker(id: string): AnyChunkerSpec {
  const spec = CHUNKERS.find((c) => c.id === id);
  if (!spec) throw new UnknownChunkerError(id);
  return spec;
}

/** What `cli chunkers --json` prints and the UI's chunker select reads. */
export function chunkerSummaries() {
  return CHUNKERS.map((c) => ({
    id: c.id,
    label: c.label,
    source: c.source,
    description: c.description,
    defaults: c.defaults,
    params: c.params,
    presets: c.presets,
  }));
}
