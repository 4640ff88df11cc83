import { describe, expect, it } from "vitest";
import { CHUNKER_METAS } from "../../src/core/chunkers/metas";
import { CONFIG_FORMAT_IDS, exportConfig, formatsFor, importConfig } from "../../src/core/export/formats";

describe("exports name the document's furniture setting", () => {
  it("as a `document` object in the workbench JSON, read back without touching the config", () => {
    const text = exportConfig("json", "token", { chunk_size: 300 }, { furniture: "drop" });
    const parsed = JSON.parse(text) as { document: unknown; config: { chunk_size: number } };
    expect(parsed.document).toEqual({ furniture: "drop" });
    const back = importConfig(text);
    expect(back.chunker).toBe("token");
    expect(back.config.chunk_size).toBe(300);
    expect(back.config).not.toHaveProperty("document");
  });

  it("as a first comment line in every other format, and not at all without a document", () => {
    const seen = new Set<string>();
    for (const meta of CHUNKER_METAS)
      for (const format of formatsFor(meta.id).filter((f) => f.id !== "json")) {
        seen.add(format.id);
        const kept = exportConfig(format.id, meta.id, {}, { furniture: "keep" });
        expect(kept.split("\n")[0]).toMatch(/^(#|\/\/) Chunk Workbench page furniture: keep/);
        expect(exportConfig(format.id, meta.id, {})).not.toContain("page furniture");
      }
    expect([...seen].sort()).toEqual(CONFIG_FORMAT_IDS.filter((f) => f !== "json").sort());
  });
});
