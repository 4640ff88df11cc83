import { describe, expect, it } from "vitest";
import { capOutsideCosts } from "./costCaps";

describe("capOutsideCosts", () => {
  it("lowers a link's token_budget and rate_limit to this browser's, and says so", () => {
    const r = capOutsideCosts(
      "agentic",
      { token_budget: 1e8, rate_limit: 10_000, timeout: 5 },
      { token_budget: 50_000 },
    );
    expect(r.config).toEqual({ token_budget: 50_000, rate_limit: 10, timeout: 5 });
    expect(r.capped).toEqual(["token_budget 100000000 → 50000", "rate_limit 10000 → 10"]);
  });
  it("keeps lower costs and leaves chunkers that spend nothing alone", () => {
    expect(capOutsideCosts("agentic", { token_budget: 10 }, undefined)).toEqual({
      config: { token_budget: 10 },
      capped: [],
    });
    const token = { chunk_size: 1e6 };
    expect(capOutsideCosts("token", token, undefined)).toEqual({ config: token, capped: [] });
  });
});
