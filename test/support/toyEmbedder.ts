import type { Embedder } from "../../src/core/providers/embedder";

/**
 * [count of "Cats", count of "Dogs"]: the toy embedder the semantic chunkers' hand-worked examples
 * use, so every distance can be checked with a pencil; `texts` records what it was asked to embed.
 */
export function catsDogsEmbedder(): Embedder & { texts: string[] } {
  const texts: string[] = [];
  return {
    id: "toy",
    label: "toy cats/dogs counts",
    kind: "lexical",
    texts,
    embed: (batch) => {
      texts.push(...batch);
      return Promise.resolve(
        batch.map((t) =>
          Float32Array.from([(t.match(/Cats/g) ?? []).length, (t.match(/Dogs/g) ?? []).length]),
        ),
      );
    },
  };
}

/** An embedder that fails if called: for paths that must embed nothing. */
export const NEVER_EMBEDDER: Embedder = {
  id: "never",
  label: "never",
  kind: "lexical",
  embed: () => Promise.reject(new Error("called")),
};
