import { describe, expect, it } from "vitest";
import {
  assertKeyTransport,
  EndpointConfigError,
  endpointsFingerprint,
  isLoopbackHost,
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

describe("assertKeyTransport (issue 29: no key over plain http to another machine)", () => {
  it("allows https anywhere and http on this machine only", () => {
    for (const url of [
      "https://api.example/v1",
      "http://localhost:11434/v1",
      "http://127.0.0.1:8080",
      "http://[::1]:9000",
      "http://ollama.localhost",
    ])
      expect(() => assertKeyTransport(url, "URL")).not.toThrow();
    for (const url of ["http://api.example/v1", "http://192.168.1.2:11434", "http://127.example"])
      expect(() => assertKeyTransport(url, "URL")).toThrow(/never sent over plain http/);
    expect(isLoopbackHost("LOCALHOST")).toBe(true);
  });
});
