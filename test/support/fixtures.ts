/**
 * Fixtures from outside the repo: ../shared (the real-PDF corpus, Chroma's evaluation data) and
 * poppler's pdftotext. On a machine without them, tests that need them skip with a message. In CI
 * (CI=true) with ../shared present, a missing fixture fails instead: CI has both, so a skip there
 * would hide a broken test (DESIGN §11).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import type { DocModel } from "../../src/core/document";
import { extractPdfFile } from "../../src/pdf/node";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const SHARED = path.resolve(ROOT, "../shared");
const CORPUS = path.join(SHARED, "corpus");
const CHROMA_CORPORA = path.join(SHARED, "eval/chroma/corpora");

const inCiWithShared = () => process.env.CI === "true" && existsSync(SHARED);

/**
 * True when the fixture is there. Absent: in CI beside ../shared this throws (the test file fails);
 * elsewhere it says what is skipped and returns false.
 */
export function fixture(name: string, present: boolean): boolean {
  if (present) return true;
  const message = `${name} is missing`;
  if (inCiWithShared()) throw new Error(`${message}: CI has ../shared and poppler, so this must not skip`);
  process.stderr.write(`skipping tests that need ${name}: ${message}\n`);
  return false;
}

export const haveCorpus = () => fixture("../shared/corpus", existsSync(path.join(CORPUS, "MANIFEST.md")));

/** The corpus's R manual and 352-page book as extraction makes them: the real-document tests' pair. */
export async function corpusManualAndBook(): Promise<[DocModel, DocModel]> {
  const [manual, book] = await Promise.all(
    ["manual-r-lang-69p.pdf", "large-freeculture-352p.pdf"].map((f) => extractPdfFile(path.join(CORPUS, f))),
  );
  return [manual!, book!];
}

export const haveChroma = () => fixture("../shared/eval/chroma", existsSync(CHROMA_CORPORA));

let pdftotext: boolean | undefined;
export const havePdftotext = () =>
  fixture(
    "poppler's pdftotext",
    (pdftotext ??= spawnSync("pdftotext", ["-v"], { encoding: "utf8" }).error === undefined),
  );
