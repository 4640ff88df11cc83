/**
 * agentic against the seed's AgenticChunker contract, talking to a real OpenAI-compatible server:
 * numbered sentences out, validated boundaries back, chunks carrying the reason of the boundary that
 * closed them; retries, timeout, 429/5xx, invalid JSON, the daily budget and a missing endpoint all
 * end in the seed's fallback to late-jaccard with the reason; an abort is never a fallback.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { RunContext } from "../../src/core/chunk";
import { agenticChunker, SEGMENT_TOKENS } from "../../src/core/chunkers/agentic/run";
import { AGENTIC_DEFAULTS, type AgenticConfig } from "../../src/core/chunkers/agentic/meta";
import { LATE_EMBEDDING_DEFAULTS } from "../../src/core/chunkers/late-embedding/meta";
import { runLateEmbedding } from "../../src/core/chunkers/late-embedding/run";
import { LATE_JACCARD_DEFAULTS } from "../../src/core/chunkers/late-jaccard/meta";
import { runLateJaccard } from "../../src/core/chunkers/late-jaccard/run";
import { resolveConfig, validConfig } from "../../src/core/config";
import { textDocModel, type DocModel } from "../../src/core/document";
import { createRunContext, materialize } from "../../src/core/engine";
import { createOpenAILlm } from "../../src/core/providers/openaiLlm";
import { RateLimiter, type Clock } from "../../src/core/providers/rateLimit";
import { contentId } from "../../src/core/text/contentId";
import { noesisSentences } from "../../src/core/text/noesisSentences";
import { loadTokenizer } from "../../src/core/text/tokenizer";
import { startOpenAIServer, type OpenAIServer } from "../support/openaiServer";

const SENTENCES = [
  "The river carries water past the old mill.",
  "Fish swim upstream in spring.",
  "Herons wait on the stones below the weir.",
  "A bank lends money at an interest rate.",
  "The rate depends on the credit of the borrower.",
  "Late payments add fees to the loan.",
  "Contracts bind both parties to arbitration.",
  "The arbitrator is chosen by lot.",
  "An award is final and cannot be appealed.",
];
const TEXT = `${SENTENCES.slice(0, 3).join(" ")}\n\n${SENTENCES.slice(3, 6).join(" ")}\n\n${SENTENCES.slice(6).join(" ")}`;
const doc = textDocModel("doc-a", "topics.txt", TEXT);
const THREE_TOPICS = {
  boundaries: [
    { after_sentence: 3, reason: "from the river to banking" },
    { after_sentence: 6, reason: "from loans to arbitration" },
  ],
};
/** Fast settings: short timeout, no rate-limit waits. */
const FAST: Partial<AgenticConfig> = { timeout: 0.2, rate_limit: 1000 };

let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());
afterEach(() => server.reset());

const CHAT = "/v1/chat/completions";

function context(extra: Partial<RunContext> = {}, signal?: AbortSignal): RunContext {
  return {
    ...createRunContext(signal),
    llm: createOpenAILlm({ baseUrl: `${server.url}/v1`, model: "fake-chat" }),
    ...extra,
  };
}

async function run(cfg: Partial<AgenticConfig> = {}, ctx: RunContext = context(), d: DocModel = doc) {
  const config = validConfig(agenticChunker, { ...FAST, ...cfg });
  const out = await agenticChunker.chunk(d, config, ctx);
  const chunks = materialize(d, out.drafts, await loadTokenizer("cl100k_base"));
  return { out, chunks };
}

/** What late-jaccard alone produces with the agentic sizes: the fallback must be exactly this. */
async function lateDrafts(d: DocModel = doc) {
  const late = await runLateJaccard(
    d,
    {
      ...LATE_JACCARD_DEFAULTS,
      target_tokens: AGENTIC_DEFAULTS.max_chunk_tokens,
      overlap_tokens: AGENTIC_DEFAULTS.overlap_tokens,
    },
    createRunContext(),
  );
  return late.drafts;
}

async function expectFallback(out: Awaited<ReturnType<typeof run>>["out"], reason: RegExp, d = doc) {
  expect(out.stats?.["chunker.ran"]).toBe("late-jaccard");
  expect(out.stats?.["fallback.reason"]).toMatch(reason);
  expect(out.warnings?.[0]).toMatch(/^fell back from agentic to late-jaccard: /);
  expect(out.warnings?.[0]).toContain(String(out.stats?.["fallback.reason"]));
  expect(out.drafts).toEqual(await lateDrafts(d));
}

describe("agentic chunker: the LLM's boundaries", () => {
  it("sends numbered sentences and builds chunks at the returned boundaries, each with its closing reason", async () => {
    server.scriptChat({ json: THREE_TOPICS, usage: { prompt_tokens: 120, completion_tokens: 30 } });
    const { out, chunks } = await run();
    expect(server.count(CHAT)).toBe(1);

    const body = server.requests[0]!.body as { messages: { role: string; content: string }[] };
    const user = body.messages.find((m) => m.role === "user")!.content;
    SENTENCES.forEach((s, i) => expect(user).toContain(`[${i + 1}] ${s}`));

    expect(chunks.map((c) => c.text)).toEqual([
      SENTENCES.slice(0, 3).join(" "),
      SENTENCES.slice(3, 6).join(" "),
      SENTENCES.slice(6).join(" "),
    ]);
    // True offsets: every chunk is its own range of the document.
    for (const c of chunks) expect(TEXT.slice(c.start, c.end)).toBe(c.text);
    expect(chunks.map((c) => c.meta.reason)).toEqual([
      "from the river to banking",
      "from loans to arbitration",
      null,
    ]);
    expect(chunks.map((c) => c.meta.boundary)).toEqual(["llm", "llm", "document-end"]);
    expect(chunks[0]!.id).toBe(await contentId(doc.id, SENTENCES.slice(0, 3).join(" ")));

    // The reason is marked on the chunk's last sentence, where the boundary is.
    const spans = noesisSentences(TEXT);
    expect(chunks[0]!.marks).toEqual([
      {
        start: spans[2]!.start,
        end: spans[2]!.end,
        kind: "boundary",
        label: "from the river to banking",
        boxes: [],
      },
    ]);
    expect(chunks[2]!.marks).toBeUndefined();

    expect(out.warnings).toEqual([]);
    expect(out.stats).toMatchObject({
      "chunker.ran": "agentic",
      "agentic.tokens_used": 150,
      "agentic.requests": 1,
      "agentic.retries": 0,
      "agentic.model": "fake-chat",
      "boundaries.llm": 2,
      "sentence.count": 9,
    });
    expect(out.stats?.["fallback.reason"]).toBeUndefined();
  });

  it("cuts a model's chunk over max_chunk_tokens at sentence ends and flags it size-split", async () => {
    server.scriptChat({ json: { boundaries: [{ after_sentence: 6, reason: "arbitration starts" }] } });
    const { chunks, out } = await run({ max_chunk_tokens: 30, overlap_tokens: 5 });
    const tokens = await loadTokenizer("cl100k_base");
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.some((c) => c.flags.includes("size-split"))).toBe(true);
    for (const c of chunks) expect(tokens.count(c.text)).toBeLessThanOrEqual(30);
    // The LLM's boundary still closes the chunk ending with sentence 6.
    const closedByModel = chunks.filter((c) => c.meta.boundary === "llm");
    expect(closedByModel.map((c) => c.meta.reason)).toEqual(["arbitration starts"]);
    expect(closedByModel[0]!.text.endsWith(SENTENCES[5]!)).toBe(true);
    const cut = chunks.filter((c) => c.meta.boundary === "size-limit");
    expect(cut.length).toBe(out.stats?.["boundaries.size_limit"]);
    for (const c of cut) expect(String(c.meta.reason)).toMatch(/max_chunk_tokens 30/);
    // Sentences are covered once, in order, without overlap.
    expect(chunks.map((c) => c.text).join(" ")).toBe(SENTENCES.join(" "));
  });

  it("sends a long document in segments, whose ends become boundaries of their own", async () => {
    const long = Array.from({ length: 600 }, (_, i) => `Sentence number ${i} talks about item ${i}.`).join(
      " ",
    );
    const d = textDocModel("doc-long", "long.txt", long);
    server.scriptChat(
      { json: { boundaries: [] } },
      { json: { boundaries: [] } },
      { json: { boundaries: [] } },
    );
    const { out, chunks } = await run({ max_chunk_tokens: 32_768, overlap_tokens: 80 }, context(), d);
    const requests = server.count(CHAT);
    expect(requests).toBeGreaterThan(1);
    expect(out.stats?.["agentic.requests"]).toBe(requests);
    // No boundary from the model: the chunks are exactly the segments.
    expect(chunks).toHaveLength(requests);
    expect(chunks.slice(0, -1).every((c) => c.flags.includes("segment-end"))).toBe(true);
    expect(String(chunks[0]!.meta.reason)).toContain(String(SEGMENT_TOKENS));
    const firstUser = (server.requests[0]!.body as { messages: { content: string }[] }).messages[1]!.content;
    const secondUser = (server.requests[1]!.body as { messages: { content: string }[] }).messages[1]!.content;
    const lastOfFirst = Number(/Sentences 1–(\d+)\./.exec(firstUser)![1]);
    expect(secondUser).toMatch(new RegExp(`^Sentences ${lastOfFirst + 1}–`));
  });

  it("retries a malformed reply and succeeds, counting both replies' tokens", async () => {
    server.scriptChat(
      { content: "not json" },
      { json: THREE_TOPICS, usage: { prompt_tokens: 120, completion_tokens: 30 } },
    );
    const { out, chunks } = await run();
    expect(server.count(CHAT)).toBe(2);
    expect(out.stats?.["chunker.ran"]).toBe("agentic");
    expect(chunks).toHaveLength(3);
    // The server bills the malformed reply 15 tokens.
    expect(out.stats).toMatchObject({ "agentic.tokens_used": 15 + 150, "agentic.retries": 1 });
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings![0]).toMatch(/succeeded on attempt 2 after: .*invalid JSON/);
  });

  it("retries boundaries that break the rules (out of order) like invalid JSON", async () => {
    server.scriptChat(
      {
        json: {
          boundaries: [
            { after_sentence: 6, reason: "b" },
            { after_sentence: 3, reason: "a" },
          ],
        },
      },
      { json: THREE_TOPICS },
    );
    const { out } = await run();
    expect(out.stats?.["chunker.ran"]).toBe("agentic");
    expect(out.warnings![0]).toMatch(/invalid boundaries .*not in order/);
  });

  it("waits on the session's rate limiter before every call", async () => {
    let now = 0;
    const waits: number[] = [];
    const clock: Clock = {
      now: () => now,
      sleep: (ms) => {
        waits.push(ms);
        now += ms;
        return Promise.resolve();
      },
    };
    const asked: number[] = [];
    const limiter = (perMinute: number) => {
      asked.push(perMinute);
      return new RateLimiter(perMinute, 60_000, clock);
    };
    server.scriptChat({ content: "not json" }, { content: "still not json" }, { json: THREE_TOPICS });
    const { out } = await run({ rate_limit: 2, on_rate_limit: "wait" }, context({ rateLimiter: limiter }));
    expect(asked).toEqual([2]);
    expect(server.count(CHAT)).toBe(3);
    // Two calls pass at t=0; the third waits for the first to leave the one-minute window.
    expect(waits).toEqual([60_000]);
    expect(out.stats?.["chunker.ran"]).toBe("agentic");
  });
});

describe("agentic chunker: falling back to late-jaccard", () => {
  it("falls back at once without an LLM endpoint", async () => {
    const { out } = await run({}, createRunContext());
    await expectFallback(out, /^no LLM endpoint configured$/);
    expect(server.count(CHAT)).toBe(0);
    expect(out.stats?.["agentic.tokens_used"]).toBe(0);
  });

  it("falls back after max_retries malformed replies, with the reason", async () => {
    server.scriptChat({ content: "not json" }, { content: "not json" }, { content: "not json" });
    const { out } = await run();
    expect(server.count(CHAT)).toBe(3);
    await expectFallback(out, /sentences 1–9 failed after 3 attempts: .*invalid JSON: "not json"/);
    expect(out.stats).toMatchObject({ "agentic.tokens_used": 45, "agentic.retries": 2 });
  });

  it("honours max_retries 0: one attempt, then the fallback", async () => {
    server.scriptChat({ content: "not json" }, { json: THREE_TOPICS });
    const { out } = await run({ max_retries: 0 });
    expect(server.count(CHAT)).toBe(1);
    await expectFallback(out, /failed after 1 attempt: /);
  });

  it("falls back when every call times out", async () => {
    server.scriptChat({ delayMs: 1000 }, { delayMs: 1000 }, { delayMs: 1000 });
    const { out } = await run({ timeout: 0.2 });
    expect(server.count(CHAT)).toBe(3);
    await expectFallback(out, /failed after 3 attempts: .*did not answer within 200 ms/);
    // A timed-out call may have been billed: the budget counts its estimate.
    expect(out.stats?.["agentic.tokens_used"]).toBe(3 * Number(out.stats?.["agentic.tokens_estimated"]));
  });

  it("falls back on repeated 429s, waiting Retry-After (bounded by the timeout) between attempts", async () => {
    server.scriptChat(
      { status: 429, retryAfter: "5" },
      { status: 429, retryAfter: "5" },
      { status: 429, retryAfter: "5" },
    );
    const t0 = performance.now();
    const { out } = await run({ timeout: 0.2 });
    const elapsed = performance.now() - t0;
    expect(server.count(CHAT)).toBe(3);
    await expectFallback(out, /HTTP 429/);
    // Two waits of min(5 s, 0.2 s).
    expect(elapsed).toBeGreaterThanOrEqual(380);
    expect(elapsed).toBeLessThan(5000);
    expect(out.stats?.["agentic.tokens_used"]).toBe(0);
  });

  it("falls back on repeated 500s", async () => {
    server.scriptChat({ status: 500 }, { status: 500 }, { status: 500 });
    const { out } = await run();
    expect(server.count(CHAT)).toBe(3);
    await expectFallback(out, /failed after 3 attempts: .*HTTP 500/);
  });

  it("does not retry a 401: a wrong key does not heal", async () => {
    server.scriptChat({ status: 401, message: "bad key" });
    const { out } = await run();
    expect(server.count(CHAT)).toBe(1);
    await expectFallback(out, /failed after 1 attempt: .*HTTP 401/);
  });

  it("falls back without any request when today's budget cannot pay for the run", async () => {
    const { out } = await run({ token_budget: 100_000 }, context({ llmTokensUsedToday: 99_990 }));
    expect(server.count(CHAT)).toBe(0);
    await expectFallback(
      out,
      /^token budget exhausted: this run needs about \d+ more tokens, 10 of 100000 are left today$/,
    );
    expect(out.stats?.["agentic.tokens_used"]).toBe(0);
  });

  it("stops retrying when the tokens a failed reply cost leave too little for another attempt", async () => {
    // Learn the run's estimate from a successful run, then give a budget for one attempt only.
    server.scriptChat({ json: THREE_TOPICS });
    const { out: ok } = await run();
    const estimate = Number(ok.stats?.["agentic.tokens_estimated"]);
    server.reset();
    server.scriptChat({ content: "not json" }, { json: THREE_TOPICS });
    const { out } = await run({ token_budget: estimate + 10 });
    expect(server.count(CHAT)).toBe(1);
    await expectFallback(
      out,
      new RegExp(
        `^token budget exhausted: this run needs about ${estimate} more tokens, ${estimate - 5} of ${estimate + 10} are left today$`,
      ),
    );
    expect(out.stats?.["agentic.tokens_used"]).toBe(15);
  });
});

describe("agentic chunker: sentence_splitter", () => {
  /** "e.g." and "Fig. 2" cut the seed's sentences in two; the workbench splitter keeps them whole. */
  const ABBREVIATED = "Rivers flood, e.g. In spring they rise. Fig. 2 shows the levels. Banks lend money.";
  const abbreviated = textDocModel("doc-abbr", "abbr.txt", ABBREVIATED);

  it("numbers the workbench splitter's sentences for the LLM", async () => {
    server.scriptChat({ json: { boundaries: [{ after_sentence: 2, reason: "rivers to banks" }] } });
    const { out, chunks } = await run({ sentence_splitter: "workbench" }, context(), abbreviated);
    const user = (
      server.requests[0]!.body as { messages: { role: string; content: string }[] }
    ).messages.find((m) => m.role === "user")!.content;
    expect(user).toContain("[1] Rivers flood, e.g. In spring they rise.");
    expect(user).toContain("[2] Fig. 2 shows the levels.");
    expect(chunks.map((c) => c.text)).toEqual([
      "Rivers flood, e.g. In spring they rise. Fig. 2 shows the levels.",
      "Banks lend money.",
    ]);
    expect(out.stats).toMatchObject({ "sentence.count": 3, "sentence.splitter": "workbench" });
  });

  it("hands its splitter to the fallback", async () => {
    const { out } = await run({ sentence_splitter: "workbench" }, createRunContext(), abbreviated);
    expect(out.stats).toMatchObject({
      "chunker.ran": "late-jaccard",
      "sentence.count": 3,
      "sentence.splitter": "workbench",
    });
  });
});

describe("agentic chunker: late-embedding as the fallback", () => {
  it("runs late-embedding with the agentic sizes when chosen", async () => {
    const { out } = await run({ fallback: "late-embedding" }, createRunContext());
    const alone = await runLateEmbedding(
      doc,
      {
        ...LATE_EMBEDDING_DEFAULTS,
        target_tokens: AGENTIC_DEFAULTS.max_chunk_tokens,
        overlap_tokens: AGENTIC_DEFAULTS.overlap_tokens,
      },
      createRunContext(),
    );
    expect(out.drafts).toEqual(alone.drafts);
    expect(out.stats?.["chunker.ran"]).toBe(alone.stats?.["chunker.ran"]);
    expect(out.stats?.["fallback.reason"]).toBe("no LLM endpoint configured");
    expect(out.warnings?.[0]).toBe("fell back from agentic to late-embedding: no LLM endpoint configured");
  });
});

describe("agentic chunker: abort and config", () => {
  it("rejects with the abort reason when aborted mid-call: no fallback", async () => {
    server.scriptChat({ delayMs: 5000 });
    const controller = new AbortController();
    const reason = new Error("superseded by a newer run");
    const pending = run({ timeout: 10 }, context({}, controller.signal));
    while (server.count(CHAT) === 0) await new Promise((r) => setTimeout(r, 5));
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('falls back at the rate limit by default, as the seed\'s "automatic fallback … on any failure"', async () => {
    let now = 0;
    const clock: Clock = { now: () => now, sleep: () => Promise.reject(new Error("must not wait")) };
    const limiter = new RateLimiter(1, 60_000, clock);
    server.scriptChat({ content: "not json" }, { json: THREE_TOPICS });
    const { out } = await run({ rate_limit: 1 }, context({ rateLimiter: () => limiter }));
    // The first call went out (and failed); its retry would have to wait a minute: the run falls back.
    expect(server.count(CHAT)).toBe(1);
    await expectFallback(
      out,
      /^rate limit reached: 1 calls in the last minute, the next could start in 60 s/,
    );
    expect(out.drafts).toEqual(await lateDrafts());
    now += 60_000; // a minute later the limiter has room again
    expect(limiter.waitMs()).toBe(0);
  });

  it("rejects with the abort reason while waiting on the rate limiter", async () => {
    const controller = new AbortController();
    const reason = new Error("user cancelled");
    const limiter = new RateLimiter(1);
    await limiter.acquire();
    const pending = run(
      { rate_limit: 1, on_rate_limit: "wait" },
      context({ rateLimiter: () => limiter }, controller.signal),
    );
    setTimeout(() => controller.abort(reason), 20);
    await expect(pending).rejects.toBe(reason);
    expect(server.count(CHAT)).toBe(0);
  });

  it("has the seed's defaults and refuses overlap ≥ max_chunk_tokens", () => {
    expect(AGENTIC_DEFAULTS).toMatchObject({
      max_retries: 2,
      timeout: 30,
      rate_limit: 10,
      token_budget: 100_000,
      fallback: "late-jaccard",
      sentence_splitter: "seed",
      token_counter: "cl100k",
      on_rate_limit: "fallback",
    });
    const { problems } = resolveConfig(agenticChunker, { max_chunk_tokens: 100, overlap_tokens: 100 });
    expect(problems.map((p) => p.key)).toEqual(["overlap_tokens"]);
    expect(resolveConfig(agenticChunker, { fallback: "recursive" }).problems.map((p) => p.key)).toEqual([
      "fallback",
    ]);
  });
});
