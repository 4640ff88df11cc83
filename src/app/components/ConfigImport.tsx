/**
 * The export menu's config import: a pasted or chosen file read with importConfig, checked against
 * the chunker's params before the store is touched, and only then applied.
 */
import { useRef, useState } from "react";
import { getChunkerMeta, UnknownChunkerError } from "../../core/chunkers/metas";
import { ConfigError, resolveConfig } from "../../core/config";
import {
  ConfigImportError,
  importConfig,
  SecretInConfigError,
  type ImportedConfig,
} from "../../core/export/formats";
import { useWorkbench } from "../state/store";

/** The failures an import is documented to have; anything else is a bug and propagates. */
function importFailure(err: unknown): string {
  if (
    err instanceof ConfigImportError ||
    err instanceof SecretInConfigError ||
    err instanceof ConfigError ||
    err instanceof UnknownChunkerError
  )
    return err.message;
  throw err;
}

/**
 * The pasted text as `{chunker, config}`, checked against the chunker's params. Bare config keys
 * (no chunker named) are read as the current chunker's.
 */
function readImport(text: string, current: string): ImportedConfig {
  let imported: ImportedConfig;
  try {
    imported = importConfig(text);
  } catch (err) {
    if (!(err instanceof ConfigImportError && err.problem === "chunker-missing")) throw err;
    imported = importConfig(text, { chunker: current });
  }
  const { problems } = resolveConfig(getChunkerMeta(imported.chunker), imported.config);
  if (problems.length > 0) throw new ConfigError(imported.chunker, problems);
  return imported;
}

export function ImportSection({ onApplied }: { onApplied(): void }) {
  const chunker = useWorkbench((s) => s.chunker);
  const setChunker = useWorkbench((s) => s.setChunker);
  const applyConfig = useWorkbench((s) => s.applyConfig);
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const apply = () => {
    let imported: ImportedConfig;
    try {
      imported = readImport(text, chunker);
    } catch (err) {
      setError(importFailure(err));
      return;
    }
    setChunker(imported.chunker);
    applyConfig(imported.config);
    onApplied();
  };

  const load = (file: File) => {
    file.text().then(
      (content) => {
        setText(content);
        setError(null);
      },
      (err: unknown) =>
        setError(`${file.name} cannot be read: ${err instanceof Error ? err.message : String(err)}`),
    );
  };

  return (
    <section className="export-import" aria-labelledby="import-title">
      <h3 id="import-title">Import</h3>
      <p className="hint">
        Paste or choose a workbench JSON, a [chunking] TOML, a Thorbis chunk_configuration YAML or a NOESIS
        rag_routing_rules.yaml; bare config keys are read as {chunker}&apos;s. Apply switches the chunker and
        the run follows.
      </p>
      <textarea
        data-testid="export-import-text"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        spellCheck={false}
        rows={6}
        placeholder={`{"version": 1, "chunker": "${chunker}", "config": {…}}`}
        aria-label="Config to import"
      />
      {error && (
        <p className="error" role="alert" data-testid="export-import-error">
          {error}
        </p>
      )}
      <div className="export-actions">
        <button type="button" onClick={() => fileInput.current?.click()}>
          Choose file…
        </button>
        <input
          ref={fileInput}
          data-testid="export-import-file"
          type="file"
          accept=".json,.toml,.yaml,.yml,application/json,application/toml,application/yaml,text/plain"
          hidden
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            if (file) load(file);
            e.currentTarget.value = "";
          }}
        />
        <button
          type="button"
          className="primary"
          data-testid="export-import-apply"
          onClick={apply}
          disabled={text.trim() === ""}
        >
          Apply
        </button>
      </div>
    </section>
  );
}
