import { describe, expect, it } from "vitest";
import { textDocModel } from "./document";
import { perDocument } from "./docCache";

describe("perDocument", () => {
  it("computes once per document and key", () => {
    const doc = textDocModel("d", "d.txt", "text");
    let calls = 0;
    const compute = () => ++calls;
    expect(perDocument(doc, "k", compute)).toBe(1);
    expect(perDocument(doc, "k", compute)).toBe(1);
    expect(perDocument(doc, "other", compute)).toBe(2);
  });

  it("keeps documents apart even when they share an id", () => {
    const a = textDocModel("same", "a.txt", "alpha");
    const b = textDocModel("same", "b.txt", "beta");
    expect(perDocument(a, "text", () => a.text)).toBe("alpha");
    expect(perDocument(b, "text", () => b.text)).toBe("beta");
  });

  it("forgets a rejected promise, so an aborted computation runs again", async () => {
    const doc = textDocModel("d", "d.txt", "text");
    await expect(perDocument(doc, "p", () => Promise.reject(new Error("aborted")))).rejects.toThrow();
    await Promise.resolve();
    await expect(perDocument(doc, "p", () => Promise.resolve(7))).resolves.toBe(7);
  });
});
