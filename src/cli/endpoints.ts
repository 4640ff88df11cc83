/**
 * The CLI's endpoint flags (DESIGN §5): `--embed-url URL --embed-model M`, `--llm-url URL
 * --llm-model M`, the key read from the environment variable `--key-env VAR` names — never from
 * the command line, where it would sit in shell history and process listings. `--local-embedder
 * glove|tfidf` picks the embedder used without an embedding endpoint (the settings dialog's choice).
 */
import type { SessionEndpoints } from "../core/providers/session";
import {
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
  "local-embedder"?: string;
}

export const ENDPOINT_FLAG_OPTIONS = {
  "embed-url": { type: "string" },
  "embed-model": { type: "string" },
  "llm-url": { type: "string" },
  "llm-model": { type: "string" },
  "key-env": { type: "string" },
  "local-embedder": { type: "string" },
} as const;

/** Endpoints from flags; a half-given endpoint or an unset key variable is an EndpointConfigError. */
export function endpointsFromFlags(
  flags: EndpointFlags,
  env: Record<string, string | undefined>,
): SessionEndpoints {
  let apiKey: string | undefined;
  const keyEnv = flags["key-env"];
  if (keyEnv !== undefined) {
    apiKey = env[keyEnv];
    if (!apiKey)
      throw new EndpointConfigError("--key-env", `--key-env ${keyEnv}: that environment variable is not set`);
  }
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
    endpoints.embedding = {
      baseUrl: normalizeBaseUrl(embedUrl, "--embed-url"),
      model: embedModel,
      ...(apiKey ? { apiKey } : {}),
    };
  }
  const llmUrl = flags["llm-url"];
  const llmModel = flags["llm-model"];
  if (llmUrl !== undefined || llmModel !== undefined) {
    if (!llmUrl || !llmModel)
      throw new EndpointConfigError("--llm-url", "give both --llm-url and --llm-model");
    endpoints.llm = {
      baseUrl: normalizeBaseUrl(llmUrl, "--llm-url"),
      model: llmModel,
      ...(apiKey ? { apiKey } : {}),
    };
  }
  if (keyEnv !== undefined && !endpoints.embedding && !endpoints.llm)
    throw new EndpointConfigError(
      "--key-env",
      "--key-env names a key, but no --embed-url or --llm-url uses it",
    );
  return endpoints;
}
