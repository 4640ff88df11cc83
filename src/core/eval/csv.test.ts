import { describe, expect, it } from "vitest";
import { parseCsvRows } from "./csv";
import { QuestionSetError } from "./errors";

const cells = (text: string) => parseCsvRows(text).map((r) => r.cells);

describe("parseCsvRows", () => {
  it("splits rows and cells, each row with the line it starts on", () => {
    expect(parseCsvRows("a,b,c\n1,2,3\n")).toEqual([
      { cells: ["a", "b", "c"], line: 1 },
      { cells: ["1", "2", "3"], line: 2 },
    ]);
  });

  it("reads a last row without a line break, and adds no row for a final line break", () => {
    expect(cells("a,b\n1,2")).toEqual([
      ["a", "b"],
      ["1", "2"],
    ]);
    expect(cells("a,b\n")).toEqual([["a", "b"]]);
  });

  it("keeps empty cells, a trailing comma's included", () => {
    expect(cells("a,,b\n,\nc,")).toEqual([
      ["a", "", "b"],
      ["", ""],
      ["c", ""],
    ]);
  });

  it("reads quoted cells with commas, doubled quotes and line breaks", () => {
    expect(cells('"x, y","say ""hi""","two\nlines"\n')).toEqual([["x, y", 'say "hi"', "two\nlines"]]);
    expect(cells('"",b')).toEqual([["", "b"]]);
  });

  it("counts the lines inside quoted cells, so a later row names the line it starts on", () => {
    const rows = parseCsvRows('q,r\n"one\ntwo\nthree",1\nnext,2\n');
    expect(rows.map((r) => r.line)).toEqual([1, 2, 5]);
    expect(rows[1]!.cells).toEqual(["one\ntwo\nthree", "1"]);
  });

  it("ends rows at CRLF and at a lone CR", () => {
    expect(parseCsvRows("a,b\r\n1,2\r\n3,4\r5,6")).toEqual([
      { cells: ["a", "b"], line: 1 },
      { cells: ["1", "2"], line: 2 },
      { cells: ["3", "4"], line: 3 },
      { cells: ["5", "6"], line: 4 },
    ]);
  });

  it("takes a quote inside an unquoted cell literally", () => {
    expect(cells('ab"c,d')).toEqual([['ab"c', "d"]]);
  });

  it("gives a blank line a row of one empty cell", () => {
    expect(parseCsvRows("a\n\nb")).toEqual([
      { cells: ["a"], line: 1 },
      { cells: [""], line: 2 },
      { cells: ["b"], line: 3 },
    ]);
  });

  it("is empty for an empty text", () => {
    expect(parseCsvRows("")).toEqual([]);
  });

  it("names the line where a quoted cell that is never closed opens", () => {
    const text = 'a,b\n1,2\n3,"open\nstill open\n';
    expect(() => parseCsvRows(text)).toThrow(QuestionSetError);
    expect(() => parseCsvRows(text)).toThrow("line 3: a quoted cell is never closed");
    try {
      parseCsvRows(text);
    } catch (err) {
      expect((err as QuestionSetError).line).toBe(3);
    }
  });
});

describe("QuestionSetError", () => {
  it("prefixes its message with the line it names", () => {
    const err = new QuestionSetError("bad", 7);
    expect(err).toBeInstanceOf(Error);
    expect(err.name).toBe("QuestionSetError");
    expect(err.message).toBe("line 7: bad");
    expect(err.line).toBe(7);
  });

  it("is just its message without a line", () => {
    const err = new QuestionSetError("empty");
    expect(err.message).toBe("empty");
    expect(err.line).toBeUndefined();
  });
});
