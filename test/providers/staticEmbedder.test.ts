/**
 * The local semantic embedder (issue 19): the shipped GloVe asset separates the NOESIS seed's
 * pairs, a bad asset is a typed error, text the vocabulary does not cover falls back to lexical
 * with a warning, and SIF's weights and component removal do what the paper says on a hand-made
 * vocabulary.
 */
import { describe, expect, it } from "vitest";
import { readWordVectorsFile } from "../../src/cli/wordVectorsFile";
import { pickLocalEmbedder } from "../../src/core/providers/localEmbedder";
import {
  createStaticEmbedder,
  firstPrincipalComponent,
  MIN_SENTENCES_FOR_COMPONENT,
  sifAverage,
  sifWeight,
  SIF_A,
  STATIC_LABEL,
} from "../../src/core/providers/staticEmbedder";
import { cosineSimilarity, dot } from "../../src/core/providers/vectors";
import { forEachVocabularyRank } from "../../src/core/providers/vocabularyWords";
import {
  encodeWordVectors,
  loadWordVectors,
  parseWordVectors,
  WordVectorsError,
  type WordVectors,
} from "../../src/core/providers/wordVectors";
import { WORD_VECTORS_ASSET } from "../../src/core/providers/wordVectorsAsset";
import { SessionProviders } from "../../src/host/providers";

let shipped: Promise<WordVectors> | undefined;
const glove = () =>
  (shipped ??= readWordVectorsFile(WORD_VECTORS_ASSET.file).then((b) =>
    loadWordVectors(b, WORD_VECTORS_ASSET.sha256),
  ));

/** The pair's cosine as `similarity A B` computes it: the embedder fitted on the two texts. */
async function pairCosine(a: string, b: string): Promise<number> {
  const embedder = createStaticEmbedder(await glove(), [a, b]);
  const [va, vb] = embedder.embedSync([a, b]);
  return cosineSimilarity(va!, vb!);
}

describe("the shipped GloVe asset", () => {
  it("matches its recorded checksum and size", async () => {
    const vectors = await glove();
    expect(vectors.count).toBe(WORD_VECTORS_ASSET.words);
    expect(vectors.dimensions).toBe(100);
    expect(vectors.rank("the")).toBe(0);
  });

  it("separates the seed's paraphrases and synonyms, which lexical scores 0", async () => {
    const paraphrase = await pairCosine("mandatory arbitration", "binding dispute resolution");
    const unrelated = await pairCosine("mandatory arbitration", "the weather was sunny in Paris");
    expect(paraphrase).toBeGreaterThan(0.35);
    expect(paraphrase - unrelated).toBeGreaterThan(0.3);
    expect(await pairCosine("large", "big")).toBeGreaterThan(await pairCosine("large", "purple"));
  });

  it("labels itself honestly and names the asset in its id", async () => {
    const embedder = createStaticEmbedder(await glove(), ["a cat sat"]);
    expect(embedder.kind).toBe("static");
    expect(embedder.label).toBe(STATIC_LABEL);
    expect(embedder.label).toMatch(/GloVe 100d word vectors.*static, English/);
    expect(embedder.id).toContain(WORD_VECTORS_ASSET.sha256.slice(0, 12));
    expect(embedder.component).toBe("reference");
  });
});

describe("a bad asset", () => {
  it("is a typed checksum error when its bytes changed", async () => {
    const bytes = await readWordVectorsFile(WORD_VECTORS_ASSET.file);
    const flipped = bytes.slice();
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 1;
    const err = await loadWordVectors(flipped, WORD_VECTORS_ASSET.sha256).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WordVectorsError);
    expect((err as WordVectorsError).code).toBe("checksum");
  });

  it("is a typed corrupt error when it does not parse", () => {
    const parse = (bytes: Uint8Array) => {
      try {
        parseWordVectors(bytes, "x");
      } catch (err) {
        return err;
      }
      return null;
    };
    for (const bytes of [new Uint8Array(3), new TextEncoder().encode("not an asset at all, no")]) {
      const err = parse(bytes);
      expect(err).toBeInstanceOf(WordVectorsError);
      expect((err as WordVectorsError).code).toBe("corrupt");
    }
  });

  it("is a typed missing error from the host, and the UI's path falls back to lexical with a warning", async () => {
    const providers = new SessionProviders();
    providers.useWordVectors(() => Promise.reject(new Error("ENOENT")));
    const err = await providers.wordVectors().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WordVectorsError);
    expect((err as WordVectorsError).code).toBe("missing");
    const pick = await pickLocalEmbedder(["a sentence in English."], providers.localEmbedder);
    expect(pick.embedder.kind).toBe("lexical");
    expect(pick.warning).toMatch(/cannot read .*ENOENT.*lexical TF-IDF/);
  });
});

describe("pickLocalEmbedder", () => {
  const setting = { choice: "glove" as const, wordVectors: glove };

  it("uses GloVe for English text, without a warning", async () => {
    const pick = await pickLocalEmbedder(["The court ordered binding arbitration.", "Rates rose."], setting);
    expect(pick.embedder.kind).toBe("static");
    expect(pick.warning).toBeUndefined();
  });

  it("falls back to lexical on CJK text, and says why", async () => {
    const pick = await pickLocalEmbedder(
      ["本论文研究了分布式系统的一致性问题。", "실험 결과를 보고한다."],
      setting,
    );
    expect(pick.embedder.kind).toBe("lexical");
    expect(pick.warning).toMatch(/covers 0% of this text's words, under 50%/);
  });

  it("falls back on text that is mostly numbers", async () => {
    const pick = await pickLocalEmbedder(["12 34 56 78 90 12.5 3,400 total"], setting);
    expect(pick.embedder.kind).toBe("lexical");
    expect(pick.warning).toMatch(/under 50%/);
  });

  it("is lexical, silently, when the user chose TF-IDF or no setting is given", async () => {
    for (const choice of [{ choice: "tfidf" as const, wordVectors: glove }, undefined]) {
      const pick = await pickLocalEmbedder(["a b"], choice);
      expect(pick.embedder.kind).toBe("lexical");
      expect(pick.warning).toBeUndefined();
    }
  });
});

/** the(0) = x, cat(1) = y, dog(2) = y + z, car(3) = z: a vocabulary whose answers are worked by hand. */
function tinyVectors(referenceComponent = [0, 0, 0]): WordVectors {
  const bytes = encodeWordVectors({
    words: ["the", "cat", "dog", "car"],
    vectors: [
      [1, 0, 0],
      [0, 1, 0],
      [0, 1, 1],
      [0, 0, 1],
    ],
    sourceVocabulary: 4,
    referenceComponent,
  });
  return parseWordVectors(bytes, "tiny");
}

describe("SIF on a hand-made vocabulary", () => {
  it("weighs a word a / (a + p(w)), p from Zipf's law over the source vocabulary", () => {
    // H_400000 ≈ ln 400000 + γ = 13.47644; rank 999 (the 1000th word): p = 1 / (1000 · H) ≈ 7.42e-5.
    expect(sifWeight(999, 400_000)).toBeCloseTo(1e-3 / (1e-3 + 1 / (1000 * 13.47644)), 5);
    expect(sifWeight(0, 400_000)).toBeLessThan(0.02);
    expect(sifWeight(0, 400_000)).toBeLessThan(sifWeight(100, 400_000));
    expect(sifWeight(100, 400_000)).toBeLessThan(sifWeight(10_000, 400_000));
  });

  it("averages the weighted vectors of the words it knows, skipping the others", () => {
    const v = tinyVectors();
    const w = (rank: number) => sifWeight(rank, 4, SIF_A);
    const { vector, words, covered } = sifAverage("The cat, the zebra.", v);
    expect([words, covered]).toEqual([4, 3]);
    expect(vector[0]).toBeCloseTo((2 * w(0)) / 3, 6);
    expect(vector[1]).toBeCloseTo(w(1) / 3, 6);
    expect(vector[2]).toBe(0);
  });

  it("finds the first principal component and removes it from every vector", () => {
    const u = firstPrincipalComponent(
      [
        [3, 0.1, 0],
        [2, -0.1, 0],
        [0, 0.5, 0.2],
      ],
      3,
    )!;
    expect(Math.abs(u[0]!)).toBeCloseTo(1, 2);
    expect(firstPrincipalComponent([[0, 0, 0]], 3)).toBeNull();

    // A corpus where "the" dominates every sentence: its direction is the common component. (The
    // numbers are not in the vocabulary: they only make the sentences distinct, as a document's are.)
    const corpus = Array.from({ length: MIN_SENTENCES_FOR_COMPONENT + 10 }, (_, i) =>
      i % 2 ? `the the the cat ${i}` : `the the the car ${i}`,
    );
    const vectors = tinyVectors();
    const embedder = createStaticEmbedder(vectors, corpus);
    expect(embedder.component).toBe("document");
    const component = firstPrincipalComponent(
      corpus.map((text) => sifAverage(text, vectors).vector),
      3,
    )!;
    const [cat, car] = embedder.embedSync(["the cat", "the car"]);
    // Nothing of the common component is left, and with it goes what "the cat" and "the car" shared.
    for (const v of [cat!, car!]) expect(dot(v, component)).toBeCloseTo(0, 6);
    const raw = (text: string) => Float32Array.from(sifAverage(text, vectors).vector);
    expect(cosineSimilarity(cat!, car!)).toBeLessThan(cosineSimilarity(raw("the cat"), raw("the car")));
  });

  it("uses the asset's reference component for a corpus too small to fit one", () => {
    const embedder = createStaticEmbedder(tinyVectors([1, 0, 0]), ["the cat"]);
    expect(embedder.component).toBe("reference");
    const [v] = embedder.embedSync(["the cat"]);
    expect(dot(v!, Float32Array.from([1, 0, 0]))).toBeCloseTo(0, 6);
  });

  it("keeps vectors per text: the second call returns the same vector", () => {
    const embedder = createStaticEmbedder(tinyVectors(), ["the cat"]);
    const [first] = embedder.embedSync(["dog and cat"]);
    expect(embedder.embedSync(["dog and cat"])[0]).toBe(first);
  });
});

describe("vocabulary words", () => {
  const vocabulary = new Map(["do", "not", "e-mail", "user", "mail", "e", "can"].map((w, i) => [w, i]));
  const words = (text: string) => {
    const seen: string[] = [];
    const names = [...vocabulary.keys()];
    forEachVocabularyRank(text, { rank: (w) => vocabulary.get(w) }, (r) => seen.push(names[r]!));
    return seen;
  };

  it("cuts clitics as GloVe's tokenizer does and keeps hyphenated forms it knows", () => {
    expect(words("Don't")).toEqual(["do", "not"]);
    expect(words("can’t")).toEqual(["can", "not"]);
    expect(words("the user's E-mail")).toEqual(["user", "e-mail"]);
    expect(words("user-mail")).toEqual(["user", "mail"]);
  });
});
