// Puts the static assets the browser build needs under public/, before `vite` or `vite build`:
//
//  (a) pdf.js's data files, copied from node_modules/pdfjs-dist into public/pdfjs/ (git-ignored):
//      cmaps/ (CJK text without ToUnicode maps), standard_fonts/ (the standard 14 fonts, which
//      unembedded PDFs such as the sample use), wasm/ (JPX and JBIG2 image decoders) and iccs/
//      (the CMYK colour profile). Only changed files are copied, so a run with nothing to do
//      takes a few milliseconds; files pdf.js no longer ships are removed.
//  (c) tesseract.js's browser worker, its LSTM cores (plain, SIMD, relaxed SIMD: the worker picks
//      one by what the browser supports) and the npm-packaged English model, into public/tesseract/
//      (git-ignored), so OCR runs from the app's own origin and never fetches from a CDN.
//  (b) the embedded sample document, public/sample.pdf, generated when it is missing (it is
//      committed, so this only happens in a fresh checkout where someone deleted it).
//
// Plain Node ESM on purpose: it runs before anything is compiled.

import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const pdfjsSource = path.join(root, "node_modules", "pdfjs-dist");
const pdfjsTarget = path.join(root, "public", "pdfjs");
const PDFJS_DIRS = ["cmaps", "standard_fonts", "wasm", "iccs"];
const SAMPLE = path.join(root, "public", "sample.pdf");

/** Mirrors `from` into `to` (files only, recursively); returns the number of files written or removed. */
function mirror(from, to) {
  let changed = 0;
  mkdirSync(to, { recursive: true });
  const wanted = new Set();
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const src = path.join(from, entry.name);
    const dest = path.join(to, entry.name);
    wanted.add(entry.name);
    if (entry.isDirectory()) {
      changed += mirror(src, dest);
      continue;
    }
    const s = statSync(src);
    const d = existsSync(dest) ? statSync(dest) : undefined;
    // Size plus mtime is enough: copyFileSync gives the copy a newer mtime than its source.
    if (!d || !d.isFile() || d.size !== s.size || d.mtimeMs < s.mtimeMs) {
      if (d && !d.isFile()) rmSync(dest, { recursive: true, force: true });
      copyFileSync(src, dest);
      changed += 1;
    }
  }
  for (const name of readdirSync(to)) {
    if (!wanted.has(name)) {
      rmSync(path.join(to, name), { recursive: true, force: true });
      changed += 1;
    }
  }
  return changed;
}

function copyPdfjsAssets() {
  if (!existsSync(pdfjsSource)) {
    throw new Error("node_modules/pdfjs-dist is missing: run `npm ci` first");
  }
  let changed = 0;
  for (const dir of PDFJS_DIRS) {
    const from = path.join(pdfjsSource, dir);
    // A future pdfjs-dist may drop one of the optional folders; the app copes without it.
    if (existsSync(from)) changed += mirror(from, path.join(pdfjsTarget, dir));
  }
  if (changed > 0) console.error(`prepare-assets: updated ${changed} file(s) in public/pdfjs`);
}

const TESSERACT_FILES = [
  ["tesseract.js/dist/worker.min.js", "worker.min.js"],
  ["tesseract.js-core/tesseract-core-lstm.wasm.js", "core/tesseract-core-lstm.wasm.js"],
  ["tesseract.js-core/tesseract-core-simd-lstm.wasm.js", "core/tesseract-core-simd-lstm.wasm.js"],
  [
    "tesseract.js-core/tesseract-core-relaxedsimd-lstm.wasm.js",
    "core/tesseract-core-relaxedsimd-lstm.wasm.js",
  ],
  ["@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz", "lang/eng.traineddata.gz"],
];

function copyTesseractAssets() {
  let changed = 0;
  for (const [from, to] of TESSERACT_FILES) {
    const src = path.join(root, "node_modules", from);
    if (!existsSync(src)) throw new Error(`node_modules/${from} is missing: run \`npm ci\` first`);
    const dest = path.join(root, "public", "tesseract", to);
    mkdirSync(path.dirname(dest), { recursive: true });
    const s = statSync(src);
    const d = existsSync(dest) ? statSync(dest) : undefined;
    if (!d || d.size !== s.size || d.mtimeMs < s.mtimeMs) {
      copyFileSync(src, dest);
      changed += 1;
    }
  }
  if (changed > 0) console.error(`prepare-assets: updated ${changed} file(s) in public/tesseract`);
}

function ensureSample() {
  if (existsSync(SAMPLE)) return;
  console.error("prepare-assets: public/sample.pdf is missing, generating it");
  const result = spawnSync("npx", ["tsx", "scripts/make-sample-pdf.ts", "public/sample.pdf"], {
    cwd: root,
    stdio: "inherit",
    shell: process.platform === "win32", // npx is a .cmd script on Windows
  });
  if (result.status !== 0) throw new Error("generating public/sample.pdf failed");
}

try {
  copyPdfjsAssets();
  copyTesseractAssets();
  ensureSample();
} catch (error) {
  console.error(`prepare-assets: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
