/**
 * The session's endpoints. What is not secret (URLs, models, batch size) is remembered in
 * localStorage so a reload keeps the setup; a key lives in memory, or in sessionStorage (this tab
 * only, gone when it closes) when the user asks for it — never in localStorage, the URL or an export.
 */
import { useLinkHold } from "./linkHold";
import { create } from "zustand";
import {
  DEFAULT_BATCH_SIZE as DEFAULT_EMBED_BATCH,
  DEFAULT_TIMEOUT_MS,
  type EmbeddingEndpoint,
  type LlmEndpoint,
} from "../../core/providers/endpoint";
import { isLocalEmbedderChoice, publicEndpoints, type SessionEndpoints } from "../../core/providers/session";

const PUBLIC_KEY = "chunk-workbench.endpoints.v1";
const SECRET_KEY = "chunk-workbench.endpoint-keys.v1";

interface Keys {
  embedding?: string;
  llm?: string;
}

interface SettingsState {
  endpoints: SessionEndpoints;
  /** Keys kept in sessionStorage for this tab (else memory only). */
  rememberKeys: boolean;
  /** Bumped on every save that changes the endpoints: part of a run's cache key, so runs follow them (it holds no secret). */
  revision: number;
  setEndpoints(endpoints: SessionEndpoints, rememberKeys: boolean): void;
}

function readJson<T>(storage: Storage | undefined, key: string): T | undefined {
  const raw = storage?.getItem(key);
  if (!raw) return undefined;
  try {
    return JSON.parse(raw) as T;
  } catch (err) {
    // The error's message quotes the stored text, which may be a key: only its kind is logged.
    console.warn(`ignoring unreadable ${key} (${err instanceof Error ? err.name : "error"})`);
    storage?.removeItem(key);
    return undefined;
  }
}

function storages(): { local?: Storage; session?: Storage } {
  return typeof window === "undefined" ? {} : { local: window.localStorage, session: window.sessionStorage };
}

function restore(): { endpoints: SessionEndpoints; rememberKeys: boolean } {
  const { local, session } = storages();
  const saved = readJson<SessionEndpoints>(local, PUBLIC_KEY) ?? {};
  const keys = readJson<Keys>(session, SECRET_KEY);
  const endpoints: SessionEndpoints = isLocalEmbedderChoice(saved.localEmbedder)
    ? { localEmbedder: saved.localEmbedder }
    : {};
  if (saved.embedding?.baseUrl && saved.embedding.model)
    endpoints.embedding = {
      baseUrl: saved.embedding.baseUrl,
      model: saved.embedding.model,
      batchSize: saved.embedding.batchSize || DEFAULT_EMBED_BATCH,
      timeoutMs: saved.embedding.timeoutMs || DEFAULT_TIMEOUT_MS,
      ...(saved.embedding.dimensions ? { dimensions: saved.embedding.dimensions } : {}),
      ...(keys?.embedding ? { apiKey: keys.embedding } : {}),
    } satisfies EmbeddingEndpoint;
  if (saved.llm?.baseUrl && saved.llm.model)
    endpoints.llm = {
      baseUrl: saved.llm.baseUrl,
      model: saved.llm.model,
      timeoutMs: saved.llm.timeoutMs || DEFAULT_TIMEOUT_MS,
      ...(keys?.llm ? { apiKey: keys.llm } : {}),
    } satisfies LlmEndpoint;
  return { endpoints, rememberKeys: keys !== undefined };
}

function persist(endpoints: SessionEndpoints, rememberKeys: boolean) {
  const { local, session } = storages();
  local?.setItem(PUBLIC_KEY, JSON.stringify(publicEndpoints(endpoints)));
  const keys: Keys = {
    ...(endpoints.embedding?.apiKey ? { embedding: endpoints.embedding.apiKey } : {}),
    ...(endpoints.llm?.apiKey ? { llm: endpoints.llm.apiKey } : {}),
  };
  if (rememberKeys && (keys.embedding || keys.llm)) session?.setItem(SECRET_KEY, JSON.stringify(keys));
  else session?.removeItem(SECRET_KEY);
}

export const useSettings = create<SettingsState>()((set) => ({
  ...restore(),
  revision: 0,
  setEndpoints(endpoints, rememberKeys) {
    persist(endpoints, rememberKeys);
    // Endpoints the user saves are the user's doing: a link's held run may go (state/linkHold).
    useLinkHold.getState().release();
    set((s) =>
      // Saving what is already in use (or only the keep-keys choice) must not rerun every query:
      // an agentic run would call the LLM again and spend the day's budget for the same result.
      JSON.stringify(endpoints) === JSON.stringify(s.endpoints)
        ? { rememberKeys }
        : { endpoints, rememberKeys, revision: s.revision + 1 },
    );
  },
}));
