/**
 * The CLI's endpoint flags (DESIGN §5): `--embed-url URL --embed-model M`, `--llm-url URL
 * --llm-model M`, each endpoint's key read from the environment variable `--embed-key-env VAR` /
 * `--llm-key-env VAR` names (`--key-env VAR`: one key for both, only when they share an origin) —
 * never from the command line, where it would sit in shell history and process listings. `--local-embedder
 * glove|tfidf` picks the embedder used without an embedding endpoint (the settings dialog's choice).
 */
import type { SessionEndpoints } from "../core/providers/session";
import {
  assertKeyTransport,
  EndpointConfigError,
  isLocalEmbedderChoice,
  LOCAL_EMBEDDER_CHOICES,
  normalizeBaseUrl,
} from "../core/providers/session";

export interface EndpointFlags {
  "embed-url"?: string;
  "embed-model"?: string;
  "llm-url"?: string;
  "llm-model"?: string;
  "key-env"?: string;
  "embed-key-env"?: string;
  "llm-key-env"?: string;
  "local-embedder"?: string;
}

export const ENDPOINT_FLAG_OPTIONS = {
  "embed-url": { type: "string" },
  "embed-model": { type: "string" },
  "llm-url": { type: "string" },
  "llm-model": { type: "string" },
  "key-env": { type: "string" },
  "embed-key-env": { type: "string" },
  "llm-key-env": { type: "string" },
  "local-embedder": { type: "string" },
} as const;

/** The key the variable `flag` names, or an EndpointConfigError when it is unset. */
function keyFrom(flag: string, name: string | undefined, env: Record<string, string | undefined>) {
  if (name === undefined) return undefined;
  const key = env[name];
  if (!key) throw new EndpointConfigError(flag, `${flag} ${name}: that environment variable is not set`);
  return key;
}

/**
 * Endpoints from flags; a half-given endpoint, an unset key variable, one key for two hosts, or a
 * key over plain http to another machine is an EndpointConfigError (DESIGN §12: keys per endpoint).
 */
export function endpointsFromFlags(
  flags: EndpointFlags,
  env: Record<string, string | undefined>,
): SessionEndpoints {
  const shared = flags["key-env"];
  if (shared !== undefined && (flags["embed-key-env"] !== undefined || flags["llm-key-env"] !== undefined))
    throw new EndpointConfigError(
      "--key-env",
      "give --key-env (one key for both endpoints) or --embed-key-env / --llm-key-env, not both",
    );
  const embedKey = keyFrom(
    shared !== undefined ? "--key-env" : "--embed-key-env",
    shared ?? flags["embed-key-env"],
    env,
  );
  const llmKey = keyFrom(
    shared !== undefined ? "--key-env" : "--llm-key-env",
    shared ?? flags["llm-key-env"],
    env,
  );
  const endpoints: SessionEndpoints = {};
  const local = flags["local-embedder"];
  if (local !== undefined) {
    if (!isLocalEmbedderChoice(local))
      throw new EndpointConfigError(
        "--local-embedder",
        `--local-embedder must be ${LOCAL_EMBEDDER_CHOICES.join(" or ")}, got "${local}"`,
      );
    endpoints.localEmbedder = local;
  }
  const embedUrl = flags["embed-url"];
  const embedModel = flags["embed-model"];
  if (embedUrl !== undefined || embedModel !== undefined) {
    if (!embedUrl || !embedModel)
      throw new EndpointConfigError("--embed-url", "give both --embed-url and --embed-model");
    const baseUrl = normalizeBaseUrl(embedUrl, "--embed-url");
    if (embedKey) assertKeyTransport(baseUrl, "--embed-url");
    endpoints.embedding = { baseUrl, model: embedModel, ...(embedKey ? { apiKey: embedKey } : {}) };
  }
  const llmUrl = flags["llm-url"];
  const llmModel = flags["llm-model"];
  if (llmUrl !== undefined || llmModel !== undefined) {
    if (!llmUrl || !llmModel)
      throw new EndpointConfigError("--llm-url", "give both --llm-url and --llm-model");
    const baseUrl = normalizeBaseUrl(llmUrl, "--llm-url");
    if (llmKey) assertKeyTransport(baseUrl, "--llm-url");
    endpoints.llm = { baseUrl, model: llmModel, ...(llmKey ? { apiKey: llmKey } : {}) };
  }
  if (shared !== undefined && endpoints.embedding && endpoints.llm) {
    const a = new URL(endpoints.embedding.baseUrl).origin;
    const b = new URL(endpoints.llm.baseUrl).origin;
    if (a !== b)
      throw new EndpointConfigError(
        "--key-env",
        `--key-env would send one key to two hosts (${a} and ${b}): give each its own with --embed-key-env and --llm-key-env`,
      );
  }
  if (shared !== undefined && !endpoints.embedding && !endpoints.llm)
    throw new EndpointConfigError(
      "--key-env",
      "--key-env names a key, but no --embed-url or --llm-url uses it",
    );
  if (flags["embed-key-env"] !== undefined && !endpoints.embedding)
    throw new EndpointConfigError(
      "--embed-key-env",
      "--embed-key-env names a key, but no --embed-url uses it",
    );
  if (flags["llm-key-env"] !== undefined && !endpoints.llm)
    throw new EndpointConfigError("--llm-key-env", "--llm-key-env names a key, but no --llm-url uses it");
  return endpoints;
}
