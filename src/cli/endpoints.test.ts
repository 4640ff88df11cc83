import { describe, expect, it } from "vitest";
import { EndpointConfigError } from "../core/providers/session";
import { endpointsFromFlags } from "./endpoints";

describe("endpointsFromFlags", () => {
  it("builds both endpoints with the key from the named variable", () => {
    const endpoints = endpointsFromFlags(
      {
        "embed-url": "http://127.0.0.1:4411/v1/",
        "embed-model": "e",
        "llm-url": "http://127.0.0.1:4411",
        "llm-model": "c",
        "key-env": "MY_KEY",
      },
      { MY_KEY: "sk-test" },
    );
    expect(endpoints).toEqual({
      embedding: { baseUrl: "http://127.0.0.1:4411/v1", model: "e", apiKey: "sk-test" },
      llm: { baseUrl: "http://127.0.0.1:4411", model: "c", apiKey: "sk-test" },
    });
  });

  it("gives each endpoint its own key with --embed-key-env and --llm-key-env", () => {
    const endpoints = endpointsFromFlags(
      {
        "embed-url": "https://embed.example/v1",
        "embed-model": "e",
        "llm-url": "https://llm.example/v1",
        "llm-model": "c",
        "embed-key-env": "EMBED_KEY",
        "llm-key-env": "LLM_KEY",
      },
      { EMBED_KEY: "sk-embed", LLM_KEY: "sk-llm" },
    );
    expect(endpoints.embedding?.apiKey).toBe("sk-embed");
    expect(endpoints.llm?.apiKey).toBe("sk-llm");
  });

  it("is empty without flags: the local embedder and no LLM", () => {
    expect(endpointsFromFlags({}, {})).toEqual({});
  });

  it.each([
    [{ "embed-url": "http://x/v1" }, /both --embed-url and --embed-model/],
    [{ "llm-model": "m" }, /both --llm-url and --llm-model/],
    [{ "embed-url": "ftp://x", "embed-model": "m" }, /--embed-url/],
    [{ "embed-url": "http://x/v1", "embed-model": "m", "key-env": "UNSET" }, /UNSET.*not set/],
    [{ "key-env": "MY_KEY" }, /no --embed-url or --llm-url/],
    [{ "embed-key-env": "MY_KEY" }, /no --embed-url uses it/],
    // Issue 29: one key never goes to two hosts, nor over plain http to another machine.
    [
      {
        "embed-url": "https://a.example/v1",
        "embed-model": "e",
        "llm-url": "https://b.example/v1",
        "llm-model": "c",
        "key-env": "MY_KEY",
      },
      /one key to two hosts \(https:\/\/a\.example and https:\/\/b\.example\)/,
    ],
    [
      { "embed-url": "http://10.0.0.5:8080/v1", "embed-model": "m", "embed-key-env": "MY_KEY" },
      /never sent over plain http to another machine \(10\.0\.0\.5:8080\)/,
    ],
    [{ "llm-url": "http://llm.example", "llm-model": "m", "key-env": "MY_KEY" }, /plain http/],
    [
      { "embed-url": "https://a/v1", "embed-model": "m", "key-env": "MY_KEY", "embed-key-env": "MY_KEY" },
      /not both/,
    ],
  ])("refuses %j", (flags, message) => {
    expect(() => endpointsFromFlags(flags, { MY_KEY: "k" })).toThrow(EndpointConfigError);
    expect(() => endpointsFromFlags(flags, { MY_KEY: "k" })).toThrow(message);
  });
});
