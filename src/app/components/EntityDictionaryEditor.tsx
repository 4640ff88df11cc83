/**
 * The entity chunker's user dictionary: one row per `{name, type}` entry (type one of the seed's
 * six), a row to add one, and an import of a CSV or JSON file. An import that does not parse
 * changes nothing and lists every bad line; a good one is appended, de-duplicated by the
 * chunker's own rules.
 */
import { useState } from "react";
import { DictionaryError, parseDictionary, validateDictionary } from "../../core/entities/dictionary";
import {
  DICTIONARY_ENTITY_TYPES,
  type DictionaryEntityType,
  type DictionaryEntry,
} from "../../core/entities/types";

/** A row as the user has it: the type may be anything a hand-edited URL carried. */
interface Row {
  name: string;
  type: string;
}

export function EntityDictionaryEditor({
  id,
  value,
  onChange,
}: {
  /** The param's id (`param-dictionary`), for the label and the editor's test id. */
  id: string;
  value: unknown;
  onChange(value: Row[]): void;
}) {
  const rows = asRows(value);
  const [name, setName] = useState("");
  const [type, setType] = useState<DictionaryEntityType>(DICTIONARY_ENTITY_TYPES[0]);
  const [importMessage, setImportMessage] = useState<{ ok: boolean; lines: string[] } | null>(null);

  const update = (index: number, patch: Partial<Row>) =>
    onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  const add = () => {
    if (name.trim() === "") return;
    onChange([...rows, { name: name.trim(), type }]);
    setName("");
  };

  const importFile = async (file: File) => {
    let text: string;
    try {
      text = await file.text();
    } catch (err) {
      // The file went away or is unreadable between choosing and reading it: say so where the user looks.
      setImportMessage({ ok: false, lines: [`${file.name}: cannot be read (${(err as Error).message})`] });
      return;
    }
    const format = /\.json$/i.test(file.name) ? "json" : /\.csv$/i.test(file.name) ? "csv" : "auto";
    let entries: DictionaryEntry[];
    try {
      entries = parseDictionary(text, format);
    } catch (err) {
      if (!(err instanceof DictionaryError)) throw err;
      setImportMessage({
        ok: false,
        lines: err.problems.map(
          (p) =>
            `${file.name}${p.line !== undefined ? ` line ${p.line}` : p.index !== undefined ? ` entry ${p.index}` : ""}: ${p.message}`,
        ),
      });
      return;
    }
    // Appended, then de-duplicated as the chunker will: a name already present with the same type is
    // not added twice; one with another type stays visible as a problem to resolve.
    const merged = [...rows, ...entries];
    const { entries: clean, problems } = validateDictionary(merged);
    onChange(problems.length === 0 ? clean : merged);
    setImportMessage({
      ok: true,
      lines: [`${file.name}: ${entries.length} entr${entries.length === 1 ? "y" : "ies"} imported`],
    });
  };

  return (
    <div className="entity-dict" data-testid={id}>
      {rows.length === 0 ? (
        <p className="editor-note">No entries: only NLP and pattern entities are found.</p>
      ) : (
        <table className="entity-dict-table">
          <thead>
            <tr>
              <th>name</th>
              <th>type</th>
              <th aria-label="Remove" />
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              // Rows have no identity of their own; a name may be edited or repeated.
              <tr key={i} data-testid="entity-dict-row">
                <td>
                  <input
                    data-testid="entity-dict-name"
                    aria-label={`Entry ${i + 1} name`}
                    value={row.name}
                    onChange={(e) => update(i, { name: e.currentTarget.value })}
                  />
                </td>
                <td>
                  <TypeSelect
                    testId="entity-dict-type"
                    label={`Entry ${i + 1} type`}
                    value={row.type}
                    onChange={(t) => update(i, { type: t })}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    data-testid="entity-dict-remove"
                    aria-label={`Remove ${row.name || `entry ${i + 1}`}`}
                    title="Remove this entry"
                    onClick={() => onChange(rows.filter((_, j) => j !== i))}
                  >
                    ×
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="entity-dict-add"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <input
          data-testid="entity-dict-add-name"
          aria-label="New entry name"
          placeholder="name, e.g. Acme Corp"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
        />
        <TypeSelect
          testId="entity-dict-add-type"
          label="New entry type"
          value={type}
          onChange={(t) => setType(t as DictionaryEntityType)}
        />
        <button type="submit" data-testid="entity-dict-add" disabled={name.trim() === ""}>
          Add
        </button>
      </form>
      <label
        className="entity-dict-import"
        title="A CSV with columns name,type or a JSON list of {name, type}"
      >
        <span>Import CSV or JSON…</span>
        <input
          data-testid="entity-dict-import"
          type="file"
          accept=".csv,.json,text/csv,application/json"
          onChange={(e) => {
            const input = e.currentTarget;
            const file = input.files?.[0];
            // Cleared so that importing the same file again (after fixing it) fires a change.
            input.value = "";
            if (file) void importFile(file);
          }}
        />
      </label>
      {importMessage && (
        <div
          className={importMessage.ok ? "editor-note" : "error"}
          role={importMessage.ok ? "status" : "alert"}
          data-testid="entity-dict-import-result"
        >
          {importMessage.lines.length === 1 ? (
            importMessage.lines[0]
          ) : (
            <ul>
              {importMessage.lines.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}

function TypeSelect({
  testId,
  label,
  value,
  onChange,
}: {
  testId: string;
  label: string;
  value: string;
  onChange(type: string): void;
}) {
  const known = (DICTIONARY_ENTITY_TYPES as readonly string[]).includes(value);
  return (
    <select
      data-testid={testId}
      aria-label={label}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    >
      {/* A type the seed does not know (from a hand-edited URL) stays visible until changed. */}
      {!known && <option value={value}>{value || "(none)"}</option>}
      {DICTIONARY_ENTITY_TYPES.map((t) => (
        <option key={t} value={t}>
          {t}
        </option>
      ))}
    </select>
  );
}

function asRows(value: unknown): Row[] {
  if (!Array.isArray(value)) return [];
  return value.map((v: unknown) => {
    const o = typeof v === "object" && v !== null ? (v as Record<string, unknown>) : {};
    return { name: typeof o.name === "string" ? o.name : "", type: typeof o.type === "string" ? o.type : "" };
  });
}
