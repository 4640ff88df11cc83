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

  it("is empty without flags: the local embedder and no LLM", () => {
    expect(endpointsFromFlags({}, {})).toEqual({});
  });

  it.each([
    [{ "embed-url": "http://x/v1" }, /both --embed-url and --embed-model/],
    [{ "llm-model": "m" }, /both --llm-url and --llm-model/],
    [{ "embed-url": "ftp://x", "embed-model": "m" }, /--embed-url/],
    [{ "embed-url": "http://x/v1", "embed-model": "m", "key-env": "UNSET" }, /UNSET.*not set/],
    [{ "key-env": "MY_KEY" }, /no --embed-url or --llm-url/],
  ])("refuses %j", (flags, message) => {
    expect(() => endpointsFromFlags(flags, { MY_KEY: "k" })).toThrow(EndpointConfigError);
    expect(() => endpointsFromFlags(flags, { MY_KEY: "k" })).toThrow(message);
  });
});
