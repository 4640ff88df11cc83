/**
 * Model-backed chunking as a user sets it up: the settings dialog, a real OpenAI-compatible server
 * (test/support/openaiServer.ts, started in this Node process), late-embedding and agentic runs,
 * their fallbacks on a failing endpoint, and the key kept out of every persisted place.
 *
 * The server listens on a fixed port so the fixture's allowed origins can name it before it starts.
 * Tests without an endpoint stay outside the describe that allows it: their page must not reach it.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startOpenAIServer, type OpenAIServer, type Reply } from "../test/support/openaiServer";
import { expect, test } from "./helpers";

const ROOT = path.resolve(import.meta.dirname, "..");
const SHOTS = path.join(ROOT, ".scratch");
const SERVER_PORT = Number(process.env.E2E_OPENAI_PORT ?? 4419);
const SERVER_ORIGIN = `http://127.0.0.1:${SERVER_PORT}`;
/** Chromium logs every HTTP error a page's fetch receives; the tests below provoke them on purpose. */
const HTTP_ERROR_LOGS = [/Failed to load resource: the server responded with a status of (429|500)/];

async function openApp(page: Page, hash = "") {
  await page.goto("/" + hash);
  await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

function agenticHash(config: Record<string, unknown>): string {
  return `#chunker=agentic&config=${encodeURIComponent(JSON.stringify(config))}`;
}

async function chooseChunker(page: Page, id: string) {
  await page.getByTestId("chunker-select").selectOption(id);
  await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

/** A run stat's value as RunSummary shows it (data-stat = the stats key). */
function stat(page: Page, key: string) {
  return page.locator(`[data-stat="${key}"] dd`);
}

interface EndpointInput {
  url: string;
  model: string;
  key?: string;
  timeout?: string;
}

async function fillEndpoint(page: Page, prefix: "embed" | "llm", input: EndpointInput) {
  await page.getByTestId(`settings-${prefix}-url`).fill(input.url);
  await page.getByTestId(`settings-${prefix}-model`).fill(input.model);
  if (input.key !== undefined) await page.getByTestId(`settings-${prefix}-key`).fill(input.key);
  if (input.timeout !== undefined) await page.getByTestId(`settings-${prefix}-timeout`).fill(input.timeout);
}

/** Opens the dialog, fills what is given, saves, and waits for the rerun the new endpoints cause. */
async function configure(
  page: Page,
  endpoints: { embed?: EndpointInput; llm?: EndpointInput },
  { waitForRun = true } = {},
) {
  await page.getByTestId("settings-button").click();
  await expect(page.getByRole("dialog")).toBeVisible();
  if (endpoints.embed) await fillEndpoint(page, "embed", endpoints.embed);
  if (endpoints.llm) await fillEndpoint(page, "llm", endpoints.llm);
  await page.getByTestId("settings-save").click();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  if (waitForRun) await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
}

async function shot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

test("with no endpoint, late-embedding runs on the local GloVe embedder (lexical one setting away), on this origin only", async ({
  page,
}) => {
  await openApp(page);
  await expect(page.getByTestId("settings-button")).toContainText("local GloVe");
  // Escape leaves the dialog without saving what was typed.
  await page.getByTestId("settings-button").click();
  await page.getByTestId("settings-embed-url").fill("http://127.0.0.1:9/v1");
  await page.getByTestId("settings-embed-model").fill("never-saved");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.getByTestId("settings-button")).toHaveText(/local GloVe$/);
  await chooseChunker(page, "late-embedding");
  await expect(stat(page, "chunker.ran")).toHaveText("late-embedding");
  await expect(stat(page, "embedding.kind")).toHaveText("static");
  await expect(stat(page, "embedding.model")).toHaveText(/GloVe 100d word vectors/);
  expect(Number(await page.getByTestId("chunk-count").textContent())).toBeGreaterThan(3);
  // Lexical TF-IDF is one setting away, and the stand-in is said where the user looks.
  await page.getByTestId("settings-button").click();
  await page.getByTestId("settings-local-embedder").selectOption("tfidf");
  await page.getByTestId("settings-save").click();
  await expect(page.getByTestId("settings-button")).toHaveText(/local lexical$/);
  await expect(stat(page, "embedding.kind")).toHaveText("lexical");
  await expect(page.getByTestId("run-warnings")).toContainText("no embedding endpoint");
  // The fixture fails this test on any request beyond the app's origin.
});

test.describe("with an OpenAI-compatible server", () => {
  test.use({ allowedOrigins: [SERVER_ORIGIN], allowedConsoleErrors: HTTP_ERROR_LOGS });

  let server: OpenAIServer;
  test.beforeAll(async () => {
    server = await startOpenAIServer({ port: SERVER_PORT });
  });
  test.afterAll(async () => {
    await server.close();
  });
  test.beforeEach(() => server.reset());

  test("settings → test connection ✓ → save → late-embedding embeds with the server", async ({ page }) => {
    await openApp(page);
    await page.getByTestId("settings-button").click();
    await fillEndpoint(page, "embed", { url: `${server.url}/v1`, model: "fake-embed", key: "sk-conn-1" });
    await expect(page.getByTestId("settings-test-llm-result")).toHaveText("not configured");
    await page.getByTestId("settings-test-embed").click();
    await expect(page.getByTestId("settings-test-embed-result")).toHaveText(/^✓ fake-embed/);
    expect(server.count("/v1/embeddings")).toBe(1);
    await shot(page, "endpoints-settings-dialog");
    // A ✓ vouches only for what was tested: an edited field clears it, the tested value brings it back.
    await page.getByTestId("settings-embed-model").fill("fake-embed-2");
    await expect(page.getByTestId("settings-test-embed-result")).toHaveText("");
    await page.getByTestId("settings-embed-model").fill("fake-embed");
    await expect(page.getByTestId("settings-test-embed-result")).toHaveText(/^✓ fake-embed/);
    // A half-filled LLM section blocks Save, not the embedding section's test; completed, it tests too.
    await page.getByTestId("settings-llm-url").fill(`${server.url}/v1`);
    await expect(page.getByTestId("settings-error")).toHaveText(/LLM model/);
    await expect(page.getByTestId("settings-save")).toBeDisabled();
    await expect(page.getByTestId("settings-test-embed")).toBeEnabled();
    await page.getByTestId("settings-llm-model").fill("fake-chat");
    await page.getByTestId("settings-test-llm").click();
    await expect(page.getByTestId("settings-test-llm-result")).toHaveText(/^✓ fake-chat/);
    expect(server.count("/v1/chat/completions")).toBe(1);
    await page.getByTestId("settings-save").click();
    await expect(page.getByTestId("settings-button")).toHaveText(/fake-embed · LLM fake-chat/);
    await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });

    const before = server.count("/v1/embeddings");
    await chooseChunker(page, "late-embedding");
    await expect(stat(page, "chunker.ran")).toHaveText("late-embedding");
    await expect(stat(page, "embedding.model")).toContainText("fake-embed");
    expect(server.count("/v1/embeddings")).toBeGreaterThan(before);
    await expect(page.getByTestId("run-warnings")).toBeEmpty();
    const embeds = server.requests.filter((r) => r.path === "/v1/embeddings");
    expect(embeds.every((r) => r.authorization === "Bearer sk-conn-1")).toBe(true);
    expect(embeds.every((r) => (r.body as { model: string }).model === "fake-embed")).toBe(true);
  });

  test("a 500 from the embedding endpoint: late-embedding falls back to late-jaccard, saying why", async ({
    page,
  }) => {
    await openApp(page);
    // Every request fails: the token run's curve and coherence ask too once the endpoint is saved.
    server.scriptEmbeddings(
      ...Array.from({ length: 100 }, (): Reply => ({ status: 500, message: "embedding model crashed" })),
    );
    await page.getByTestId("settings-button").click();
    await fillEndpoint(page, "embed", { url: server.url, model: "fake-embed" });
    await page.getByTestId("settings-test-embed").click();
    await expect(page.getByTestId("settings-test-embed-result")).toHaveText(
      /^✗ .*HTTP 500: embedding model crashed/,
    );
    await page.getByTestId("settings-save").click();
    await expect(page.getByTestId("run-status")).toHaveText("done", { timeout: 30_000 });
    await chooseChunker(page, "late-embedding");
    const warnings = page.getByTestId("run-warnings");
    await expect(warnings).toContainText(
      /fell back from late-embedding to late-jaccard: embedding with .*fake-embed.* failed: .*500.*embedding model crashed/,
    );
    await expect(stat(page, "chunker.ran")).toHaveText("late-jaccard");
    expect(Number(await page.getByTestId("chunk-count").textContent())).toBeGreaterThan(3);
    await warnings.scrollIntoViewIfNeeded();
    await shot(page, "endpoints-fallback-warning");
  });

  test("an embedding endpoint slower than its timeout: fallback with the reason, the run ends", async ({
    page,
  }) => {
    await openApp(page);
    await configure(page, { embed: { url: server.url, model: "fake-embed", timeout: "1" } });
    server.scriptEmbeddings(...Array.from({ length: 100 }, (): Reply => ({ delayMs: 12_000 })));
    const started = Date.now();
    await chooseChunker(page, "late-embedding");
    await expect(page.getByTestId("run-warnings")).toContainText(
      /fell back from late-embedding to late-jaccard: embedding with .*fake-embed.* failed: .*did not answer within 1/i,
    );
    await expect(page.getByTestId("run-status")).toHaveText("done");
    // The 1 s timeout ended the call, not the server's 12 s reply.
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  test("agentic with an LLM that always answers malformed JSON falls back", async ({ page }) => {
    await openApp(page, agenticHash({ max_retries: 1, timeout: 2, rate_limit: 1000 }));
    server.scriptChat(...Array.from({ length: 10 }, (): Reply => ({ content: '{"boundaries": [ {"after' })));
    await configure(page, { llm: { url: `${server.url}/v1`, model: "fake-chat" } });
    await expect(page.getByTestId("run-warnings")).toContainText(
      /fell back from agentic to late-jaccard: .*JSON/i,
    );
    // One attempt and max_retries 1 retry, then the whole run falls back.
    expect(server.count("/v1/chat/completions")).toBe(2);
    await expect(stat(page, "chunker.ran")).toHaveText("late-jaccard");
  });

  test("agentic with an LLM that answers 429 falls back after its retry", async ({ page }) => {
    await openApp(page, agenticHash({ max_retries: 1, timeout: 2, rate_limit: 1000 }));
    server.scriptChat(
      ...Array.from({ length: 10 }, (): Reply => ({ status: 429, message: "slow down", retryAfter: "0" })),
    );
    await configure(page, { llm: { url: `${server.url}/v1`, model: "fake-chat" } });
    await expect(page.getByTestId("run-warnings")).toContainText(
      /fell back from agentic to late-jaccard: .*429/,
    );
    expect(server.count("/v1/chat/completions")).toBe(2);
    await expect(page.getByTestId("run-status")).toHaveText("done");
  });

  test("agentic with valid replies: chunks closed by the model's boundaries carry its reasons", async ({
    page,
  }) => {
    const reason = "the introduction ends and the scope statement begins";
    await openApp(page, agenticHash({ max_retries: 0, timeout: 5, rate_limit: 1000 }));
    server.scriptChat(
      { json: { boundaries: [{ after_sentence: 2, reason }] } },
      ...Array.from({ length: 20 }, (): Reply => ({ json: { boundaries: [] } })),
    );
    await configure(page, { llm: { url: `${server.url}/v1`, model: "fake-chat" } });
    await expect(page.getByTestId("settings-button")).toHaveText(/local GloVe · LLM fake-chat/);
    await expect(stat(page, "chunker.ran")).toHaveText("agentic");
    await expect(stat(page, "boundaries.llm")).toHaveText("1");
    await expect(stat(page, "agentic.model")).toHaveText("fake-chat");
    await expect(page.getByTestId("run-warnings")).not.toContainText("fell back");
    expect(server.count("/v1/chat/completions")).toBeGreaterThan(0);

    // The first chunk ends at sentence 2, the model's boundary: its mark is the model's reason.
    const first = page.getByTestId("chunk-item").first();
    await first.click();
    await expect(first.getByTestId("mark-chip").first()).toHaveText(reason);
    await shot(page, "endpoints-agentic-reason");

    // Saving the endpoints unchanged reruns nothing: no second LLM bill for the same run.
    const calls = server.count("/v1/chat/completions");
    await page.getByTestId("settings-button").click();
    await page.getByTestId("settings-save").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await page.waitForTimeout(1_000);
    await expect(page.getByTestId("run-status")).toHaveText("done");
    expect(server.count("/v1/chat/completions")).toBe(calls);
  });

  test("LLM tokens of a superseded agentic run still count against the day's budget", async ({ page }) => {
    await openApp(page, agenticHash({ max_retries: 0, timeout: 20, rate_limit: 1000 }));
    // The first run's first request is answered (15 tokens by the server's default usage), its
    // second hangs until the run is superseded; the next run's requests are answered at once.
    server.scriptChat(
      { json: { boundaries: [] } },
      { delayMs: 15_000 },
      ...Array.from({ length: 10 }, (): Reply => ({ json: { boundaries: [] } })),
    );
    await configure(page, { llm: { url: `${server.url}/v1`, model: "fake-chat" } }, { waitForRun: false });
    await expect.poll(() => server.count("/v1/chat/completions")).toBe(2);
    await expect(page.getByTestId("run-status")).not.toHaveText("done");
    await page.getByTestId("param-max_retries").fill("1");
    await expect(stat(page, "chunker.ran")).toHaveText("agentic");
    const spent = Number(await stat(page, "agentic.tokens_used").textContent());
    expect(spent).toBeGreaterThan(0);
    const booked = () =>
      page.evaluate(
        () =>
          (JSON.parse(localStorage.getItem("chunk-workbench.llm-tokens.v1") ?? "{}") as { used?: number })
            .used,
      );
    // The finished run's tokens plus the 15 the superseded run spent before it was abandoned.
    await expect.poll(booked).toBe(spent + 15);
  });

  test("the key stays out of localStorage, IndexedDB, the URL and the page; sessionStorage only on request", async ({
    page,
  }) => {
    const key = "sk-e2e-9b1d4f-leak-check";
    await openApp(page);
    await configure(page, {
      embed: { url: server.url, model: "fake-embed", key },
      llm: { url: server.url, model: "fake-chat", key },
    });
    await chooseChunker(page, "late-embedding");
    // The key was in use: the server saw it.
    expect(server.requests.some((r) => r.authorization === `Bearer ${key}`)).toBe(true);

    const places = () =>
      page.evaluate(async () => {
        const dump = (s: Storage) =>
          Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join("\n");
        const idb: string[] = [];
        for (const info of await indexedDB.databases()) {
          if (!info.name) continue;
          const db = await new Promise<IDBDatabase>((resolve, reject) => {
            const open = indexedDB.open(info.name!);
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => reject(open.error);
          });
          for (const store of Array.from(db.objectStoreNames)) {
            const rows = await new Promise<unknown[]>((resolve, reject) => {
              const req = db.transaction(store, "readonly").objectStore(store).getAll();
              req.onsuccess = () => resolve(req.result as unknown[]);
              req.onerror = () => reject(req.error);
            });
            // Binary rows (vectors, PDF bytes) cannot hold a key as text; strings and objects can.
            idb.push(`${info.name}/${store}: ${JSON.stringify(rows)}`);
          }
          db.close();
        }
        return {
          local: dump(localStorage),
          session: dump(sessionStorage),
          idb: idb.join("\n"),
          url: location.href,
          text: document.body.innerText,
        };
      });

    const kept = await places();
    // The non-secret part is remembered, so the check below looks where a key would be.
    expect(kept.local).toContain("fake-embed");
    for (const where of ["local", "session", "idb", "url", "text"] as const) {
      expect(kept[where], `key in ${where}`).not.toContain(key);
    }

    if ((await page.getByTestId("export-button").count()) > 0) {
      await page.getByTestId("export-button").click();
      await expect(page.getByRole("dialog")).toBeVisible();
      expect(await page.getByRole("dialog").innerText()).not.toContain(key);
      await page.keyboard.press("Escape");
    }

    // Asked to keep keys for this tab: sessionStorage holds them, still nowhere else.
    await page.getByTestId("settings-button").click();
    await expect(page.getByTestId("settings-embed-key")).toHaveValue(key);
    await page.getByTestId("settings-remember-keys").check();
    await page.getByTestId("settings-save").click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    const remembered = await places();
    expect(remembered.session).toContain(key);
    expect(remembered.local).not.toContain(key);
    expect(remembered.url).not.toContain(key);

    // A reload in the same tab restores it from there; unchecking removes it again.
    await page.reload();
    await expect(page.getByTestId("doc-status")).toHaveText(/^ready/, { timeout: 30_000 });
    await page.getByTestId("settings-button").click();
    await expect(page.getByTestId("settings-embed-key")).toHaveValue(key);
    await page.getByTestId("settings-remember-keys").uncheck();
    await page.getByTestId("settings-save").click();
    expect((await places()).session).not.toContain(key);
  });
});
