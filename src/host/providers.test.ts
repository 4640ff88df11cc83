import { describe, expect, it } from "vitest";
import { SessionProviders } from "./providers";

describe("SessionProviders", () => {
  it("builds the endpoints' clients, drops them when left out, and counts generations", () => {
    const providers = new SessionProviders();
    expect(providers.embedder).toBeUndefined();
    expect(providers.llm).toBeUndefined();
    providers.setEndpoints({
      embedding: { baseUrl: "http://127.0.0.1:9/v1", model: "e" },
      llm: { baseUrl: "http://127.0.0.1:9/v1", model: "l" },
    });
    expect(providers.embedder?.label).toContain("e");
    expect(providers.llm?.model).toBe("l");
    expect(providers.generation).toBe(1);
    providers.setEndpoints({});
    expect(providers.embedder).toBeUndefined();
    expect(providers.llm).toBeUndefined();
    expect(providers.generation).toBe(2);
  });

  it("keeps one rate limiter per LLM endpoint, shared by the chunker and the judge at the lowest limit", () => {
    const providers = new SessionProviders();
    providers.setEndpoints({ llm: { baseUrl: "http://127.0.0.1:9/v1", model: "l" } });
    const chunker = providers.rateLimiter(20);
    const judge = providers.rateLimiter(10, "judge");
    expect(judge).toBe(chunker);
    expect(chunker.limit).toBe(10);
    // The chunker asks for less: the shared window tightens; it asks for more again: the judge's 10 holds.
    expect(providers.rateLimiter(5).limit).toBe(5);
    expect(providers.rateLimiter(30).limit).toBe(10);
    providers.setEndpoints({ llm: { baseUrl: "http://127.0.0.1:8/v1", model: "l" } });
    expect(providers.rateLimiter(10)).not.toBe(chunker);
  });
});
