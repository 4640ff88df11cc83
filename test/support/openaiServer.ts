/**
 * A real OpenAI-compatible HTTP server on 127.0.0.1 for unit, CLI and e2e tests:
 * - POST /v1/embeddings: deterministic vectors (hashed bag of words, so related texts are near);
 * - POST /v1/chat/completions: replies taken from a script queue (a JSON body, raw content such as
 *   malformed JSON, an HTTP status like 429 or 500, a delay before any of these, a dropped
 *   connection), then a default JSON reply when the queue is empty;
 * - GET /v1/models; CORS headers on every reply and preflight OPTIONS, as real local servers send;
 * - every request recorded (method, path, Authorization header, parsed body).
 *
 * CLI: `tsx test/support/openaiServer.ts --port 4411 [--dimensions N] [--chat-reply JSON] [--script FILE]`
 * (--script: a JSON array of chat Replies, played in order before the default chat reply).
 * It prints `listening http://127.0.0.1:PORT` on stdout and logs requests on stderr with the key
 * replaced by "***".
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";

export type Reply =
  /** A chat reply whose assistant content is JSON.stringify(json); for embeddings: the HTTP body. */
  | { json: unknown; usage?: { prompt_tokens: number; completion_tokens: number } | null }
  /** A chat reply whose assistant content is this raw string (e.g. malformed JSON). */
  | { content: string; finishReason?: string }
  /** An HTTP error status with an OpenAI-style error body (or `body` verbatim), e.g. 429, 500. */
  | { status: number; message?: string; body?: string; retryAfter?: string; location?: string }
  /** A 200 reply whose body is this raw text (not JSON, or JSON of the wrong shape). */
  | { rawBody: string }
  /** Wait, then send `then` (or the default reply). Longer than a client's timeout → a timeout. */
  | { delayMs: number; then?: Reply }
  /** Close the socket without answering: a network error for the client. */
  | { drop: true };

interface RecordedRequest {
  method: string;
  path: string;
  authorization: string | undefined;
  origin: string | undefined;
  body: unknown;
}

export interface OpenAIServerOptions {
  port?: number;
  /** Length of the embeddings unless a request asks for `dimensions`; default 64. */
  dimensions?: number;
  /** The chat reply when the chat script is empty; default {"ok": true}. */
  defaultChatReply?: unknown;
  /** Log each request to stderr (key redacted). */
  log?: boolean;
}

export interface OpenAIServer {
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  /** Queue replies for the next chat requests, in order. */
  scriptChat(...replies: Reply[]): void;
  /** Queue replies for the next embeddings requests, in order. */
  scriptEmbeddings(...replies: Reply[]): void;
  /** Requests seen on a path ("/v1/embeddings"), preflights excluded. */
  count(path: string): number;
  reset(): void;
  close(): Promise<void>;
}

/**
 * The server's embedding of a text: lower-cased word runs hashed (SHA-256) to a bucket and a sign,
 * counted, scaled to unit length. Exported so tests can compute what the server will answer.
 */
export function fakeEmbedding(text: string, dimensions: number): number[] {
  const v = new Array<number>(dimensions).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? []) {
    const digest = createHash("sha256").update(word).digest();
    const bucket = digest.readUInt32BE(0) % dimensions;
    v[bucket]! += digest[4]! & 1 ? -1 : 1;
  }
  const norm = Math.hypot(...v);
  return norm === 0 ? v : v.map((x) => x / norm);
}

export async function startOpenAIServer(options: OpenAIServerOptions = {}): Promise<OpenAIServer> {
  const requests: RecordedRequest[] = [];
  const chatQueue: Reply[] = [];
  const embeddingQueue: Reply[] = [];
  const dimensions = options.dimensions ?? 64;
  const defaultChatReply = options.defaultChatReply ?? { ok: true };

  const server: Server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      // A handler bug must fail loudly in the test that triggered it, not hang it.
      console.error("openaiServer handler error:", error);
      if (!res.headersSent) send(res, 500, { error: { message: String(error) } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const path = (req.url ?? "/").split("?")[0]!;
    const method = req.method ?? "GET";
    if (method === "OPTIONS") {
      res.writeHead(204, corsHeaders());
      res.end();
      return;
    }
    const raw = await readBody(req);
    let body: unknown = raw;
    try {
      body = raw === "" ? null : JSON.parse(raw);
    } catch {
      // Recorded as the raw text: tests may send bodies that are not JSON on purpose.
      body = raw;
    }
    const authorization = req.headers.authorization;
    requests.push({ method, path, authorization, origin: req.headers.origin, body });
    if (options.log) {
      const shown = authorization === undefined ? "no key" : "Authorization: Bearer ***";
      process.stderr.write(`${method} ${path} (${shown})\n`);
    }

    if (method === "GET" && path === "/v1/models") {
      send(res, 200, {
        object: "list",
        data: [
          { id: "fake-embed", object: "model" },
          { id: "fake-chat", object: "model" },
        ],
      });
      return;
    }
    if (method === "POST" && path === "/v1/embeddings") {
      await respond(res, embeddingQueue.shift(), (reply) => embeddingReply(reply, body));
      return;
    }
    if (method === "POST" && path === "/v1/chat/completions") {
      await respond(res, chatQueue.shift(), (reply) => chatReply(reply, body));
      return;
    }
    send(res, 404, { error: { message: `No route ${method} ${path}` } });
  }

  /** Play one scripted reply (or the route's default, `fallback(undefined)`). */
  async function respond(
    res: ServerResponse,
    reply: Reply | undefined,
    ok: (reply: Reply | undefined) => unknown,
  ): Promise<void> {
    if (reply && "delayMs" in reply) {
      await new Promise((resolve) => setTimeout(resolve, reply.delayMs));
      // The client may have given up meanwhile; writing to a closed socket is pointless.
      if (res.destroyed) return;
      await respond(res, reply.then, ok);
      return;
    }
    if (reply && "drop" in reply) {
      res.socket?.destroy();
      return;
    }
    if (reply && "status" in reply) {
      const headers: Record<string, string> = {
        ...(reply.retryAfter === undefined ? {} : { "Retry-After": reply.retryAfter }),
        ...(reply.location === undefined ? {} : { Location: reply.location }),
      };
      const body =
        reply.body ?? JSON.stringify({ error: { message: reply.message ?? `scripted ${reply.status}` } });
      sendRaw(res, reply.status, body, headers);
      return;
    }
    if (reply && "rawBody" in reply) {
      sendRaw(res, 200, reply.rawBody);
      return;
    }
    send(res, 200, ok(reply));
  }

  function embeddingReply(reply: Reply | undefined, body: unknown): unknown {
    if (reply && "json" in reply) return reply.json;
    const request = body as { model?: string; input?: string | string[]; dimensions?: number };
    const inputs = typeof request.input === "string" ? [request.input] : (request.input ?? []);
    const size = request.dimensions ?? dimensions;
    return {
      object: "list",
      model: request.model ?? "fake-embed",
      data: inputs.map((text, index) => ({
        object: "embedding",
        index,
        embedding: fakeEmbedding(text, size),
      })),
      usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
    };
  }

  function chatReply(reply: Reply | undefined, body: unknown): unknown {
    const request = body as { model?: string };
    let content = JSON.stringify(defaultChatReply);
    let finishReason = "stop";
    let usage: unknown = { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 };
    if (reply && "json" in reply) {
      content = JSON.stringify(reply.json);
      if (reply.usage !== undefined) usage = reply.usage;
    } else if (reply && "content" in reply) {
      content = reply.content;
      finishReason = reply.finishReason ?? "stop";
    }
    return {
      id: `chatcmpl-${requests.length}`,
      object: "chat.completion",
      model: request.model ?? "fake-chat",
      choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: finishReason }],
      ...(usage === null ? {} : { usage }),
    };
  }

  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    scriptChat: (...replies) => void chatQueue.push(...replies),
    scriptEmbeddings: (...replies) => void embeddingQueue.push(...replies),
    count: (path) => requests.filter((r) => r.path === path).length,
    reset() {
      requests.length = 0;
      chatQueue.length = 0;
      embeddingQueue.length = 0;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function corsHeaders(): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
    "Access-Control-Allow-Headers": "authorization, content-type",
    "Access-Control-Expose-Headers": "retry-after",
    "Access-Control-Max-Age": "600",
  };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  sendRaw(res, status, JSON.stringify(body));
}

function sendRaw(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { ...corsHeaders(), "Content-Type": "application/json", ...headers });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function parseArgs(argv: string[]): {
  port: number;
  dimensions?: number;
  chatReply?: unknown;
  script?: Reply[];
} {
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const port = Number(value("--port") ?? "4411");
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`Bad --port: ${value("--port")}`);
  const dimensions = value("--dimensions");
  if (dimensions !== undefined && !(Number.isInteger(Number(dimensions)) && Number(dimensions) > 0)) {
    throw new Error(`Bad --dimensions: ${dimensions}`);
  }
  const chatReply = value("--chat-reply");
  const script = value("--script");
  return {
    port,
    ...(dimensions === undefined ? {} : { dimensions: Number(dimensions) }),
    ...(chatReply === undefined ? {} : { chatReply: JSON.parse(chatReply) as unknown }),
    ...(script === undefined ? {} : { script: JSON.parse(readFileSync(script, "utf8")) as Reply[] }),
  };
}

const invokedPath = process.argv[1];
if (invokedPath !== undefined && import.meta.url === pathToFileURL(invokedPath).href) {
  const args = parseArgs(process.argv.slice(2));
  const server = await startOpenAIServer({
    port: args.port,
    dimensions: args.dimensions,
    defaultChatReply: args.chatReply,
    log: true,
  });
  if (args.script) server.scriptChat(...args.script);
  process.stdout.write(`listening ${server.url}\n`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
