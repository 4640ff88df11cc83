import nlp from "compromise";
import { describe, expect, it } from "vitest";
import { entitySentenceTest, type NlpTerm, type TaggerModel } from "../../src/core/entities/entitySentences";
import { entityTagsOf } from "../../src/core/entities/nlp";

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
