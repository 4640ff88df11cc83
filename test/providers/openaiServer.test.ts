import { spawn } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenAIServer, type OpenAIServer } from "../support/openaiServer";

const root = path.resolve(import.meta.dirname, "../..");
let server: OpenAIServer;
beforeAll(async () => {
  server = await startOpenAIServer();
});
afterAll(() => server.close());

describe("the test OpenAI server", () => {
  it("answers a CORS preflight as a browser needs, and puts CORS headers on replies", async () => {
    const preflight = await fetch(`${server.url}/v1/embeddings`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://localhost:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("access-control-allow-origin")).toBe("*");
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/authorization/);
    expect(preflight.headers.get("access-control-allow-headers")).toMatch(/content-type/);
    expect(server.count("/v1/embeddings")).toBe(0);

    const reply = await fetch(`${server.url}/v1/models`);
    expect(reply.headers.get("access-control-allow-origin")).toBe("*");
    expect(await reply.json()).toMatchObject({ object: "list" });
  });

  it("runs as a CLI that prints its address and never logs the key", async () => {
    const tsx = path.join(root, "node_modules/.bin/tsx");
    const child = spawn(
      tsx,
      [
        "test/support/openaiServer.ts",
        "--port",
        "0",
        "--dimensions",
        "12",
        "--chat-reply",
        '{"boundaries":[]}',
      ],
      {
        cwd: root,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    try {
      const address = await new Promise<string>((resolve, reject) => {
        let out = "";
        child.stdout.on("data", (d: Buffer) => {
          out += d.toString();
          const m = /listening (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.once("exit", (code) => reject(new Error(`server exited (${code}): ${stderr}`)));
      });
      const reply = await fetch(`${address}/v1/chat/completions`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: "Bearer sk-cli-SECRET" },
        body: JSON.stringify({ model: "m", messages: [] }),
      });
      const body = (await reply.json()) as { choices: { message: { content: string } }[] };
      expect(JSON.parse(body.choices[0]!.message.content)).toEqual({ boundaries: [] });
      const embedded = await fetch(`${address}/v1/embeddings`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ model: "m", input: ["one text"] }),
      });
      const vectors = (await embedded.json()) as { data: { embedding: number[] }[] };
      expect(vectors.data[0]!.embedding).toHaveLength(12);
      await new Promise((r) => setTimeout(r, 50));
      expect(stderr).toContain("POST /v1/chat/completions");
      expect(stderr).not.toContain("sk-cli-SECRET");
    } finally {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
    }
  });
});
