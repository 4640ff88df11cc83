import { describe, expect, it } from "vitest";
import {
  EndpointConfigError,
  endpointsFingerprint,
  normalizeBaseUrl,
  publicEndpoints,
  type SessionEndpoints,
} from "./session";

const endpoints: SessionEndpoints = {
  embedding: {
    baseUrl: "http://127.0.0.1:9/v1",
    model: "m",
    apiKey: "sk-secret",
    batchSize: 16,
    timeoutMs: 1000,
  },
  llm: { baseUrl: "http://127.0.0.1:9/v1", model: "chat", apiKey: "sk-other", timeoutMs: 1000 },
};

describe("session endpoints", () => {
  it("drops every key from what leaves the session", () => {
    const shown = JSON.stringify(publicEndpoints(endpoints));
    expect(shown).not.toContain("sk-secret");
    expect(shown).not.toContain("sk-other");
    expect(shown).toContain("http://127.0.0.1:9/v1");
  });

  it("fingerprints models, not keys", () => {
    const other = { ...endpoints, embedding: { ...endpoints.embedding!, apiKey: "sk-changed" } };
    expect(endpointsFingerprint(other)).toBe(endpointsFingerprint(endpoints));
    const otherModel = { ...endpoints, embedding: { ...endpoints.embedding!, model: "m2" } };
    expect(endpointsFingerprint(otherModel)).not.toBe(endpointsFingerprint(endpoints));
    expect(endpointsFingerprint({})).toBe("embed:local;llm:none");
    expect(endpointsFingerprint(endpoints)).not.toContain("sk-");
  });

  it("accepts http(s) base URLs and refuses the rest with the field named", () => {
    expect(normalizeBaseUrl(" http://localhost:1234/v1/ ")).toBe("http://localhost:1234/v1");
    expect(() => normalizeBaseUrl("ftp://x")).toThrow(EndpointConfigError);
    expect(() => normalizeBaseUrl("not a url", "embed-url")).toThrow(/embed-url/);
    expect(() => normalizeBaseUrl("https://user:pw@api.example.com/v1")).toThrow(/key field/);
    expect(() => normalizeBaseUrl("")).toThrow(EndpointConfigError);
  });
});
