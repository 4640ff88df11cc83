/** What `eval` and `sweep` share: k and the retriever from flags, the question set, the documents it names. */
import { readFile, stat } from "node:fs/promises";
import path from "node:path";
import type { DocModel, FurnitureSetting } from "../core/document";
import {
  DEFAULT_K,
  RETRIEVAL_MODES,
  RETRIEVERS,
  type RetrievalMode,
  type RetrieverId,
} from "../core/eval/evaluate";
import { QuestionSetError } from "../core/eval/errors";
import { namedDocuments, namesDocument, parseQuestionSet, type QuestionSet } from "../core/eval/questions";
import type { SessionEndpoints } from "../core/providers/session";
import type { EngineHost } from "../host/engine";
import { InputError, UsageError } from "../host/errors";
import { loadDocument } from "./input";

export function retrievalFlags(
  values: { k?: string | undefined; retriever?: string | undefined },
  endpoints: SessionEndpoints,
): { k: number; retriever: RetrieverId } {
  const k = values.k === undefined ? DEFAULT_K : Number(values.k);
  if (!/^\d+$/.test(values.k ?? "5") || !Number.isSafeInteger(k) || k < 1)
    throw new UsageError(`--k must be a whole number from 1, got "${values.k}"`);
  const retriever = (values.retriever ?? "bm25") as RetrieverId;
  if (!RETRIEVERS.includes(retriever))
    throw new UsageError(`unknown --retriever "${values.retriever}" (${RETRIEVERS.join(", ")})`);
  if (retriever === "embed" && !endpoints.embedding)
    throw new UsageError("--retriever embed asks the embedding endpoint: give --embed-url and --embed-model");
  return { k, retriever };
}

/** `--retrieval M` (hierarchical runs): one of RETRIEVAL_MODES; absent → the evaluator's default. */
export function retrievalModeOf(value: string | undefined, flag = "--retrieval"): RetrievalMode | undefined {
  if (value === undefined) return undefined;
  if (!(RETRIEVAL_MODES as readonly string[]).includes(value))
    throw new UsageError(`unknown ${flag} "${value}" (${RETRIEVAL_MODES.join(", ")})`);
  return value as RetrievalMode;
}

/** `--hybrid-weights B,E`: BM25's and the embedder's weights in reciprocal rank fusion (1,1). */
export function hybridWeightsOf(
  value: string | undefined,
  retriever: RetrieverId,
): readonly [number, number] | undefined {
  if (value === undefined) return undefined;
  if (retriever !== "hybrid") throw new UsageError("--hybrid-weights is for --retriever hybrid");
  const parts = value.split(",").map(Number);
  if (parts.length !== 2 || !parts.every((w) => Number.isFinite(w) && w >= 0) || parts[0]! + parts[1]! === 0)
    throw new UsageError(`--hybrid-weights must be two weights ≥ 0, not both 0, like 1,1 — got "${value}"`);
  return [parts[0]!, parts[1]!];
}

/** `--universal-newlines on|off`: the set's offsets count a CRLF as one character (Python's reading); absent → the format's default. */
export function universalNewlinesOf(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  if (value !== "on" && value !== "off")
    throw new UsageError(`--universal-newlines must be on or off, got "${value}"`);
  return value === "on";
}

/**
 * The set in `file`: unreadable or malformed is a usage error (exit 2) naming the file and line.
 * `universalNewlines` overrides the format's default (on for Chroma's CSV, off for JSONL).
 */
export async function readQuestionSet(file: string, universalNewlines?: boolean): Promise<QuestionSet> {
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new UsageError(
      `cannot read questions ${file}: ${(err as NodeJS.ErrnoException).code ?? (err as Error).message}`,
    );
  }
  try {
    const set = parseQuestionSet(text, file);
    return universalNewlines === undefined ? set : { ...set, universalNewlines };
  } catch (err) {
    if (err instanceof QuestionSetError) throw new QuestionSetError(`${file}: ${err.message}`);
    throw err;
  }
}

/**
 * The documents of an evaluation: the FILE arguments, then each document the set names that is not
 * among them, found in `docsDir` as <name>, <name>.md, .txt or .pdf (missing: exit 3).
 */
export async function loadCollection(
  host: EngineHost,
  set: QuestionSet | null,
  files: readonly string[],
  docsDir: string,
  options: { password?: string | undefined; maxBytes: number; furniture?: FurnitureSetting | undefined },
): Promise<DocModel[]> {
  const docs: DocModel[] = [];
  for (const file of files) docs.push(await loadDocument(host, file, options));
  for (const name of set ? namedDocuments(set) : []) {
    if (docs.some((d) => namesDocument(d, name))) continue;
    const file = await findInFolder(docsDir, name);
    docs.push(await loadDocument(host, file, options));
  }
  return docs;
}

async function findInFolder(dir: string, name: string): Promise<string> {
  // A set names a file in D, never a path out of it (issue 29: "../x" was read, then refused).
  const inside = path.relative(path.resolve(dir), path.resolve(dir, name));
  if (inside === "" || inside.startsWith("..") || path.isAbsolute(inside) || /[\\/]/.test(name))
    throw new InputError(
      `the question set names "${name}", which is not a file name inside ${dir}: a set names documents by file name (--docs-dir D)`,
    );
  const candidates = [name, `${name}.md`, `${name}.txt`, `${name}.pdf`].map((n) => path.join(dir, n));
  for (const file of candidates) {
    const found = await stat(file).catch(() => null);
    if (found?.isFile()) return file;
  }
  throw new InputError(
    `the question set names "${name}", which is not among the FILE arguments nor in ${dir} as ${name}.md, .txt or .pdf (--docs-dir D)`,
  );
}
