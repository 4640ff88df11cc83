/** Pattern entities: dates, money, emails and phone numbers — and the look-alikes they must skip. */
import { describe, expect, it } from "vitest";
import { findPatternEntities } from "../../src/core/entities/patterns";

function found(text: string): string[] {
  const out = findPatternEntities(text);
  for (const e of out) expect(text.slice(e.start_offset, e.end_offset)).toBe(e.mention_text);
  return out.map((e) => `${e.entity_type}:${e.mention_text}`).sort();
}

describe("findPatternEntities", () => {
  it("dates in ISO, numeric and written forms", () => {
    expect(
      found(
        "Due 2024-01-15, signed 1/15/2024 and 15.01.2024; met on January 15, 2024, Jan. 3rd, 4 March 2023, the 5th of May and in March 2021.",
      ),
    ).toEqual(
      [
        "date:2024-01-15",
        "date:1/15/2024",
        "date:15.01.2024",
        "date:January 15, 2024",
        "date:Jan. 3rd",
        "date:4 March 2023",
        "date:5th of May",
        "date:March 2021",
      ].sort(),
    );
  });

  it("money with symbols, codes and words", () => {
    expect(found("It cost $1,234.56, then €20 million, USD 300, 45 dollars and £5.")).toEqual(
      ["money:$1,234.56", "money:€20 million", "money:USD 300", "money:45 dollars", "money:£5"].sort(),
    );
  });

  it("emails, without trailing punctuation", () => {
    expect(found("Write to ada.lovelace+x@example.co.uk.")).toEqual(["email:ada.lovelace+x@example.co.uk"]);
  });

  it("phone numbers in international and North American forms", () => {
    expect(found("Call +44 20 7946 0958, (555) 123-4567, 555.123.4567 or 555-1234.")).toEqual(
      ["phone:+44 20 7946 0958", "phone:(555) 123-4567", "phone:555.123.4567", "phone:555-1234"].sort(),
    );
  });

  it("skips years, section numbers, versions, page ranges and plain numbers", () => {
    expect(found("In 1954, see section 2.1.10 of v1.2.3, pages 12-14, 3000 copies, May I ask?")).toEqual([]);
  });

  it("skips a form glued to the word or number before it, and finds the next one that is not", () => {
    expect(found("v1/2/2024x and id9/15/2024")).toEqual([]);
    // A letter outside the basic plane glues as any letter does.
    expect(found("\u{1D400}1/15/2024 then 2/15/2024")).toEqual(["date:2/15/2024"]);
    // A glued start is passed over, not the whole match: "x$5" has no money, but "$5" after it does.
    expect(found("x$5, $6")).toEqual(["money:$6"]);
    expect(found("ab-2024-01-15 and (2024-01-15)")).toEqual(["date:2024-01-15"]);
  });

  it("ids are shared by equal mentions and typed", () => {
    const out = findPatternEntities("a@b.io and A@B.io");
    expect(out.map((e) => e.entity_id)).toEqual(["email:a@b.io", "email:a@b.io"]);
    expect(out[0]).toMatchObject({ source: "pattern", confidence: 0.9 });
  });
});
