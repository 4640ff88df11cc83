import MiniSearch from "minisearch";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BM25_B, BM25_K1, Bm25Index, bm25Terms, type IndexedText, type ScoredPosition } from "./bm25";

/** Lucene's EnglishAnalyzer.ENGLISH_STOP_WORDS_SET, written out independently of the module. */
const LUCENE_STOP_WORDS = [
  "a",
  "an",
  "and",
  "are",
  "as",
  "at",
  "be",
  "but",
  "by",
  "for",
  "if",
  "in",
  "into",
  "is",
  "it",
  "no",
  "not",
  "of",
  "on",
  "or",
  "such",
  "that",
  "the",
  "their",
  "then",
  "there",
  "these",
  "they",
  "this",
  "to",
  "was",
  "will",
  "with",
];

const items = (...texts: string[]): IndexedText[] => texts.map((text, i) => ({ key: `${i}:${text}`, text }));
const indexOf = (...texts: string[]) => {
  const index = new Bm25Index();
  index.sync(items(...texts));
  return index;
};
const byPosition = (scored: ScoredPosition[]) => [...scored].sort((a, b) => a.position - b.position);

describe("bm25Terms", () => {
  it("lower-cases, splits on every character that is not a letter or digit, and drops stop words", () => {
    expect(bm25Terms("The Cat's e-mail, in 2024: snake_case & Café!")).toEqual([
      "cat",
      "s",
      "e",
      "mail",
      "2024",
      "snake",
      "case",
      "café",
    ]);
  });

  it("normalises NFKC first: ligatures, full-width and compatibility characters", () => {
    expect(bm25Terms("The ﬁle")).toEqual(["file"]);
    expect(bm25Terms("ＡＢＣ　１２")).toEqual(["abc", "12"]);
    expect(bm25Terms("Ⅻ")).toEqual(["xii"]);
    expect(bm25Terms("cafe\u0301")).toEqual(["café"]); // decomposed é composes to one letter
  });

  it("drops exactly Lucene's 33 English stop words, whatever their case", () => {
    expect(LUCENE_STOP_WORDS).toHaveLength(33);
    expect(bm25Terms(LUCENE_STOP_WORDS.join(" "))).toEqual([]);
    expect(bm25Terms(LUCENE_STOP_WORDS.join(" ").toUpperCase())).toEqual([]);
    expect(bm25Terms("I do have what you were")).toEqual(["i", "do", "have", "what", "you", "were"]);
  });

  it("keeps repeated terms and is empty for no words", () => {
    expect(bm25Terms("dog Dog DOG")).toEqual(["dog", "dog", "dog"]);
    expect(bm25Terms("")).toEqual([]);
    expect(bm25Terms("  ,.;-- ")).toEqual([]);
  });
});

describe("Bm25Index: scores", () => {
  // D0 "cat sat on the mat" → cat sat mat (3 terms); D1 "dog sat" → dog sat (2);
  // D2 "Cat cat dog bird" → cat cat dog bird (4). N = 3, average length 9 / 3 = 3.
  // idf(cat) = idf(dog) = ln(1 + (3 − 2 + 0.5) / (2 + 0.5)) = ln 1.6 ≈ 0.470004;
  // idf(bird) = ln(1 + 2.5 / 1.5) = ln(8/3) ≈ 0.980829.
  // norm(dl) = 1.2 · (0.25 + 0.75 · dl / 3): dl 2 → 0.9, dl 3 → 1.2, dl 4 → 1.5.
  const index = indexOf("cat sat on the mat", "dog sat", "Cat cat dog bird");

  it("has the pinned parameters", () => {
    expect(BM25_K1).toBe(1.2);
    expect(BM25_B).toBe(0.75);
  });

  it("scores a one-term query as Okapi BM25 by hand", () => {
    const scores = byPosition(index.scoreAll("cat"));
    // D0: tf 1 → ln1.6 · 2.2 / (1 + 1.2) = ln 1.6; D2: tf 2 → ln1.6 · 4.4 / (2 + 1.5).
    expect(scores.map((s) => s.position)).toEqual([0, 2]);
    expect(scores[0]!.score).toBeCloseTo(0.47000362924573563, 14);
    expect(scores[1]!.score).toBeCloseTo(0.5908617053374963, 14);
    expect(scores[1]!.score).toBeCloseTo((Math.log(1.6) * 4.4) / 3.5, 14);
  });

  it("sums over the query's terms", () => {
    const scores = byPosition(index.scoreAll("Dog? Bird!"));
    // D1: dog tf 1, dl 2 → ln1.6 · 2.2 / 1.9; D2: dog and bird tf 1, dl 4 → (ln1.6 + ln(8/3)) · 2.2 / 2.5.
    expect(scores.map((s) => s.position)).toEqual([1, 2]);
    expect(scores[0]!.score).toBeCloseTo(0.5442147286003255, 14);
    expect(scores[1]!.score).toBeCloseTo(1.2767329363865665, 14);
  });

  it("counts a term the question repeats each time", () => {
    const once = byPosition(index.scoreAll("bird"));
    const twice = byPosition(index.scoreAll("bird bird"));
    expect(twice).toEqual(once.map((s) => ({ position: s.position, score: 2 * s.score })));
  });

  it("scores nothing for unknown terms, stop words or an empty query", () => {
    expect(index.scoreAll("zebra")).toEqual([]);
    expect(index.scoreAll("the and of")).toEqual([]);
    expect(index.scoreAll("")).toEqual([]);
  });

  it("matches across case and NFKC forms", () => {
    const files = indexOf("the ﬁle is open", "a FILE closed", "nothing here");
    expect(byPosition(files.scoreAll("File")).map((s) => s.position)).toEqual([0, 1]);
    expect(files.scoreAll("ﬁle")).toEqual(files.scoreAll("file"));
  });

  it("gives the same answer when asked twice (the score buffer is cleared)", () => {
    expect(index.scoreAll("cat dog")).toEqual(index.scoreAll("cat dog"));
  });
});

describe("Bm25Index: top", () => {
  it("orders by score, best first", () => {
    const index = indexOf("cat sat on the mat", "dog sat", "Cat cat dog bird");
    expect(index.top("dog bird", 3)).toEqual([
      { position: 2, score: expect.closeTo(1.2767329363865665, 14) },
      { position: 1, score: expect.closeTo(0.5442147286003255, 14) },
      { position: 0, score: 0 },
    ]);
  });

  it("orders ties by collection position", () => {
    const index = indexOf("x y", "z", "x y", "w", "y x");
    const top = index.top("x", 5);
    expect(top.map((t) => t.position)).toEqual([0, 2, 4, 1, 3]);
    expect(top[0]!.score).toBe(top[1]!.score);
    expect(top[1]!.score).toBe(top[2]!.score);
    expect(index.top("x", 2).map((t) => t.position)).toEqual([0, 2]);
  });

  it("fills with score-0 chunks in collection order when fewer than k match, up to the collection's size", () => {
    const index = indexOf("alpha", "beta", "gamma", "beta delta");
    expect(index.top("delta", 3)).toEqual([
      { position: 3, score: expect.any(Number) },
      { position: 0, score: 0 },
      { position: 1, score: 0 },
    ]);
    expect(index.top("nothing matches", 2)).toEqual([
      { position: 0, score: 0 },
      { position: 1, score: 0 },
    ]);
    expect(index.top("beta", 10).map((t) => t.position)).toEqual([1, 3, 0, 2]);
  });

  it("returns nothing from an empty collection", () => {
    const index = new Bm25Index();
    expect(index.top("anything", 5)).toEqual([]);
    index.sync([]);
    expect(index.top("anything", 5)).toEqual([]);
    expect(index.scoreAll("anything")).toEqual([]);
  });

  it("indexes chunks without a single term (all stop words) as length 0", () => {
    const index = indexOf("the of and", "rare word", "word");
    // N 3, average length (0 + 2 + 1) / 3 = 1; idf(rare) = ln(1 + 2.5 / 1.5); dl 2 → norm 1.2 · (0.25 + 1.5).
    expect(index.top("rare", 3)).toEqual([
      { position: 1, score: expect.closeTo((Math.log(8 / 3) * 2.2) / (1 + 1.2 * 1.75), 14) },
      { position: 0, score: 0 },
      { position: 2, score: 0 },
    ]);
  });
});

describe("Bm25Index: incremental sync", () => {
  const A: IndexedText[] = [
    { key: "0:0:10", text: "apples and pears grow on trees" },
    { key: "0:10:20", text: "pears are sweet, apples are crisp" },
    { key: "1:0:15", text: "rivers flow into the sea" },
    { key: "1:15:30", text: "the sea is salty and deep" },
  ];
  // B keeps two of A's chunks (in another order), changes one chunk's text, drops one and adds two.
  const B: IndexedText[] = [
    { key: "1:0:15", text: "rivers flow into the sea" },
    { key: "0:0:12", text: "apples and pears grow on tall trees" },
    { key: "0:10:20", text: "pears are sweet, apples are crisp" },
    { key: "2:0:9", text: "mountains rise above rivers" },
    { key: "2:9:20", text: "snow caps the mountains; apples do not grow there" },
  ];
  const QUERIES = [
    "apples",
    "sea salty",
    "pears apples trees",
    "mountains rivers sea",
    "deep",
    "tall snow",
    "",
  ];

  it("counts the chunks each sync analyses afresh and drops", () => {
    const index = new Bm25Index();
    expect(index.lastUpdate).toEqual({ added: 0, removed: 0 });
    index.sync(A);
    expect(index.lastUpdate).toEqual({ added: 4, removed: 0 });
    index.sync(A);
    expect(index.lastUpdate).toEqual({ added: 0, removed: 0 });
    index.sync(B);
    expect(index.lastUpdate).toEqual({ added: 3, removed: 2 });
    index.sync([]);
    expect(index.lastUpdate).toEqual({ added: 0, removed: 5 });
  });

  it("analyses a key that appears twice in one sync once", () => {
    const index = new Bm25Index();
    index.sync([A[0]!, A[0]!, A[1]!]);
    expect(index.lastUpdate).toEqual({ added: 2, removed: 0 });
    expect(byPosition(index.scoreAll("grow")).map((x) => x.position)).toEqual([0, 1]);
  });

  it("scores an index synced A → B exactly like a fresh index synced to B", () => {
    const incremental = new Bm25Index();
    incremental.sync(A);
    incremental.sync(B);
    const fresh = new Bm25Index();
    fresh.sync(B);
    for (const q of QUERIES) {
      const got = incremental.scoreAll(q);
      const want = fresh.scoreAll(q);
      expect(got.map((x) => x.position)).toEqual(want.map((x) => x.position));
      got.forEach((x, i) => expect(x.score === want[i]!.score, `${q} @ ${x.position}`).toBe(true));
      expect(incremental.top(q, 5)).toEqual(fresh.top(q, 5));
    }
    // "deep" and "salty" were only in A's dropped chunk: nothing scores them now.
    expect(incremental.scoreAll("deep")).toEqual([]);
  });

  it("comes back to A's scores after A → B → A", () => {
    const index = new Bm25Index();
    index.sync(A);
    const before = QUERIES.map((q) => index.scoreAll(q));
    index.sync(B);
    index.sync(A);
    expect(index.lastUpdate).toEqual({ added: 2, removed: 3 });
    expect(QUERIES.map((q) => index.scoreAll(q))).toEqual(before);
  });
});

describe("Bm25Index against MiniSearch (the reference scorer)", () => {
  // Deterministic pseudo-random documents in which no term repeats, so that MiniSearch's field
  // length (its count of distinct terms) equals ours (all terms).
  let seed = 12345;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  const VOCABULARY = Array.from({ length: 40 }, (_, i) => `w${i}${"xyz"[i % 3]}`);
  const pick = (count: number) => {
    const chosen = new Set<string>();
    while (chosen.size < count) chosen.add(VOCABULARY[rand(VOCABULARY.length)]!);
    return [...chosen];
  };
  const docs = Array.from({ length: 60 }, (_, id) => {
    const words = pick(1 + rand(12)).map((w) => (rand(2) ? w.toUpperCase() : w));
    // Stop words and punctuation in between, as in real text: both analysers drop them.
    const text = words.map((w) => (rand(3) === 0 ? `the ${w},` : w)).join(" ");
    return { id, text };
  });
  const queries = [
    ...Array.from({ length: 40 }, () => pick(1 + rand(4)).join(" ")),
    "w1y and the w2z unknownword",
  ];

  it("scores like MiniSearch with k 1.2, b 0.75, d 0 to 1e-9", () => {
    const mini = new MiniSearch<{ id: number; text: string }>({
      fields: ["text"],
      tokenize: bm25Terms,
      processTerm: (term) => term,
      searchOptions: { bm25: { k: 1.2, b: 0.75, d: 0 }, prefix: false, fuzzy: false, combineWith: "OR" },
    });
    mini.addAll(docs);
    const index = new Bm25Index();
    index.sync(docs.map((d) => ({ key: String(d.id), text: d.text })));
    let compared = 0;
    for (const query of queries) {
      const ours = new Map(index.scoreAll(query).map((s) => [s.position, s.score]));
      const theirs = mini.search(query);
      expect(theirs.length).toBe(ours.size);
      for (const result of theirs) {
        // MiniSearch multiplies a document's score by how many of the query's terms it matched.
        const score = result.score / result.queryTerms.length;
        expect(Math.abs(score - ours.get(result.id as number)!), query).toBeLessThan(1e-9);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});

describe("Bm25Index reading terms off the document's term table", () => {
  // Characters that make slices analyse differently from their document: NFKC changes
  // (ligatures, superscripts, fullwidth, ™), combining marks, Hangul jamo, capital sigma.
  const ALPHABET = [
    ..."ab cd.EF\n12-",
    "ﬁ",
    "²",
    "Ａ",
    "™",
    "e\u0301",
    "\u1100\u1161",
    "ΑΣ.Β",
    "İ",
    "ß",
    "，",
    "the ",
    " of",
  ];
  const textArb = fc
    .array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 60 })
    .map((parts) => parts.join(""));

  it("finds exactly the terms the chunk's own text has, for any text and any ranges", () => {
    fc.assert(
      fc.property(
        textArb,
        fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(...ALPHABET), { minLength: 1, maxLength: 6 }),
        (text, cuts, queryParts) => {
          const ranges = cuts.map(([a, b]) => {
            const s = a % (text.length + 1);
            const e = b % (text.length + 1);
            return s <= e ? [s, e] : [e, s];
          });
          const items = ranges.map(([s, e]) => ({ key: `${s}:${e}`, text: text.slice(s, e) }));
          const plain = new Bm25Index();
          plain.sync(items);
          const tabled = new Bm25Index();
          const key = tabled.documentKey("d", text);
          tabled.sync(
            ranges.map(([s, e]) => ({
              key: `${key}:${s}:${e}`,
              text: text.slice(s!, e!),
              source: { docId: "d", docText: text, start: s!, end: e! },
            })),
          );
          const query = queryParts.join("");
          expect(tabled.scoreAll(query)).toEqual(plain.scoreAll(query));
        },
      ),
      { seed: 20261125, numRuns: 400 },
    );
  });

  it("gives a document key that changes only with the document's text", () => {
    const index = new Bm25Index();
    const k1 = index.documentKey("d", "one text");
    expect(index.documentKey("d", "one text")).toBe(k1);
    const k2 = index.documentKey("d", "another text");
    expect(k2).not.toBe(k1);
    expect(index.documentKey("e", "one text")).not.toBe(k1);
  });
});
