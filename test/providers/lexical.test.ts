import { describe, expect, it } from "vitest";
import { createLexicalEmbedder, LEXICAL_LABEL } from "../../src/core/providers/lexical";
import { cosineSimilarity, norm } from "../../src/core/providers/vectors";

const corpus = [
  "Chunking splits a document into passages for retrieval.",
  "Each chunk keeps its character offsets into the document.",
  "The recipe calls for flour, butter and two eggs.",
  "Bake the cake for forty minutes at 180 degrees.",
  "Retrieval quality depends on how the document is chunked.",
  "Whisk the eggs with sugar before adding the flour.",
];

describe("createLexicalEmbedder", () => {
  it("labels itself honestly and names its recipe, size and corpus in its id", () => {
    const e = createLexicalEmbedder(corpus);
    expect(e.kind).toBe("lexical");
    expect(e.label).toBe(LEXICAL_LABEL);
    expect(e.label).toMatch(/not neural/);
    expect(e.id).toMatch(/^lexical-tfidf-v1:d2048:[0-9a-f]{12}$/);
    expect(createLexicalEmbedder(corpus, { dimensions: 512 }).id).toMatch(/^lexical-tfidf-v1:d512:/);
    // Another corpus fits another IDF, so its vectors must not share cache entries.
    expect(createLexicalEmbedder(corpus.slice(1)).id).not.toBe(e.id);
    expect(createLexicalEmbedder(["ab", "c"]).id).not.toBe(createLexicalEmbedder(["a", "bc"]).id);
  });

  it("is deterministic across instances and between embed and embedSync", async () => {
    const a = createLexicalEmbedder(corpus);
    const b = createLexicalEmbedder([...corpus]);
    const sync = a.embedSync(corpus);
    const async = await b.embed(corpus);
    expect(a.id).toBe(b.id);
    sync.forEach((vector, i) => expect(Array.from(vector)).toEqual(Array.from(async[i]!)));
  });

  it("returns unit vectors of the chosen size, and a zero vector for a text without words", () => {
    const e = createLexicalEmbedder(corpus, { dimensions: 300 });
    const [v, empty] = e.embedSync([corpus[0]!, " … — "]);
    expect(v!.length).toBe(300);
    expect(norm(v!)).toBeCloseTo(1, 5);
    expect(norm(empty!)).toBe(0);
    expect(() => createLexicalEmbedder(corpus, { dimensions: 0 })).toThrow(RangeError);
  });

  it("puts sentences on one topic closer than sentences on different topics", () => {
    const e = createLexicalEmbedder(corpus);
    const [chunking, offsets, recipe, bake, retrieval, whisk] = e.embedSync(corpus);
    const sameTopic = [
      cosineSimilarity(chunking!, retrieval!),
      cosineSimilarity(chunking!, offsets!),
      cosineSimilarity(recipe!, whisk!),
    ];
    const crossTopic = [
      cosineSimilarity(chunking!, recipe!),
      cosineSimilarity(retrieval!, bake!),
      cosineSimilarity(offsets!, whisk!),
    ];
    expect(Math.min(...sameTopic)).toBeGreaterThan(Math.max(...crossTopic));
  });

  it("sees word forms through character n-grams: 'chunking' is nearer 'chunked' than 'baking'", () => {
    const e = createLexicalEmbedder(corpus);
    const [a, b, c] = e.embedSync(["chunking", "chunked", "baking"]);
    expect(cosineSimilarity(a!, b!)).toBeGreaterThan(cosineSimilarity(a!, c!));
    // Only the n-gram half of the vector can match (the words differ): about 0.15 here.
    expect(cosineSimilarity(a!, b!)).toBeGreaterThan(0.1);
  });

  it("weighs rare words above common ones (document-level IDF)", () => {
    const docs = [
      "the model reads the text",
      "the model writes the text",
      "the model embeds the text",
      "the parser reads the table",
    ];
    const e = createLexicalEmbedder(docs);
    const [query, sharesRare, sharesCommon] = e.embedSync([
      "parser table",
      "the parser table",
      "the model text",
    ]);
    expect(cosineSimilarity(query!, sharesRare!)).toBeGreaterThan(cosineSimilarity(query!, sharesCommon!));
  });

  it("stops before embedding when the signal is already aborted", async () => {
    const controller = new AbortController();
    const reason = new Error("superseded");
    controller.abort(reason);
    await expect(createLexicalEmbedder(corpus).embed(corpus, controller.signal)).rejects.toBe(reason);
  });
});
