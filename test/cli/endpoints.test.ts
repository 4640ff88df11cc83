/**
 * The CLI's endpoint flags against a real OpenAI-compatible server (test/support/openaiServer.ts):
 * the key comes from the variable --key-env names and reaches the server, never the output; a
 * failing endpoint is a fallback with a warning on stderr, not a failed command; a half-given
 * endpoint or an unset key variable is a usage error (exit 2).
 *
 * The CLI is spawned asynchronously: the server answers from this process's event loop, which a
 * spawnSync would block.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startOpenAIServer, type OpenAIServer } from "../support/openaiServer";

const ROOT = path.resolve(import.meta.dirname, "../..");
const SAMPLE = path.join(ROOT, "public/sample.pdf");
const KEY_VAR = "CW_ENDPOINTS_TEST_KEY";
const KEY = "sk-test-7f3a9c-never-print-me";
const tmp = mkdtempSync(path.join(tmpdir(), "cli-endpoints-"));

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

function cli(args: string[], env: Record<string, string | undefined> = {}): Promise<Result> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "-s", "cli", "--", ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
    child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

function jsonFile(name: string, value: unknown): string {
  const file = path.join(tmp, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

function chunkLines(stdout: string): Record<string, unknown>[] {
  return stdout
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

function fallbackLines(stderr: string): string[] {
  return stderr.split("\n").filter((l) => l.includes("fell back"));
}

let server: OpenAIServer;

beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(async () => {
  await server.close();
});
beforeEach(() => server.reset());

describe("cli endpoint flags", () => {
  it("embeds with the server, sending the key from --key-env and printing it nowhere", async () => {
    const r = await cli(
      [
        "chunk",
        SAMPLE,
        "--chunker",
        "late-embedding",
        "--embed-url",
        `${server.url}/v1`,
        "--embed-model",
        "fake-embed",
        "--key-env",
        KEY_VAR,
      ],
      { [KEY_VAR]: KEY },
    );
    expect(r.stderr).not.toMatch(/fell back/);
    expect(r.code).toBe(0);
    const embeddings = server.requests.filter((q) => q.path === "/v1/embeddings");
    expect(embeddings.length).toBeGreaterThan(0);
    for (const q of embeddings) {
      expect(q.authorization).toBe(`Bearer ${KEY}`);
      expect((q.body as { model: string }).model).toBe("fake-embed");
    }
    expect(chunkLines(r.stdout).length).toBeGreaterThan(3);
    expect(r.stdout).not.toContain(KEY);
    expect(r.stderr).not.toContain(KEY);
  }, 60_000);

  it("falls back to late-jaccard on a 500, exit 0, the reason in one warning line", async () => {
    server.scriptEmbeddings({ status: 500, message: "model exploded" });
    const r = await cli([
      "chunk",
      SAMPLE,
      "--chunker",
      "late-embedding",
      "--embed-url",
      server.url,
      "--embed-model",
      "fake-embed",
    ]);
    expect(r.code).toBe(0);
    // The chunker's first batches (up to four in flight) got the 500, and nothing more goes to the
    // failed endpoint: the run's coherence is then scored with the local embedder.
    expect(server.count("/v1/embeddings")).toBeGreaterThanOrEqual(1);
    expect(server.count("/v1/embeddings")).toBeLessThanOrEqual(4);
    const lines = fallbackLines(r.stderr);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^warning: fell back from late-embedding to late-jaccard: .*500.*model exploded/,
    );
    // The fallback's chunks are still the data on stdout.
    expect(chunkLines(r.stdout).length).toBeGreaterThan(3);
  }, 60_000);

  it("falls back from agentic when every reply is malformed JSON, after its retries", async () => {
    server.scriptChat(...Array.from({ length: 10 }, () => ({ content: '{"boundaries": [ oops' })));
    const config = jsonFile("agentic.json", { max_retries: 1, rate_limit: 1000, timeout: 5 });
    const r = await cli([
      "chunk",
      SAMPLE,
      "--chunker",
      "agentic",
      "--config",
      config,
      "--llm-url",
      `${server.url}/v1`,
      "--llm-model",
      "fake-chat",
    ]);
    expect(r.code).toBe(0);
    // One segment's first attempt and its one retry, then the whole run falls back.
    expect(server.count("/v1/chat/completions")).toBe(2);
    const lines = fallbackLines(r.stderr);
    expect(lines.length).toBeGreaterThanOrEqual(1);
    expect(lines[0]).toMatch(/^warning: fell back from agentic to late-jaccard: .*JSON/i);
    for (const line of lines) expect(line).toMatch(/^warning: /);
    expect(chunkLines(r.stdout).length).toBeGreaterThan(3);
  }, 60_000);

  it("refuses --embed-url without --embed-model, and a --key-env naming an unset variable (exit 2)", async () => {
    const [halfGiven, unsetKey] = await Promise.all([
      cli(["chunk", SAMPLE, "--chunker", "late-embedding", "--embed-url", server.url]),
      cli(
        [
          "chunk",
          SAMPLE,
          "--chunker",
          "late-embedding",
          "--embed-url",
          server.url,
          "--embed-model",
          "fake-embed",
          "--key-env",
          KEY_VAR,
        ],
        { [KEY_VAR]: undefined },
      ),
    ]);
    expect(halfGiven.code).toBe(2);
    expect(halfGiven.stderr).toMatch(/--embed-model/);
    expect(halfGiven.stdout).toBe("");
    expect(unsetKey.code).toBe(2);
    expect(unsetKey.stderr).toContain(KEY_VAR);
    expect(unsetKey.stdout).toBe("");
    // Neither reached the server: a usage error is caught before any request.
    expect(server.requests).toHaveLength(0);
  }, 60_000);
});
