import { readFileSync } from "node:fs";
import path from "node:path";
import nlp from "compromise";
import { describe, expect, it } from "vitest";
import {
  candidateRules,
  installFastSweep,
  type CompromiseMethods,
} from "../../src/core/entities/compromiseSweep";
import { entityTagsOf, locate, nlpPieces, runNlp, tuneForEntities } from "../../src/core/entities/nlp";
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

const VIEW_TYPES = [
  ["people", "person"],
  ["places", "location"],
  ["organizations", "organization"],
] as const;

/** What runNlp reports, found the plain way: every view over every sentence of each piece. */
function plainEntities(text: string): string[] {
  const out: string[] = [];
  for (const piece of nlpPieces(text)) {
    const body = text.slice(piece.start, piece.end);
    const doc = nlp(body);
    for (const [view, type] of VIEW_TYPES) {
      for (const m of doc[view]().json({ offset: true }) as Array<{
        text: string;
        offset: { start: number; length: number };
      }>) {
        const span = locate(body, m);
        out.push(span ? `${type} ${piece.start + span.start}-${piece.start + span.end}` : "dropped");
      }
    }
  }
  return out;
}

describe("the faster compromise sweep", () => {
  const inputs = texts();
  // Taken before anything here tunes the shared compromise: its own sweep, every hook.
  const baseline = inputs.map(parse);
  const plain = inputs.map(plainEntities);

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

  it("runNlp, which tags and reads only the sentences that can hold an entity, finds every one", async () => {
    for (let i = 0; i < inputs.length; i++) {
      const { entities, dropped } = await runNlp(inputs[i]!);
      const found = entities.map((e) => `${e.entity_type} ${e.start_offset}-${e.end_offset}`);
      expect(found).toEqual(plain[i]!.filter((e) => e !== "dropped"));
      expect(dropped).toBe(plain[i]!.filter((e) => e === "dropped").length);
    }
    expect(plain[0]!.length).toBeGreaterThan(10);
  });
});

describe("a sweep with a tag focus", () => {
  const tagged = (tags: string[], normal: string) => ({ normal, tags: new Set(tags) });
  const personRule = {
    match: "#ProperNoun",
    needs: ["#ProperNoun"],
    wants: [],
    minWant: 0,
    minWords: 1,
    tag: "Person",
  };
  const verbRule = { match: "ran", needs: ["ran"], wants: [], minWant: 0, minWords: 1, tag: "Verb" };
  const net = { hooks: { "#ProperNoun": [personRule], ran: [verbRule] }, always: [] };
  const sweepWith = (
    focus: ((tag: string) => boolean) | undefined,
    document: unknown[][],
    tagger?: boolean,
  ) => {
    const methods = { one: { bulkMatch: (() => []) as unknown } } as CompromiseMethods;
    installFastSweep(methods, focus);
    const matched: string[] = [];
    const helpers = {
      one: {
        cacheDoc: (doc: Array<Array<{ normal: string; tags: Set<string> }>>) =>
          doc.map((terms) => new Set(terms.flatMap((t) => [t.normal, ...[...t.tags].map((g) => `#${g}`)]))),
        match: (docs: unknown[][], rule: { match: string }) => {
          matched.push(`${rule.match}@${(docs[0]![0] as { normal: string }).normal}`);
          return { ptrs: [[0, 0, 1]] };
        },
      },
    };
    const bulkMatch = methods.one.bulkMatch as unknown as (...a: unknown[]) => unknown[];
    bulkMatch(document, net, helpers, tagger === undefined ? {} : { tagger });
    return matched;
  };
  const isPerson = (tag: string) => tag === "Person";
  const doc = [[tagged(["Verb"], "ran")], [tagged(["ProperNoun"], "ada")], [tagged(["Person"], "ran")]];

  it("skips a segment that has no focused tag and no rule that could set one", () => {
    expect(sweepWith(undefined, doc)).toEqual(["ran@ran", "#ProperNoun@ada", "ran@ran"]);
    // The first segment could only become a Verb; the second may become a Person; the third is one.
    expect(sweepWith(isPerson, doc)).toEqual(["#ProperNoun@ada", "ran@ran"]);
  });

  it("skips nothing when the caller wants the matches themselves", () => {
    expect(sweepWith(isPerson, doc, false)).toEqual(["ran@ran", "#ProperNoun@ada", "ran@ran"]);
  });

  it("entityTagsOf knows the entity views' tags and those under them", () => {
    const isEntityTag = entityTagsOf(nlp);
    for (const tag of [
      "Person",
      "FirstName",
      "Place",
      "City",
      "Country",
      "Address",
      "Organization",
      "Company",
    ])
      expect(isEntityTag(tag)).toBe(true);
    for (const tag of ["ProperNoun", "Noun", "Verb", "Acronym", "Date"]) expect(isEntityTag(tag)).toBe(false);
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
