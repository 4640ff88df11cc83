import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { noesisSentences } from "./noesisSentences";
import type { Span } from "./segment";
import { textDocModel } from "../document";
import {
  documentSentences,
  isPunctuationOnly,
  punctuationOnlyCount,
  splitSentences,
  workbenchSentences,
} from "./sentences";

const sentences = (text: string) => workbenchSentences(text).map((s) => text.slice(s.start, s.end));

/** A paragraph of full-width wrapped lines, so the short lines around it read as short. */
const PROSE =
  "Vectors can be thought of as contiguous cells containing data. Cells are accessed through\n" +
  "indexing operations such as x[5]. More details are given in Section 3.4 [Indexing], page\n" +
  "17. R has six basic vector types: logical, integer, real, complex, string and raw ones.";

describe("workbenchSentences: contents and index pages", () => {
  const toc = [
    "Table of Contents",
    "",
    "1 Introduction . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 1",
    "2.1.2 Lists. . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 3",
    "2.1.12 The “Any” type . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 7",
    "6.3.1 Windows ........................................................... 26",
    "6.3.2 What is R? . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 27",
    "6.3.3 macOS ··························································· 28",
    "Preface …………………………………………………………………………………………………… xiii",
  ].join("\n");

  it("keeps each contents line whole: a dot leader never ends a sentence, its line does", () => {
    expect(sentences(toc)).toEqual([
      "Table of Contents",
      "1 Introduction . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 1",
      "2.1.2 Lists. . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 3",
      "2.1.12 The “Any” type . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 7",
      "6.3.1 Windows ........................................................... 26",
      "6.3.2 What is R? . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . . 27",
      "6.3.3 macOS ··························································· 28",
      "Preface …………………………………………………………………………………………………… xiii",
    ]);
  });

  it("cuts the seed's regex makes of a contents page are gone", () => {
    expect(punctuationOnlyCount(toc, noesisSentences(toc))).toBeGreaterThan(100);
    expect(punctuationOnlyCount(toc, workbenchSentences(toc))).toBe(0);
  });

  it("reads an index: one entry a line, a wrapped page list stays with its entry", () => {
    const index = [
      "foo, 12, 34",
      "bar, 5",
      "function . . 4, 5, 6, 11, 22, 23, 25, 26, 27, 28, 30, 31,",
      "41, 43, 44, 52",
      "function argument . . . . . . . . . . . . . . . . 5, 6",
      "Conyers, John, Jr., 322n",
      "cookies, Internet, 278",
    ].join("\n");
    expect(sentences(`${PROSE}\n\n${index}`).slice(-6)).toEqual([
      "foo, 12, 34",
      "bar, 5",
      "function . . 4, 5, 6, 11, 22, 23, 25, 26, 27, 28, 30, 31,\n41, 43, 44, 52",
      "function argument . . . . . . . . . . . . . . . . 5, 6",
      "Conyers, John, Jr., 322n",
      "cookies, Internet, 278",
    ]);
  });
});

describe("workbenchSentences: headings and numbers", () => {
  it("ends a numbered or short heading at its line break", () => {
    const text = `2.7.3 C++ Support\n${PROSE}\n1. Introduction\nThe compiler supports C++17.\nChapter 6.\nInstalling R`;
    expect(sentences(text)).toEqual([
      "2.7.3 C++ Support",
      "Vectors can be thought of as contiguous cells containing data.",
      "Cells are accessed through\nindexing operations such as x[5].",
      "More details are given in Section 3.4 [Indexing], page\n17.",
      "R has six basic vector types: logical, integer, real, complex, string and raw ones.",
      "1. Introduction",
      "The compiler supports C++17.",
      "Chapter 6.",
      "Installing R",
    ]);
  });

  it("keeps a list number with its item, also after another sentence on the line", () => {
    expect(sentences("1. Intellectual property. 2. Mass media. IV. Results")).toEqual([
      "1. Intellectual property.",
      "2. Mass media.",
      "IV. Results",
    ]);
    expect(sentences(`${PROSE}\nThe steps are:\n1. Install it. 2. Run it.`).slice(-2)).toEqual([
      "The steps are:\n1. Install it.",
      "2. Run it.",
    ]);
  });

  it("never splits decimals or version numbers", () => {
    const text = "Pi is 3.14 here. Use v1.2.3 or R 4.3.0 with version 4.2.2. Then stop.";
    expect(sentences(text)).toEqual([
      "Pi is 3.14 here.",
      "Use v1.2.3 or R 4.3.0 with version 4.2.2.",
      "Then stop.",
    ]);
  });

  it("ends a sentence at a page number ending it ('page 17. Then'), not a section number opening it", () => {
    expect(sentences("See page 17. Then Chapter 6. Installing R describes it.")).toEqual([
      "See page 17.",
      "Then Chapter 6.",
      "Installing R describes it.",
    ]);
  });
});

describe("workbenchSentences: abbreviations and initials", () => {
  it("does not end a sentence at common abbreviations", () => {
    const text =
      "Use lists, e.g. Fig. 3 and Eq. 2 show them, i.e. Dr. Mr. vs. cf. Sec. 4 all stay. " +
      "Pears, apples etc. Were counted as No. 5 at approx. 3 kg. Next one.";
    expect(sentences(text)).toEqual([
      "Use lists, e.g. Fig. 3 and Eq. 2 show them, i.e. Dr. Mr. vs. cf. Sec. 4 all stay.",
      "Pears, apples etc. Were counted as No. 5 at approx. 3 kg.",
      "Next one.",
    ]);
  });

  it("reads 'e.g,' and 'no.' at a sentence end as ordinary words", () => {
    expect(sentences("Many, e.g, lists work. She said no. Then left.")).toEqual([
      "Many, e.g, lists work.",
      "She said no.",
      "Then left.",
    ]);
  });

  it("keeps initials with their name, but a one-letter name after a lowercase word ends", () => {
    const text =
      "J. Smith met John M. Chambers and Richard A. Becker. It was written by J. Smith. " +
      "We describe R. The design follows U.S. practice.";
    expect(sentences(text)).toEqual([
      "J. Smith met John M. Chambers and Richard A. Becker.",
      "It was written by J. Smith.",
      "We describe R.",
      "The design follows U.S. practice.",
    ]);
  });

  it("does not end before a lowercase word (approx. three, try e.g. as.list)", () => {
    expect(sentences("It weighs approx. three kg. They differ, resp. the other one.")).toEqual([
      "It weighs approx. three kg.",
      "They differ, resp. the other one.",
    ]);
  });
});

describe("workbenchSentences: lines and paragraphs", () => {
  it("reads a single line break inside a sentence as a wrap", () => {
    expect(sentences(PROSE)[1]).toBe("Cells are accessed through\nindexing operations such as x[5].");
  });

  it("always ends a sentence at a blank line", () => {
    expect(
      sentences("It is generally used when calling\n\nChapter 2: Objects 3\n\nexpected by the routine."),
    ).toEqual(["It is generally used when calling", "Chapter 2: Objects 3", "expected by the routine."]);
  });

  it("continues after a line ending in a comma, a hyphen or a colon", () => {
    const text = `${PROSE}\nIn every computer language variables provide a means of accessing mem-\nory, the data:\nA list follows.`;
    expect(sentences(text).slice(-1)).toEqual([
      "In every computer language variables provide a means of accessing mem-\nory, the data:\nA list follows.",
    ]);
  });

  it("keeps closing quotes and footnote marks with the sentence they end", () => {
    expect(sentences("He said “Stop.” Then left.”9 When it ended (as planned.) Next?! Yes.")).toEqual([
      "He said “Stop.”",
      "Then left.”9",
      "When it ended (as planned.)",
      "Next?!",
      "Yes.",
    ]);
  });

  it("splits \\r\\n, form feeds and U+2029 as line and paragraph breaks", () => {
    expect(sentences("One line\r\nwraps here.\fPage two\u2029Para three")).toEqual([
      "One line\r\nwraps here.",
      "Page two",
      "Para three",
    ]);
  });
});

describe("workbenchSentences: other scripts", () => {
  it("ends CJK sentences at 。！？ without a space", () => {
    const text = "这是第一句。这是第二句！这是\n第三句？「引用。」最后";
    expect(sentences(text)).toEqual(["这是第一句。", "这是第二句！", "这是\n第三句？", "「引用。」", "最后"]);
  });

  it("ends Arabic and Urdu sentences at ؟ and ۔", () => {
    expect(sentences("ما هذا؟ هذا كتاب۔ انتهى")).toEqual(["ما هذا؟", "هذا كتاب۔", "انتهى"]);
  });
});

describe("workbenchSentences: no punctuation-only sentence", () => {
  it("joins a punctuation-only piece to the sentence before it, or after it when first", () => {
    expect(sentences("*** \n\nFirst one.\n\n***\n\n— Second one! •")).toEqual([
      "*** \n\nFirst one.\n\n***",
      "— Second one! •",
    ]);
  });

  it("keeps a list mark alone on its line with the item below it", () => {
    expect(sentences(`${PROSE}\n•\nFirst item\n•\nSecond item`).slice(-2)).toEqual([
      "•\nFirst item",
      "•\nSecond item",
    ]);
  });

  it("has no sentences for a text without letters or digits", () => {
    expect(workbenchSentences(". . . !!! ***\n\n—")).toEqual([]);
    expect(workbenchSentences("")).toEqual([]);
    expect(workbenchSentences("  \n \n")).toEqual([]);
  });
});

describe("isPunctuationOnly and punctuationOnlyCount", () => {
  it("is true for spans with no letter or digit, in any script", () => {
    const text = ". … x 7 字 ***";
    const at = (from: number, to: number): Span => ({ start: from, end: to });
    expect(isPunctuationOnly(text, at(0, 3))).toBe(true);
    expect(isPunctuationOnly(text, at(0, 5))).toBe(false);
    expect(isPunctuationOnly(text, at(6, 7))).toBe(false);
    expect(isPunctuationOnly(text, at(8, 9))).toBe(false);
    expect(isPunctuationOnly(text, at(10, 13))).toBe(true);
    expect(isPunctuationOnly("𝐀", at(0, 2))).toBe(false);
    expect(punctuationOnlyCount(text, [at(0, 1), at(4, 5), at(10, 13)])).toBe(2);
  });
});

describe("documentSentences", () => {
  it("are the document's workbench sentences, segmented once per document", () => {
    const doc = textDocModel("d", "d.txt", "One. Two . . . 3\nThree.");
    const first = documentSentences(doc);
    expect(first).toEqual(workbenchSentences(doc.text));
    expect(documentSentences(doc)).toBe(first);
    expect(documentSentences(textDocModel("d", "d.txt", doc.text))).not.toBe(first);
  });
});

describe("splitSentences", () => {
  it("is the seed's regex or the workbench segmenter", () => {
    const text = "A dot leader . . . 5\nNext line.";
    expect(splitSentences(text, "seed")).toEqual(noesisSentences(text));
    expect(splitSentences(text, "workbench")).toEqual(workbenchSentences(text));
  });
});

describe("workbenchSentences: properties", () => {
  /** Text made of the pieces that steer the segmenter: prose, leaders, numbers, breaks, scripts. */
  const piece = fc.constantFrom(
    "word",
    "Word",
    "e.g.",
    "etc.",
    "J.",
    "3.14",
    "1.",
    "2.7.3",
    "Chapter",
    ". . .",
    "....",
    "…",
    "···",
    ".",
    "!",
    "?",
    "。",
    "؟",
    "”",
    ")",
    ",",
    "-",
    "***",
    "字",
    "كتاب",
    "𝐀",
    "12",
    " ",
    " ",
    " ",
    "\n",
    "\n\n",
    "\r\n",
    "\t",
    "\u00a0",
    "\f",
    "\u2029",
  );
  const texts = fc.oneof(
    fc.array(piece, { maxLength: 60 }).map((parts) => parts.join("")),
    fc.string({ unit: "grapheme", maxLength: 80 }),
  );

  it("gives sorted, disjoint, trimmed spans inside the text, none punctuation-only, covering every letter and digit", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const spans = workbenchSentences(text);
        let previousEnd = 0;
        for (const s of spans) {
          expect(s.start).toBeGreaterThanOrEqual(previousEnd);
          expect(s.end).toBeGreaterThan(s.start);
          expect(s.end).toBeLessThanOrEqual(text.length);
          const body = text.slice(s.start, s.end);
          expect(body.trim()).toBe(body);
          expect(isPunctuationOnly(text, s)).toBe(false);
          previousEnd = s.end;
        }
        const covered = new Uint8Array(text.length);
        for (const s of spans) covered.fill(1, s.start, s.end);
        for (let i = 0; i < text.length; i++)
          if (/^[\p{L}\p{N}]/u.test(String.fromCodePoint(text.codePointAt(i)!)))
            expect(covered[i], `offset ${i} of ${JSON.stringify(text)}`).toBe(1);
      }),
      { numRuns: 500 },
    );
  });

  it("covers every non-space character when the text has a letter or digit", () => {
    fc.assert(
      fc.property(texts, (text) => {
        const spans = workbenchSentences(text);
        if (!/[\p{L}\p{N}]/u.test(text)) return;
        const covered = new Uint8Array(text.length);
        for (const s of spans) covered.fill(1, s.start, s.end);
        for (let i = 0; i < text.length; i++) if (!/\s/u.test(text[i]!)) expect(covered[i]).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
});
