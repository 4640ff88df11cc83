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

  it("keeps one rate limiter per limit, so a new run never resets a window", () => {
    const providers = new SessionProviders();
    expect(providers.rateLimiter(10)).toBe(providers.rateLimiter(10));
    expect(providers.rateLimiter(10)).not.toBe(providers.rateLimiter(20));
  });
});
