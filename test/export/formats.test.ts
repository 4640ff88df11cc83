/**
 * Config export and import (issue 6 item 4): round trips, tuned values in every file, typed errors,
 * and no secret ever written. Independent parsers (Python's ast/yaml/tomllib, tsc) read what we
 * write in ./formatsParse.test.ts.
 */
import { describe, expect, it } from "vitest";
import { ConfigError } from "../../src/core/config";
import {
  CONFIG_FORMAT_IDS,
  CONFIG_FORMATS,
  ConfigExportError,
  ConfigImportError,
  exportConfig,
  formatsFor,
  importConfig,
  isSecretKeyName,
  SecretInConfigError,
  secretPaths,
  stripSecrets,
} from "../../src/core/export/formats";
import { TUNED } from "./tuned";

/** The value at a dotted path ("routing.rules"). */
const at = (value: unknown, dotted: string): unknown =>
  dotted.split(".").reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);

const completed = (id: string) => importConfig(exportConfig("json", id, TUNED[id])).config;

describe("formatsFor", () => {
  it("lists the DESIGN §5 format names, each with label, extension and mime", () => {
    expect(CONFIG_FORMAT_IDS).toEqual([
      "json",
      "noesis-settings",
      "noesis-env",
      "noesis-routing",
      "adr018",
      "hierarchical-ts",
      "thorbis-yaml",
      "header-toml",
      "langchain",
      "llamaindex",
      "chonkie",
    ]);
    for (const f of CONFIG_FORMATS) {
      expect(f.label).not.toBe("");
      expect(f.extension).toMatch(/^[a-z]+$/);
      expect(f.mime).toMatch(/^[a-z]+\/[a-z.+-]+$/);
    }
  });

  it("gives each chunker the workbench JSON and its own seed's file", () => {
    const ids = (c: string) => formatsFor(c).map((f) => f.id);
    expect(ids("token")).toEqual(["json", "adr018", "langchain", "llamaindex", "chonkie"]);
    expect(ids("hierarchical")).toEqual(["json", "hierarchical-ts", "langchain", "llamaindex"]);
    expect(ids("header")).toEqual(["json", "header-toml", "langchain"]);
    expect(ids("entity")).toEqual(["json", "thorbis-yaml"]);
    expect(ids("hybrid")).toEqual(["json", "noesis-settings", "noesis-env", "noesis-routing"]);
    expect(ids("late-jaccard")).toEqual(["json", "noesis-settings", "noesis-env"]);
    expect(ids("simple")).toEqual(["json"]);
    expect(ids("no-such-chunker")).toEqual(["json"]);
  });
});

describe("round trip", () => {
  for (const [chunker, config] of Object.entries(TUNED)) {
    for (const format of formatsFor(chunker).filter((f) => f.imports !== "none")) {
      it(`${format.id} / ${chunker}: export then import gives the same config`, () => {
        const text = exportConfig(format.id, chunker, config);
        const back = importConfig(text);
        expect(back.chunker).toBe(chunker);
        const full = completed(chunker);
        if (format.imports === "full") expect(back.config).toEqual(full);
        else for (const key of format.importedKeys!) expect(at(back.config, key), key).toEqual(at(full, key));
      });
    }
  }

  it("writes a hybrid config without routing rules as the file that routes all to its mode", () => {
    const config = { ...TUNED.hybrid, routing: { rules: null, context: {} } };
    const text = exportConfig("noesis-routing", "hybrid", config);
    expect(text).toMatch(/^default_chunker_mode: agentic$/m);
    // The other keys come back from the file's comment; the routing and mode from the file itself.
    expect(importConfig(text).config).toMatchObject({
      mode: "agentic",
      routing: { rules: null, context: {} },
    });
    // A file pasted without the workbench's comments is the plain mode.
    const bare = text
      .split("\n")
      .filter((l) => !l.startsWith("#"))
      .join("\n");
    expect(importConfig(bare).config).toEqual({ mode: "agentic", routing: { rules: null, context: {} } });
  });

  it("fills a registered chunker's defaults and validates the config", () => {
    expect(completed("token")).toEqual({ chunk_size: 300, overlap: 30, encoding: "cl100k_base" });
    expect(() => exportConfig("json", "token", { chunk_size: 50, overlap: 50 })).toThrow(ConfigError);
  });

  it("reads a pasted Thorbis file with keys the workbench does not model, and a full config.toml", () => {
    const thorbis = importConfig(
      "chunk_configuration:\n  target_size: 700\n  as_of_timestamps: true\n  maintain_context: true\n",
    );
    expect(thorbis).toEqual({ chunker: "entity", config: { target_size: 700 }, format: "thorbis-yaml" });
    const toml = importConfig(
      '[server]\nport = 8080\n\n[chunking]\nstrategy = "header_based"\noverlap_chars = 10\n',
    );
    expect(toml.config).toEqual({ strategy: "header_based", overlap_chars: 10 });
    expect(importConfig('[chunking]\nstrategy = "none"\n').config).toEqual({ strategy: "none" });
  });

  it("takes bare config keys as JSON, YAML or TOML when told the chunker", () => {
    for (const text of ['{"chunk_size": 256}', "chunk_size: 256\n", "chunk_size = 256\n"])
      expect(importConfig(text, { chunker: "token" })).toEqual({
        chunker: "token",
        config: { chunk_size: 256 },
        format: "keys",
      });
  });
});

describe("tuned values in every export", () => {
  const expected: Record<string, Record<string, string[]>> = {
    "noesis-settings": {
      "late-embedding": [
        "RAG_CHUNK_TARGET_TOKENS = 420",
        "RAG_CHUNKING_WINDOW_SIZE = 5",
        "RAG_USE_EMBEDDING_SIMILARITY = True",
      ],
      hybrid: [
        'RAG_CHUNKER_MODE = "agentic"',
        "RAG_CHUNK_TARGET_TOKENS = 500",
        "RAG_ENABLE_QUALITY_METRICS = False",
      ],
    },
    "noesis-env": {
      "late-jaccard": ["RAG_LATE_CHUNK_MAX_TOKENS=9000", "RAG_USE_EMBEDDING_SIMILARITY=false"],
    },
    adr018: { token: ['"chunk_size": 300', '"overlap": 30'] },
    "hierarchical-ts": { hierarchical: ["parent_chunk_size: 1600", "child_chunk_overlap: 55", '"gpt-4"'] },
    langchain: {
      token: ["chunk_size=300", "chunk_overlap=30"],
      header: ["chunk_size=1500", "chunk_overlap=60"],
      "late-embedding": ["buffer_size=2"],
    },
    llamaindex: { hierarchical: ["chunk_size=1600", "chunk_size=410", "chunk_overlap=55"] },
    chonkie: { "late-embedding": ["threshold=0.7", "chunk_size=420", "similarity_window=5"] },
  };
  for (const [format, byChunker] of Object.entries(expected))
    for (const [chunker, needles] of Object.entries(byChunker))
      it(`${format} / ${chunker}`, () => {
        const text = exportConfig(format, chunker, TUNED[chunker]);
        for (const needle of needles) expect(text).toContain(needle);
      });

  it("writes the keys a seed has no setting for under the workbench's own names, each with where it belongs", () => {
    const text = exportConfig("noesis-settings", "agentic", TUNED.agentic);
    expect(text).toMatch(/^RAG_CHUNKER_MODE = "agentic"$/m);
    expect(text).toMatch(/^# token_budget: an AgenticChunker\(\.\.\.\) keyword argument/m);
    expect(text).toMatch(/^WORKBENCH_TOKEN_BUDGET = 50000$/m);
    // No seed name is invented: every setting line is RAG_ (the seed's) or WORKBENCH_ (ours).
    for (const line of text.split("\n").filter((l) => l && !l.startsWith("#")))
      expect(line).toMatch(/^(RAG|WORKBENCH)_[A-Z0-9_]+ = /);
  });

  it("reads a hybrid rag_routing_rules.yaml back whole: the rules, the context and the other keys from its comments", () => {
    const tuned = completed("hybrid");
    const back = importConfig(exportConfig("noesis-routing", "hybrid", tuned));
    expect(back).toEqual({ chunker: "hybrid", config: tuned, format: "noesis-routing" });
  });

  it("reads every NOESIS settings.py and .env export back to the config it was written from", () => {
    for (const chunker of ["late-jaccard", "late-embedding", "agentic", "hybrid"])
      for (const format of ["noesis-settings", "noesis-env"]) {
        const tuned = completed(chunker);
        const back = importConfig(exportConfig(format, chunker, tuned));
        expect(back.chunker, `${format} ${chunker}`).toBe(chunker);
        expect(back.format).toBe("noesis-settings");
        // hybrid's routing is its own file (noesis-routing): everything else comes back.
        const { routing: _routing, ...rest } = tuned;
        expect(back.config, `${format} ${chunker}`).toEqual(chunker === "hybrid" ? rest : tuned);
      }
  });

  it("marks sentence_splitter as a workbench extension (wb) in NOESIS files and library code", () => {
    for (const format of ["noesis-settings", "noesis-env"]) {
      const text = exportConfig(format, "late-jaccard", TUNED["late-jaccard"]);
      expect(text).toMatch(/^# sentence_splitter: wb, a workbench extension: /m);
      expect(text).toMatch(/^WORKBENCH_SENTENCE_SPLITTER ?= ?"?workbench"?$/m);
    }
    for (const format of ["langchain", "llamaindex", "chonkie"]) {
      expect(exportConfig(format, "late-embedding", TUNED["late-embedding"])).toMatch(
        /Sentences \(wb\): sentence_splitter "workbench" is a workbench extension/,
      );
      const seed = { ...TUNED["late-embedding"], sentence_splitter: "seed" };
      expect(exportConfig(format, "late-embedding", seed)).not.toMatch(/sentence_splitter/);
    }
    const back = importConfig(exportConfig("json", "late-embedding", TUNED["late-embedding"]));
    expect(back.config.sentence_splitter).toBe("workbench");
  });

  it("names the workbench's own keys in a seed file", () => {
    expect(exportConfig("thorbis-yaml", "entity", TUNED.entity)).toMatch(
      /^# workbench: the workbench's own settings \(dictionary\), not part of the Thorbis policy/m,
    );
    expect(exportConfig("header-toml", "header", TUNED.header)).not.toMatch(/workbench's own/);
  });

  it("says in the generated code where a library does not map", () => {
    expect(exportConfig("langchain", "late-embedding", TUNED["late-embedding"])).toMatch(
      /# .*threshold_mode absolute .*no SemanticChunker equivalent/,
    );
    expect(exportConfig("chonkie", "recursive", TUNED.recursive)).toMatch(/# .*RecursiveChunker has none/);
  });
});

describe("errors", () => {
  it("refuses unknown and inapplicable formats", () => {
    expect(() => exportConfig("yaml", "token", {})).toThrow(ConfigExportError);
    const err = (() => {
      try {
        exportConfig("thorbis-yaml", "token", {});
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(ConfigExportError);
    expect((err as ConfigExportError).problem).toBe("not-applicable");
  });

  const problem = (text: string, chunker?: string) => {
    try {
      importConfig(text, { chunker });
    } catch (e) {
      if (e instanceof ConfigImportError) return e.problem;
      throw e;
    }
    return "none";
  };

  it("names what is wrong with an import", () => {
    expect(problem("   ")).toBe("empty");
    expect(problem("{nope")).toBe("syntax");
    expect(problem("a: [1, 2\nb = = 3")).toBe("syntax");
    expect(problem('{"version": 2, "chunker": "token", "config": {}}')).toBe("version");
    expect(problem('{"version": 1, "chunker": "token", "config": [1]}')).toBe("shape");
    expect(problem("[1, 2]")).toBe("shape");
    expect(problem('[chunking]\nstrategy = "semantic"\n')).toBe("shape");
    expect(problem('{"chunk_size": 10}')).toBe("chunker-missing");
    expect(problem('{"version": 1, "chunker": "token", "config": {}}', "header")).toBe("chunker-mismatch");
    expect(problem('{"version": 1, "chunker": "token", "config": {}}', "token")).toBe("none");
  });
});

describe("secrets", () => {
  it("tells credential names from token counts", () => {
    for (const name of [
      "api_key",
      "key",
      "secret",
      "token",
      "access_token",
      "clientSecret",
      "OPENAI_API_KEY",
      "password",
      "Authorization",
      "embed-key",
      "hf_token",
    ])
      expect(isSecretKeyName(name), name).toBe(true);
    for (const name of [
      "token_budget",
      "max_tokens",
      "overlap_tokens",
      "max_chunk_tokens",
      "target_tokens",
      "tiktoken_model",
      "encoding",
      "keep_separator",
      "tokenizer",
      "monkey",
    ])
      expect(isSecretKeyName(name), name).toBe(false);
  });

  it("refuses to export or import a config holding one, without echoing it", () => {
    const leaky = {
      ...TUNED.hybrid,
      routing: { rules: [{ tenant: "t", chunker_mode: "late", api_key: "hunter2-value" }] },
    };
    expect(secretPaths(leaky)).toEqual(["routing.rules[0].api_key"]);
    for (const format of formatsFor("hybrid")) {
      let thrown: unknown;
      try {
        exportConfig(format.id, "hybrid", leaky);
      } catch (e) {
        thrown = e;
      }
      expect(thrown, format.id).toBeInstanceOf(SecretInConfigError);
      expect((thrown as Error).message).not.toContain("hunter2-value");
    }
    expect(() =>
      exportConfig("json", "late-jaccard", { ...TUNED["late-jaccard"], note: "sk-abcdefghijklmnopqrstuv" }),
    ).toThrow(SecretInConfigError);
    expect(() => importConfig('{"version":1,"chunker":"agentic","config":{"llm_api_key":"x"}}')).toThrow(
      SecretInConfigError,
    );
    expect(stripSecrets(leaky).routing).toEqual({ rules: [{ tenant: "t", chunker_mode: "late" }] });
  });

  it("writes no secret-looking key into any export of any chunker", () => {
    for (const [chunker, config] of Object.entries(TUNED))
      for (const format of formatsFor(chunker)) {
        const text = exportConfig(format.id, chunker, config);
        expect(text, `${format.id}/${chunker}`).not.toMatch(/api_?key|secret|password|sk-[A-Za-z0-9]{8}/i);
      }
  });
});
