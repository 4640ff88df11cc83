import { readFileSync } from "node:fs";
import path from "node:path";
import nlp from "compromise";
import { describe, expect, it } from "vitest";
import {
  candidateRules,
  installFastSweep,
  type CompromiseMethods,
} from "../../src/core/entities/compromiseSweep";
import { tuneForEntities } from "../../src/core/entities/nlp";
import { haveChroma, SHARED } from "../support/fixtures";

const PROSE = `In March 1998, Dr. Ada Lovelace-Smith flew from Paris to New York City with two colleagues from IBM
and the University of Toronto. "We didn't expect the Federal Reserve to move," she said, but Mr. Jones,
their host at Goldman Sachs, had warned them on Tuesday. The trip cost $4,500 — paid by the
Massachusetts Institute of Technology — and ended in San Francisco, California, where Walt Disney's
studio once stood. Later that week, President Lincoln's letters were shown at the Library of Congress;
Professor Hinton (of Google) couldn't attend, and neither could Angela Merkel or the Mayor of London.
It's been said they'll return to Berlin, Germany, in spring, though nobody's sure whether Tim Cook or
Sundar Pichai will join them at the United Nations on 5 June.`;

function texts(): string[] {
  const out = [PROSE];
  // Real prose exercises far more of compromise's rules than any paragraph written for a test.
  if (haveChroma()) {
    for (const name of ["wikitexts.md", "state_of_the_union.md", "chatlogs.md"]) {
      out.push(readFileSync(path.join(SHARED, "eval/chroma/corpora", name), "utf8").slice(0, 30_000));
    }
  }
  return out;
}

interface Parse {
  tags: string;
  entities: string;
}

function parse(text: string): Parse {
  const doc = nlp(text);
  const terms = doc.json({ terms: { tags: true } }) as Array<{
    terms: Array<{ text: string; tags: string[] }>;
  }>;
  const entities = (["people", "places", "organizations"] as const).map((view) =>
    (
      doc[view]().json({ offset: true }) as Array<{ text: string; offset: { start: number; length: number } }>
    ).map((m) => [m.text, m.offset.start, m.offset.length]),
  );
  return {
    tags: JSON.stringify(terms.map((s) => s.terms.map((t) => `${t.text}/${t.tags.join(",")}`))),
    entities: JSON.stringify(entities),
  };
}

describe("the faster compromise sweep", () => {
  const inputs = texts();
  const baseline = inputs.map(parse);

  it("tags every term and finds every entity exactly as compromise's own sweep", () => {
    const restore = installFastSweep(nlp.methods() as CompromiseMethods);
    try {
      const fast = inputs.map(parse);
      for (let i = 0; i < inputs.length; i++) {
        expect(fast[i]!.tags).toBe(baseline[i]!.tags);
        expect(fast[i]!.entities).toBe(baseline[i]!.entities);
      }
      expect(JSON.parse(fast[0]!.entities)[0].length).toBeGreaterThan(3);
    } finally {
      restore();
    }
  });

  it("tuneForEntities keeps the people, places and organizations of an untuned parse", () => {
    const tuned = tuneForEntities(nlp);
    expect(tuned.hooks()).not.toContain("chunks");
    const after = inputs.map(parse);
    for (let i = 0; i < inputs.length; i++) expect(after[i]!.entities).toBe(baseline[i]!.entities);
  });
});

describe("candidateRules", () => {
  const rule = (match: string, needs: string[], wants: string[] = [], extra: object = {}) => ({
    match,
    needs,
    wants,
    minWant: wants.length ? 1 : 0,
    minWords: 1,
    ...extra,
  });

  it("keeps compromise's order (hook keys as listed), the first rule of each match, and its filters", () => {
    const a = rule("#Noun the", ["#Noun", "the"]);
    const aTwin = rule("#Noun the", ["the"]);
    const b = rule("[#Verb] x", ["x"], ["#Verb", "#Adverb"]);
    const c = rule("#Person", ["#Person"], [], { ifNo: ["mr"] });
    const d = rule("long rule", ["the"], [], { minWords: 5 });
    const net = {
      hooks: { x: [b], the: [aTwin, d], "#Noun": [a], "#Person": [c], "#Verb": [b] },
      always: [],
    };
    const names = (haves: string[], terms = 3) =>
      candidateRules(new Set(haves), terms, net).map((r) => (r === aTwin ? "aTwin" : r.match));
    // "the" comes before "#Noun" among the keys, so its twin of rule a is the one kept.
    expect(names(["#Noun", "the", "x", "#Verb"])).toEqual(["[#Verb] x", "aTwin"]);
    expect(names(["#Noun", "the", "x", "#Verb"], 6)).toEqual(["[#Verb] x", "aTwin", "long rule"]);
    expect(names(["x"])).toEqual([]);
    expect(names(["#Person"])).toEqual(["#Person"]);
    expect(names(["#Person", "mr"])).toEqual([]);
  });
});
