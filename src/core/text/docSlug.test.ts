import { describe, expect, it } from "vitest";
import { docSlug } from "./docSlug";

describe("docSlug", () => {
  it("drops the extension, lower-cases, and dashes other characters", () => {
    expect(docSlug("Annual Report 2024.pdf")).toBe("annual-report-2024");
    expect(docSlug("notes.v2.md")).toBe("notes-v2");
    expect(docSlug("Über_Straße.txt")).toBe("-ber-stra-e");
    expect(docSlug("README")).toBe("readme");
    expect(docSlug(".pdf")).toBe("doc");
  });
});
