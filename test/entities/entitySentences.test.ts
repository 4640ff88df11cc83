import { readFileSync } from "node:fs";
import path from "node:path";
import nlp from "compromise";
import { describe, expect, it } from "vitest";
import {
  entitySentenceTest,
  entityTextTest,
  type NlpTerm,
  type TaggerModel,
} from "../../src/core/entities/entitySentences";
import { entityTagsOf } from "../../src/core/entities/nlp";
import { haveChroma, SHARED } from "../support/fixtures";

// compromise parses its post-tagger's rules on its first parse; the test is built from them parsed.
nlp("Ada Lovelace wrote to Charles Babbage in London.").people();
const model = (nlp.world() as { model: TaggerModel }).model;
const isEntityTag = entityTagsOf(nlp);

/** The first sentence of `text` as compromise has it when the test runs: after its lexicon. */
function untilLexicon(text: string): NlpTerm[] {
  const hooks = nlp.hooks();
  const later = hooks.splice(hooks.indexOf("lexicon") + 1);
  try {
    return nlp(text).docs[0] as unknown as NlpTerm[];
  } finally {
    hooks.push(...later);
  }
}

describe("entitySentenceTest", () => {
  const test = entitySentenceTest(model, isEntityTag)!;
  const may = (text: string) => test(untilLexicon(text));

  it("is built from compromise's own model", () => {
    expect(test).toBeTypeOf("function");
  });

  it("leaves out sentences with nothing that could become a person, place or organization", () => {
    expect(may("It was late and everyone left.")).toBe(false);
    expect(may("the results were printed and sorted by size.")).toBe(false);
    expect(may("the radio was on all night.")).toBe(false);
  });

  it("keeps a sentence for its case, its words, its letters or its lexicon tags", () => {
    expect(may("We met her near Lyon last year.")).toBe(true); // a titlecase word inside
    expect(may("the NASA budget grew.")).toBe(true); // an acronym
    expect(may("they paid the bill.")).toBe(true); // "bill" can be a person
    expect(may("the first engineer left early.")).toBe(true); // "first #Actor" → Honorific
    expect(may("an overview of the results.")).toBe(true); // "-view" is a place suffix
    expect(may("see e.g. the table below.")).toBe(true); // "e.g." looks like an acronym
    expect(may("they flew to paris in may.")).toBe(true); // the lexicon's place
    expect(may("Public radio was on.")).toBe(true); // an org word beside a titlecase first word
  });

  it("is null when the model can reach an entity tag some way it does not check", () => {
    const withRule = (rule: object): TaggerModel => ({
      ...model,
      two: { ...model.two, matches: [...model.two.matches, rule] },
    });
    expect(
      entitySentenceTest(withRule({ tag: "Person", needs: ["#Noun"], wants: [], minWant: 0 }), isEntityTag),
    ).toBeNull();
    expect(
      entitySentenceTest(withRule({ tag: () => "Person", needs: [], wants: [] }), isEntityTag),
    ).toBeNull();
    const hint: TaggerModel = {
      ...model,
      two: { ...model.two, neighbours: { ...model.two.neighbours, leftTags: [["Determiner", "Place"]] } },
    };
    expect(entitySentenceTest(hint, isEntityTag)).toBeNull();
  });
});

/** Every sentence of `text` as compromise splits it, with its terms after the lexicon. */
function sentencesUntilLexicon(text: string): { text: string; terms: NlpTerm[] }[] {
  const hooks = nlp.hooks();
  const later = hooks.splice(hooks.indexOf("lexicon") + 1);
  try {
    return (nlp(text).docs as unknown as NlpTerm[][]).map((terms) => ({
      text: terms.map((t) => `${(t as unknown as { pre: string }).pre}${t.text}${t.post ?? ""}`).join(""),
      terms,
    }));
  } finally {
    hooks.push(...later);
  }
}

const TRICKY = [
  "#Box-constraint, optimum on the boundary",
  "about 50% of it was sold.",
  "i won’t go there again.",
  "they'll see it soon.",
  "the co-founder left early.",
  "it is 5km away from here.",
  "we met from 9-5pm on most days.",
  "plz come home now.",
  "we cannot stop now.",
  "the beatles played here.",
  "an overview of the results.",
  "they flew to paris in may.",
  "Public radio was on.",
  "“Hello,” she said to him.",
  "(Hello there), he said.",
  "— Later that year it was sold.",
  "it costs $4,500 in total.",
  "the author’s rights are kept.",
  "how'd they get there?",
  "there's been a change.",
  "qu'il vienne demain.",
  "Stop it, stop it, stop it.",
];

describe("entityTextTest", () => {
  const textTest = entityTextTest(model, isEntityTag)!;
  const termTest = entitySentenceTest(model, isEntityTag)!;

  it("is built from compromise's own model", () => {
    expect(textTest).toBeTypeOf("function");
  });

  it("never leaves out a sentence the sentence test keeps, on sentences made to trip it", () => {
    for (const s of TRICKY)
      for (const sentence of sentencesUntilLexicon(s))
        if (termTest(sentence.terms)) expect(textTest(sentence.text), sentence.text).toBe(true);
  });

  it("never leaves out a sentence the sentence test keeps, on real prose", () => {
    const texts = [TRICKY.join(" ")];
    if (haveChroma())
      for (const name of ["wikitexts.md", "state_of_the_union.md", "chatlogs.md", "pubmed.md"])
        texts.push(readFileSync(path.join(SHARED, "eval/chroma/corpora", name), "utf8").slice(0, 40_000));
    let kept = 0;
    let left = 0;
    for (const text of texts)
      for (const sentence of sentencesUntilLexicon(text)) {
        const mayHold = termTest(sentence.terms);
        if (mayHold) expect(textTest(sentence.text), sentence.text).toBe(true);
        else if (textTest(sentence.text)) kept++;
        else left++;
      }
    // It is worth having only if it leaves sentences out.
    expect(left).toBeGreaterThan(0);
    expect(kept + left).toBeGreaterThan(0);
  });

  it("leaves out plain lower-case prose and keeps what could become an entity", () => {
    expect(textTest("It was late and everyone left.")).toBe(false);
    expect(textTest("the results were printed and sorted by size.")).toBe(false);
    expect(textTest("Stop it, stop it, stop it.")).toBe(false); // a titlecase first word alone
    expect(textTest("the radio was on all night.")).toBe(false); // an org word, no titlecase first word
    expect(textTest("Public radio was on.")).toBe(true); // … and with one
    expect(textTest("We met her near Lyon.")).toBe(true); // a titlecase word inside
    expect(textTest("they flew to paris in may.")).toBe(true); // the lexicon's place
    expect(textTest("the beatles played here.")).toBe(true); // a multi-word entry by its longest word
    expect(textTest("we met the new team.")).toBe(false); // … not by its shorter ones ("new york")
    expect(textTest("i won’t go.")).toBe(false); // "will not": no word the sentence test looks for
    expect(textTest("i don’t know.")).toBe(false); // "do not" …
    expect(textTest("i don’t know don.")).toBe(true); // … but "don" alone can be a name
    expect(textTest("#Box-constraint, optimum")).toBe(true); // compromise keeps "#" in the term
    expect(textTest("it cost 50% more.")).toBe(true); // and "%"
    expect(textTest("see e.g. the table below.")).toBe(true); // inner punctuation it cannot foresee
  });

  it("reads a piece by where it stands, whatever it read the same piece as before", () => {
    // Pieces are remembered across sentences: the same piece must still depend on whether it opens
    // its sentence ("Stop") and on whether a titlecase first word came before it ("radio").
    const pairs: [string, boolean][] = [
      ["Stop it now.", false],
      ["then Stop it now.", true],
      ["Public radio was on.", true],
      ["the radio was on all night.", false],
    ];
    for (const order of [pairs, [...pairs].reverse()]) {
      const fresh = entityTextTest(model, isEntityTag)!;
      for (const [sentence, keeps] of order) expect(fresh(sentence), sentence).toBe(keeps);
      for (const [sentence, keeps] of order) expect(fresh(sentence), `${sentence} (again)`).toBe(keeps);
    }
  });

  it("is null where the sentence test is, and where the model has typeahead entries", () => {
    const withRule: TaggerModel = {
      ...model,
      two: { ...model.two, matches: [...model.two.matches, { tag: "Person", needs: ["#Noun"], wants: [] }] },
    };
    expect(entityTextTest(withRule, isEntityTag)).toBeNull();
    const typeahead: TaggerModel = { ...model, one: { ...model.one, typeahead: { lond: "london" } } };
    expect(entityTextTest(typeahead, isEntityTag)).toBeNull();
  });
});
