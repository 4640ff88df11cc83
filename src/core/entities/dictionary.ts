/**
 * The user dictionary (a declared departure: the seed's EntityExtractor is a black box, the
 * workbench lets a user name their customers, services, products … as `{name, type}` entries).
 * Parsed from CSV or JSON with every problem reported at once, validated as a config value, and
 * compiled into one case-insensitive whole-word matcher.
 */
import {
  DICTIONARY_ENTITY_TYPES,
  entityId,
  normalizeName,
  SOURCE_CONFIDENCE,
  type DictionaryEntityType,
  type DictionaryEntry,
  type EntityReference,
} from "./types";

export interface DictionaryProblem {
  /** 1-based line of a CSV file, or 0-based index of a JSON array element / config entry. */
  line?: number;
  index?: number;
  message: string;
}

/** A dictionary that cannot be used; `problems` lists every bad line or entry, not just the first. */
export class DictionaryError extends Error {
  override readonly name = "DictionaryError";
  constructor(readonly problems: readonly DictionaryProblem[]) {
    super(
      `invalid entity dictionary: ${problems
        .map(
          (p) =>
            `${p.line !== undefined ? `line ${p.line}: ` : p.index !== undefined ? `entry ${p.index}: ` : ""}${p.message}`,
        )
        .join("; ")}`,
    );
  }
}

const TYPE_LIST = DICTIONARY_ENTITY_TYPES.join(", ");

function asType(raw: string): DictionaryEntityType | null {
  const t = raw.trim().toLowerCase();
  return (DICTIONARY_ENTITY_TYPES as readonly string[]).includes(t) ? (t as DictionaryEntityType) : null;
}

/**
 * Entries checked one by one (name non-empty, type one of the seed's six), then de-duplicated: the
 * same name twice with one type is kept once; with two types it is a problem, since a mention can
 * only carry one type.
 */
function collect(
  rows: ReadonlyArray<{ name: unknown; type: unknown; where: Pick<DictionaryProblem, "line" | "index"> }>,
): { entries: DictionaryEntry[]; problems: DictionaryProblem[] } {
  const problems: DictionaryProblem[] = [];
  const entries: DictionaryEntry[] = [];
  const seen = new Map<string, DictionaryEntityType>();
  for (const { name, type, where } of rows) {
    if (typeof name !== "string" || normalizeName(name) === "") {
      problems.push({ ...where, message: "name must be a non-empty string" });
      continue;
    }
    const t = typeof type === "string" ? asType(type) : null;
    if (!t) {
      problems.push({ ...where, message: `type ${JSON.stringify(type)} is not one of ${TYPE_LIST}` });
      continue;
    }
    const clean = normalizeName(name);
    const key = clean.toLowerCase();
    const earlier = seen.get(key);
    if (earlier === t) continue;
    if (earlier) {
      problems.push({ ...where, message: `"${clean}" is already a ${earlier}; one name has one type` });
      continue;
    }
    seen.set(key, t);
    entries.push({ name: clean, type: t });
  }
  return { entries, problems };
}

/** The config value's shape check (`check()` reports the problems under the `dictionary` key). */
export function validateDictionary(value: unknown): {
  entries: DictionaryEntry[];
  problems: DictionaryProblem[];
} {
  if (!Array.isArray(value)) {
    return { entries: [], problems: [{ message: "must be a list of {name, type} entries" }] };
  }
  const rows = value.map((v: unknown, index) => {
    const o = typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
    return { name: o.name, type: o.type, where: { index } };
  });
  return collect(rows);
}

/** A JSON array of `{"name": …, "type": …}`. */
export function parseDictionaryJson(source: string): DictionaryEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch (err) {
    throw new DictionaryError([{ message: `not valid JSON (${(err as Error).message})` }]);
  }
  const { entries, problems } = validateDictionary(value);
  if (problems.length) throw new DictionaryError(problems);
  return entries;
}

/**
 * CSV (RFC 4180 quoting: "a, b" and "" inside quotes) with columns name,type. A first row naming
 * both columns (any order, any case) is a header and may add other columns, which are ignored;
 * without a header every row has exactly two cells. The delimiter is `;` or a tab when the first
 * line holds one and no comma (spreadsheet exports in many locales), else `,`.
 */
export function parseDictionaryCsv(source: string): DictionaryEntry[] {
  const firstLine = source.split(/\r?\n/).find((l) => l.trim() !== "") ?? "";
  const delimiter = firstLine.includes(",")
    ? ","
    : firstLine.includes(";")
      ? ";"
      : firstLine.includes("\t")
        ? "\t"
        : ",";
  const records = csvRecords(source, delimiter);
  const problems: DictionaryProblem[] = [...records.problems];
  const rows = records.rows.filter((r) => !(r.cells.length === 1 && r.cells[0]!.trim() === ""));
  let nameCol = 0;
  let typeCol = 1;
  let width: number | null = 2;
  const head = rows[0]?.cells.map((c) => c.trim().toLowerCase());
  if (head && head.includes("name") && head.includes("type")) {
    nameCol = head.indexOf("name");
    typeCol = head.indexOf("type");
    width = null;
    rows.shift();
  }
  const good: Array<{ name: unknown; type: unknown; where: { line: number } }> = [];
  for (const row of rows) {
    if (width !== null && row.cells.length !== width) {
      problems.push({ line: row.line, message: `expected 2 cells (name,type), found ${row.cells.length}` });
      continue;
    }
    if (width === null && row.cells.length <= Math.max(nameCol, typeCol)) {
      problems.push({
        line: row.line,
        message: `missing the ${row.cells.length <= nameCol ? "name" : "type"} cell`,
      });
      continue;
    }
    good.push({ name: row.cells[nameCol], type: row.cells[typeCol], where: { line: row.line } });
  }
  const { entries, problems: more } = collect(good);
  problems.push(...more);
  if (problems.length) throw new DictionaryError(problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  return entries;
}

/** CSV or JSON, told apart by the first non-blank character (`[` or `{` is JSON) unless `format` says. */
export function parseDictionary(source: string, format: "csv" | "json" | "auto" = "auto"): DictionaryEntry[] {
  const json = format === "json" || (format === "auto" && /^\s*[[{]/.test(source));
  return json ? parseDictionaryJson(source) : parseDictionaryCsv(source);
}

interface CsvRow {
  line: number;
  cells: string[];
}

function csvRecords(source: string, delimiter: string): { rows: CsvRow[]; problems: DictionaryProblem[] } {
  const rows: CsvRow[] = [];
  const problems: DictionaryProblem[] = [];
  let line = 1;
  let i = 0;
  const text = source.replace(/^\uFEFF/, "");
  while (i <= text.length) {
    const rowLine = line;
    const cells: string[] = [];
    let cell = "";
    let quoted = false;
    let done = false;
    while (!done) {
      if (i >= text.length) {
        if (quoted) problems.push({ line: rowLine, message: "a quoted cell is never closed" });
        cells.push(cell);
        i++;
        break;
      }
      const ch = text[i]!;
      if (quoted) {
        if (ch === '"' && text[i + 1] === '"') {
          cell += '"';
          i += 2;
        } else if (ch === '"') {
          quoted = false;
          i++;
        } else {
          if (ch === "\n") line++;
          cell += ch;
          i++;
        }
      } else if (ch === '"' && cell.trim() === "") {
        quoted = true;
        cell = "";
        i++;
      } else if (ch === delimiter) {
        cells.push(cell);
        cell = "";
        i++;
      } else if (ch === "\n" || ch === "\r") {
        cells.push(cell);
        i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
        line++;
        done = true;
      } else {
        cell += ch;
        i++;
      }
    }
    rows.push({ line: rowLine, cells });
  }
  return { rows, problems };
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The regex body of one name: its words in order, any whitespace (a PDF line break too) between them. */
function namePattern(name: string): string {
  return name.split(" ").map(escapeRe).join("\\s+");
}

/**
 * A matcher for every entry at once: one alternation, longest names first, so at any position the
 * longest entry wins ("Acme Pro" over "Acme"); matches are whole words, case-insensitive.
 */
export function compileDictionary(entries: readonly DictionaryEntry[]): (text: string) => EntityReference[] {
  if (entries.length === 0) return () => [];
  const byKey = new Map(entries.map((e) => [e.name.toLowerCase(), e]));
  const sorted = [...entries].sort((a, b) => b.name.length - a.name.length);
  // Whole words, and not part of an address or a domain ("billing@globex.com" is an email, not Globex).
  const re = new RegExp(
    `(?<![\\p{L}\\p{N}_@.-])(?:${sorted.map((e) => namePattern(e.name)).join("|")})(?![\\p{L}\\p{N}_@]|[.-][\\p{L}\\p{N}])`,
    "giu",
  );
  const single = sorted.map((e) => ({ e, re: new RegExp(`^(?:${namePattern(e.name)})$`, "iu") }));
  return (text) => {
    const out: EntityReference[] = [];
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const mention = m[0];
      // Unicode case folding (the `i` flag) and toLowerCase disagree on a few letters: fall back
      // to asking each entry's own pattern.
      const entry =
        byKey.get(normalizeName(mention).toLowerCase()) ?? single.find((s) => s.re.test(mention))?.e;
      if (!entry) throw new Error(`dictionary matcher: "${mention}" matched no entry`);
      out.push({
        entity_id: entityId(entry.type, entry.name),
        entity_type: entry.type,
        entity_name: entry.name,
        mention_text: mention,
        start_offset: m.index,
        end_offset: m.index + mention.length,
        confidence: SOURCE_CONFIDENCE.dictionary,
        source: "dictionary",
      });
    }
    return out;
  };
}
