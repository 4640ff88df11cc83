/** Value literals for the languages the exports are written in, and comment-safe text. */
import { ConfigExportError } from "../errors";

/** A Python literal. JSON's string escapes are all valid Python escapes, so strings reuse them. */
export function pyLiteral(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError(`no Python literal for ${value}`);
    return String(value);
  }
  if (typeof value === "string") return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(pyLiteral).join(", ")}]`;
  if (typeof value === "object")
    return `{${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${pyLiteral(v)}`)
      .join(", ")}}`;
  throw new TypeError(`no Python literal for a ${typeof value}`);
}

/** Python keyword arguments, one per line, for a call spread over lines. */
function pyKwargs(args: readonly (readonly [string, unknown])[], indent = "    "): string {
  return args.map(([k, v]) => `${indent}${k}=${pyLiteral(v)},`).join("\n");
}

/** A TypeScript/JavaScript literal (JSON is one, keys quoted only when they must be). */
export function tsLiteral(value: unknown): string {
  return JSON.stringify(value);
}

export function tsKey(key: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(key) ? key : JSON.stringify(key);
}

/** One-line text safe inside a `#` or `//` comment. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, " ");
}

/** Lines of prose as `# ` comments (Python, YAML, TOML, .env). */
export function hashComments(lines: readonly string[]): string {
  return lines.map((l) => (l ? `# ${oneLine(l)}` : "#")).join("\n");
}

/** A compact single-line rendering of a value for comments. */
export function inlineValue(value: unknown): string {
  return oneLine(JSON.stringify(value) ?? String(value));
}

/** Keyword arguments whose value the config holds (a partial config leaves the library's default). */
function given(args: readonly (readonly [string, unknown])[]): [string, unknown][] {
  return args.filter(([, v]) => v !== undefined).map(([k, v]) => [k, v]);
}

/** A Python call spread over lines. */
export function pyCall(
  target: string,
  callee: string,
  args: readonly (readonly [string, unknown])[],
  positional: readonly string[] = [],
): string {
  const lines = [...positional.map((p) => `    ${p},`), ...given(args).map(([k, v]) => pyKwargs([[k, v]]))];
  return lines.length === 0 ? `${target} = ${callee}()` : `${target} = ${callee}(\n${lines.join("\n")}\n)`;
}

/** The generated file's header: what it is, then what maps and what differs — said plainly. */
export function pyHeader(title: string, differences: readonly string[]): string {
  return hashComments([
    title,
    ...(differences.length ? ["", "Against the workbench run:"] : []),
    ...differences.map((d) => `- ${d}`),
  ]);
}

/** The writer for one chunker; a format asked for a chunker it cannot express is a typed error. */
export function writeFor<W>(writers: Record<string, W>, format: string, chunker: string): W {
  const writer = writers[chunker];
  if (!writer)
    throw new ConfigExportError("not-applicable", `format ${format} has no mapping for chunker "${chunker}"`);
  return writer;
}
