/**
 * Endpoints and keys (DESIGN §4 `settings-button`). Nothing here is chunker config: the form edits
 * the session's endpoints; Save hands them to the engine worker. Keys stay in memory unless the
 * user asks to keep them for this tab (sessionStorage); they are never persisted beyond it.
 */
import { useEffect, useState } from "react";
import { DEFAULT_BATCH_SIZE as DEFAULT_EMBED_BATCH, DEFAULT_TIMEOUT_MS } from "../../core/providers/endpoint";
import {
  DEFAULT_LOCAL_EMBEDDER,
  EndpointConfigError,
  isLocalEmbedderChoice,
  LOCAL_EMBEDDER_CHOICES,
  LOCAL_EMBEDDER_LABELS,
  assertKeyTransport,
  normalizeBaseUrl,
  type LocalEmbedderChoice,
  type SessionEndpoints,
} from "../../core/providers/session";
import { useSettings } from "../state/settings";
import { ConnectionTest } from "./ConnectionTest";
import "./settings.css";

interface EndpointForm {
  url: string;
  model: string;
  key: string;
  batch: string;
  dimensions: string;
  timeout: string;
}

function formOf(
  e: { baseUrl: string; model: string; apiKey?: string; timeoutMs?: number } | undefined,
  batch = DEFAULT_EMBED_BATCH,
  dimensions?: number,
): EndpointForm {
  return {
    url: e?.baseUrl ?? "",
    model: e?.model ?? "",
    key: e?.apiKey ?? "",
    batch: String(batch),
    dimensions: dimensions ? String(dimensions) : "",
    timeout: String((e?.timeoutMs ?? DEFAULT_TIMEOUT_MS) / 1000),
  };
}

function positiveInt(value: string, field: string, fallback: number): number {
  if (value.trim() === "") return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new EndpointConfigError(field, `${field} must be a whole number ≥ 1`);
  return n;
}

function positiveSeconds(value: string, field: string): number {
  const n = Number(value);
  if (!(n > 0)) throw new EndpointConfigError(field, `${field} must be a number of seconds > 0`);
  return Math.round(n * 1000);
}

/** The form as endpoints; an endpoint with neither URL nor model is "not configured". */
function endpointsFromForm(embed: EndpointForm, llm: EndpointForm): SessionEndpoints {
  const out: SessionEndpoints = {};
  if (embed.url.trim() || embed.model.trim()) {
    if (!embed.model.trim())
      throw new EndpointConfigError("embedding model", "embedding model: name the model");
    const dimensions = embed.dimensions.trim() ? positiveInt(embed.dimensions, "dimensions", 0) : undefined;
    const baseUrl = normalizeBaseUrl(embed.url, "embedding URL");
    if (embed.key) assertKeyTransport(baseUrl, "embedding URL");
    out.embedding = {
      baseUrl,
      model: embed.model.trim(),
      batchSize: positiveInt(embed.batch, "batch size", DEFAULT_EMBED_BATCH),
      timeoutMs: positiveSeconds(embed.timeout, "embedding timeout"),
      ...(dimensions ? { dimensions } : {}),
      ...(embed.key ? { apiKey: embed.key } : {}),
    };
  }
  if (llm.url.trim() || llm.model.trim()) {
    if (!llm.model.trim()) throw new EndpointConfigError("LLM model", "LLM model: name the model");
    const baseUrl = normalizeBaseUrl(llm.url, "LLM URL");
    if (llm.key) assertKeyTransport(baseUrl, "LLM URL");
    out.llm = {
      baseUrl,
      model: llm.model.trim(),
      timeoutMs: positiveSeconds(llm.timeout, "LLM timeout"),
      ...(llm.key ? { apiKey: llm.key } : {}),
    };
  }
  return out;
}

const EMPTY_FORM: EndpointForm = { url: "", model: "", key: "", batch: "", dimensions: "", timeout: "" };

function tryEndpoints(
  embed: EndpointForm,
  llm: EndpointForm,
): { endpoints: SessionEndpoints | null; error: string | null } {
  try {
    return { endpoints: endpointsFromForm(embed, llm), error: null };
  } catch (err) {
    if (!(err instanceof EndpointConfigError)) throw err;
    return { endpoints: null, error: err.message };
  }
}

export function SettingsButton() {
  const [open, setOpen] = useState(false);
  const configured = useSettings((s) => s.endpoints);
  // Both endpoints at a glance: an LLM-only setup still embeds locally, and says which way.
  const label =
    (configured.embedding
      ? configured.embedding.model
      : configured.localEmbedder === "tfidf"
        ? "local lexical"
        : "local GloVe") + (configured.llm ? ` · LLM ${configured.llm.model}` : "");
  return (
    <>
      <button
        type="button"
        data-testid="settings-button"
        onClick={() => setOpen(true)}
        title="Embedding and LLM endpoints, and their keys"
      >
        Endpoints · {label}
      </button>
      {open && <SettingsDialog onClose={() => setOpen(false)} />}
    </>
  );
}

function SettingsDialog({ onClose }: { onClose(): void }) {
  const saved = useSettings((s) => s.endpoints);
  const savedRemember = useSettings((s) => s.rememberKeys);
  const setEndpoints = useSettings((s) => s.setEndpoints);
  const [embed, setEmbed] = useState(() =>
    formOf(saved.embedding, saved.embedding?.batchSize, saved.embedding?.dimensions),
  );
  const [llm, setLlm] = useState(() => formOf(saved.llm));
  const [remember, setRemember] = useState(savedRemember);
  const [local, setLocal] = useState<LocalEmbedderChoice>(saved.localEmbedder ?? DEFAULT_LOCAL_EMBEDDER);
  const [error, setError] = useState<string | null>(null);

  const tried = tryEndpoints(embed, llm);
  const draftError = tried.error;
  // The default is left out, so a saved setup that never chose reads as it did before the choice existed.
  const draft =
    tried.endpoints && local !== DEFAULT_LOCAL_EMBEDDER
      ? { ...tried.endpoints, localEmbedder: local }
      : tried.endpoints;
  // Each section is tested on its own: a half-filled LLM section must not block testing the
  // embedding endpoint (the whole draft is null until both are valid).
  const embedDraft = tryEndpoints(embed, EMPTY_FORM).endpoints;
  const llmDraft = tryEndpoints(EMPTY_FORM, llm).endpoints;

  // On the document, not the form: right after opening, focus is still on the settings button.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <div className="dialog-backdrop">
      <form
        className="dialog settings-dialog"
        role="dialog"
        aria-labelledby="settings-title"
        onSubmit={(e) => {
          e.preventDefault();
          if (!draft) return setError(draftError);
          setEndpoints(draft, remember);
          onClose();
        }}
      >
        <h2 id="settings-title">Endpoints</h2>
        <p className="hint">
          With no embedding endpoint the workbench embeds locally, with the embedder chosen below, and makes
          no request beyond this page. Any OpenAI-compatible server works: OpenAI, Ollama, LM Studio, vLLM,
          TEI.
        </p>
        <fieldset>
          <legend>Without an embedding endpoint</legend>
          <label className="local-embedder-field">
            <span>Local embedder</span>
            <select
              data-testid="settings-local-embedder"
              value={local}
              onChange={(e) => {
                const value = e.currentTarget.value;
                if (isLocalEmbedderChoice(value)) setLocal(value);
              }}
            >
              {LOCAL_EMBEDDER_CHOICES.map((choice) => (
                <option key={choice} value={choice}>
                  {LOCAL_EMBEDDER_LABELS[choice]}
                </option>
              ))}
            </select>
          </label>
          <p className="hint">
            GloVe: word vectors shipped with the workbench — sees synonyms and paraphrases, not word order;
            English only (other text falls back to lexical, with a warning). Lexical: shared words and word
            forms only.
          </p>
        </fieldset>
        <fieldset>
          <legend>Embeddings (/v1/embeddings)</legend>
          <EndpointFields prefix="embed" form={embed} onChange={setEmbed} withBatch />
          <ConnectionTest kind="embedding" endpoints={embedDraft} />
        </fieldset>
        <fieldset>
          <legend>LLM (/v1/chat/completions, JSON replies)</legend>
          <EndpointFields prefix="llm" form={llm} onChange={setLlm} />
          <ConnectionTest kind="llm" endpoints={llmDraft} />
        </fieldset>
        <label className="check">
          <input
            type="checkbox"
            data-testid="settings-remember-keys"
            checked={remember}
            onChange={(e) => setRemember(e.currentTarget.checked)}
          />
          Keep keys for this tab (sessionStorage; otherwise memory only). Keys are never exported or saved.
        </label>
        {(error ?? draftError) && (
          <p className="error" role="alert" data-testid="settings-error">
            {error ?? draftError}
          </p>
        )}
        <div className="dialog-actions">
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" data-testid="settings-save" disabled={!draft}>
            Save
          </button>
        </div>
      </form>
    </div>
  );
}

function EndpointFields({
  prefix,
  form,
  onChange,
  withBatch = false,
}: {
  prefix: string;
  form: EndpointForm;
  onChange(form: EndpointForm): void;
  withBatch?: boolean;
}) {
  const field = (
    name: keyof EndpointForm,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement> = {},
  ) => (
    <label className="field">
      <span>{label}</span>
      <input
        data-testid={`settings-${prefix}-${name}`}
        value={form[name]}
        onChange={(e) => onChange({ ...form, [name]: e.currentTarget.value })}
        autoComplete="off"
        spellCheck={false}
        {...props}
      />
    </label>
  );
  return (
    <div className="endpoint-fields">
      {field("url", "Base URL", { placeholder: "http://127.0.0.1:11434/v1" })}
      {field("model", "Model", { placeholder: withBatch ? "text-embedding-3-small" : "gpt-4o-mini" })}
      {field("key", "Key (optional)", { type: "password" })}
      {withBatch && field("batch", "Batch size", { inputMode: "numeric" })}
      {withBatch && field("dimensions", "Dimensions (optional)", { inputMode: "numeric" })}
      {field("timeout", "Timeout (s)", { inputMode: "decimal" })}
    </div>
  );
}
