/** The user dictionary: CSV and JSON parsing with every problem reported, validation, and matching. */
import { describe, expect, it } from "vitest";
import {
  compileDictionary,
  DictionaryError,
  parseDictionary,
  parseDictionaryCsv,
  parseDictionaryJson,
  validateDictionary,
} from "../../src/core/entities/dictionary";

function problemsOf(fn: () => unknown) {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(DictionaryError);
    return (err as DictionaryError).problems;
  }
  throw new Error("expected a DictionaryError");
}

describe("parseDictionaryCsv", () => {
  it("reads rows without a header", () => {
    expect(parseDictionaryCsv("Acme Corp,customer\nBoiler Repair , service\n")).toEqual([
      { name: "Acme Corp", type: "customer" },
      { name: "Boiler Repair", type: "service" },
    ]);
  });

  it("reads a header in any order and ignores other columns", () => {
    const csv = 'Type,Notes,Name\r\nproduct,"big, red",Widget 3000\r\nTECHNICIAN,,"Jane ""JJ"" Doe"\r\n';
    expect(parseDictionaryCsv(csv)).toEqual([
      { name: "Widget 3000", type: "product" },
      { name: 'Jane "JJ" Doe', type: "technician" },
    ]);
  });

  it("accepts a quoted cell spanning lines, semicolons, a BOM and blank lines", () => {
    expect(parseDictionaryCsv('\uFEFFname;type\n\n"North\nDepot";location\n')).toEqual([
      { name: "North Depot", type: "location" },
    ]);
  });

  it("reports every bad line with its number", () => {
    const csv = [
      "name,type",
      "Acme,customer",
      "Widget,gadget",
      ",service",
      "Acme,product",
      "Acme,customer",
      "Loose",
    ].join("\n");
    const problems = problemsOf(() => parseDictionaryCsv(csv));
    expect(problems.map((p) => p.line)).toEqual([3, 4, 5, 7]);
    expect(problems[0]!.message).toMatch(/"gadget" is not one of customer, service, product/);
    expect(problems[1]!.message).toMatch(/name must be a non-empty string/);
    expect(problems[2]!.message).toMatch(/already a customer/);
    expect(problems[3]!.message).toMatch(/missing the type cell/);
  });

  it("without a header every row has exactly two cells", () => {
    const problems = problemsOf(() => parseDictionaryCsv("Acme,customer,extra"));
    expect(problems).toEqual([{ line: 1, message: "expected 2 cells (name,type), found 3" }]);
  });

  it("reports an unclosed quote", () => {
    const problems = problemsOf(() => parseDictionaryCsv('name,type\n"Acme,customer\n'));
    expect(problems.some((p) => /never closed/.test(p.message))).toBe(true);
  });
});

describe("parseDictionaryJson and parseDictionary", () => {
  it("reads an array of {name, type}, collapsing whitespace and lower-casing types", () => {
    expect(parseDictionaryJson('[{"name":"  Acme   Corp ","type":"Customer"}]')).toEqual([
      { name: "Acme Corp", type: "customer" },
    ]);
  });

  it("rejects invalid JSON, a non-array, and bad entries by index", () => {
    expect(problemsOf(() => parseDictionaryJson("[{"))[0]!.message).toMatch(/not valid JSON/);
    expect(problemsOf(() => parseDictionaryJson('{"name":"a"}'))[0]!.message).toMatch(
      /list of \{name, type\}/,
    );
    const problems = problemsOf(() =>
      parseDictionaryJson('[{"name":"A","type":"service"}, 3, {"name":"B"}]'),
    );
    expect(problems.map((p) => p.index)).toEqual([1, 2]);
  });

  it("auto-detects the format", () => {
    expect(parseDictionary('[{"name":"A","type":"service"}]')).toEqual([{ name: "A", type: "service" }]);
    expect(parseDictionary("A,service")).toEqual([{ name: "A", type: "service" }]);
    expect(() => parseDictionary("A,service", "json")).toThrow(DictionaryError);
  });

  it("the error message names lines and entries", () => {
    expect(() => parseDictionaryCsv("A,bogus")).toThrow(/line 1: type "bogus"/);
  });
});

describe("validateDictionary", () => {
  it("keeps a repeated entry once and reports the rest", () => {
    const { entries, problems } = validateDictionary([
      { name: "Acme", type: "customer" },
      { name: "ACME", type: "customer" },
      { name: "x", type: "person" },
    ]);
    expect(entries).toEqual([{ name: "Acme", type: "customer" }]);
    expect(problems).toEqual([{ index: 2, message: expect.stringMatching(/"person" is not one of/) }]);
  });
});

describe("compileDictionary", () => {
  const match = compileDictionary([
    { name: "Acme", type: "customer" },
    { name: "Acme Pro", type: "product" },
    { name: "C++", type: "procedure" },
  ]);

  it("finds whole words case-insensitively, the longest entry first, across line breaks", () => {
    const text = "ACME bought an acme\npro; Acmeville is not Acme. Use C++ daily.";
    const found = match(text);
    expect(found.map((e) => [e.entity_type, e.entity_name, e.mention_text])).toEqual([
      ["customer", "Acme", "ACME"],
      ["product", "Acme Pro", "acme\npro"],
      ["customer", "Acme", "Acme"],
      ["procedure", "C++", "C++"],
    ]);
    for (const e of found) expect(text.slice(e.start_offset, e.end_offset)).toBe(e.mention_text);
    expect(found[0]!.entity_id).toBe(found[2]!.entity_id);
    expect(found[0]).toMatchObject({ source: "dictionary", confidence: 1 });
  });

  it("skips names inside email addresses and domains", () => {
    const text = "Mail billing@acme.com or visit acme.com, www.acme.io and pre-acme; Acme-based. Acme.";
    expect(match(text).map((e) => e.start_offset)).toEqual([text.lastIndexOf("Acme")]);
  });

  it("an empty dictionary finds nothing", () => {
    expect(compileDictionary([])("Acme")).toEqual([]);
  });
});
