import { describe, expect, it } from "vitest";
import { resolveEndpointUrl } from "../../src/core/providers/endpoint";

const url = (base: string, path: "embeddings" | "chat/completions" = "embeddings") => {
  const r = resolveEndpointUrl(base, path);
  return "error" in r ? `error:${r.code}` : r.url;
};

describe("resolveEndpointUrl", () => {
  it("adds the API path to a /v1 base, and /v1 to a server root", () => {
    expect(url("https://api.openai.com/v1")).toBe("https://api.openai.com/v1/embeddings");
    expect(url("http://localhost:11434/v1/")).toBe("http://localhost:11434/v1/embeddings");
    expect(url("http://localhost:8080")).toBe("http://localhost:8080/v1/embeddings");
    expect(url("http://host/openai/v1", "chat/completions")).toBe("http://host/openai/v1/chat/completions");
    expect(url(" http://127.0.0.1:1234/api/v2 ")).toBe("http://127.0.0.1:1234/api/v2/embeddings");
  });

  it("uses a full endpoint URL as it is", () => {
    expect(url("http://localhost:8080/v1/embeddings")).toBe("http://localhost:8080/v1/embeddings");
    expect(url("http://h/x/chat/completions", "chat/completions")).toBe("http://h/x/chat/completions");
  });

  it("refuses what is not an http(s) URL, or carries credentials, a query or a fragment", () => {
    for (const bad of [
      "",
      "localhost:11434",
      "file:///etc",
      "http://k:secret@h/v1",
      "http://h/v1?key=s",
      "http://h/#x",
    ]) {
      expect(url(bad), bad).toBe("error:invalid-config");
    }
  });
});
