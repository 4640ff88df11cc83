/**
 * A worker thread's TypeScript entry bundled into one JavaScript module, so a thread boots in
 * ~0.1 s instead of ~0.5 s: worker threads do not inherit tsx's hooks, and registering them in each
 * thread starts a loader thread per worker and compiles every module there again — on 2 cores, two
 * such boots cost a sweep's first second. esbuild (already the engine under tsx) bundles the entry
 * and its source imports; packages stay imports, resolved from node_modules beside the bundle.
 *
 * The bundle is kept under node_modules/.cache and rebuilt only when one of its inputs changed
 * (their sizes and mtimes are stored beside it). `import.meta.url` inside the bundle is the entry's
 * own URL: the modules that resolve files from it (the shipped word vectors, pdf.js's package) sit
 * in src/cli and src/pdf, the same depth below the repository as the entry.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const CACHE_DIR = path.join(ROOT, "node_modules", ".cache", "chunk-workbench", "workers");

/** The bundle's inputs with what they were when it was built. */
interface BundleStamp {
  inputs: { file: string; size: number; mtimeMs: number }[];
}

class WorkerBundleError extends Error {
  override readonly name = "WorkerBundleError";
}

async function stampOf(files: readonly string[]): Promise<BundleStamp> {
  const inputs = await Promise.all(
    files.map(async (file) => {
      const s = await stat(path.join(ROOT, file));
      return { file, size: s.size, mtimeMs: s.mtimeMs };
    }),
  );
  return { inputs };
}

async function isFresh(stampFile: string, bundleFile: string): Promise<boolean> {
  let stored: BundleStamp;
  try {
    await stat(bundleFile);
    stored = JSON.parse(await readFile(stampFile, "utf8")) as BundleStamp;
  } catch (err) {
    // No bundle or no stamp yet (the first run, a cleaned cache): build one.
    if ((err as NodeJS.ErrnoException).code === "ENOENT" || err instanceof SyntaxError) return false;
    throw err;
  }
  try {
    const now = await stampOf(stored.inputs.map((i) => i.file));
    return now.inputs.every(
      (input, i) => input.size === stored.inputs[i]!.size && input.mtimeMs === stored.inputs[i]!.mtimeMs,
    );
  } catch (err) {
    // An input was deleted or moved: the bundle is stale.
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw err;
  }
}

/** Bundles (when stale) the worker entry at `entry` and returns the bundle's URL. */
export async function bundledWorker(entry: URL): Promise<URL> {
  const entryFile = fileURLToPath(entry);
  // Named by the entry's path as well: two checkouts' or tests' entries of one name never share a file.
  const where = createHash("sha256").update(entryFile).digest("hex").slice(0, 8);
  const name = `${path.basename(entryFile).replace(/\.[cm]?[jt]s$/, "")}-${where}`;
  const bundleFile = path.join(CACHE_DIR, `${name}.mjs`);
  const stampFile = path.join(CACHE_DIR, `${name}.inputs.json`);
  if (await isFresh(stampFile, bundleFile)) return pathToFileURL(bundleFile);

  await mkdir(CACHE_DIR, { recursive: true });
  // Loaded here, not with the module: the CLI's other commands never need it.
  const { build } = await import("esbuild");
  const result = await build({
    entryPoints: [entryFile],
    absWorkingDir: ROOT,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    define: { "import.meta.url": JSON.stringify(entry.href) },
    write: false,
    metafile: true,
    logLevel: "silent",
  });
  const output = result.outputFiles[0];
  if (!output) throw new WorkerBundleError(`esbuild wrote no bundle for ${name}`);
  const stamp = await stampOf(Object.keys(result.metafile.inputs));
  // Two CLIs may bundle at once: each writes its own temporary file and renames it into place.
  const temporary = `${bundleFile}.${process.pid}.tmp`;
  await writeFile(temporary, output.contents);
  await rename(temporary, bundleFile);
  await writeFile(stampFile, JSON.stringify(stamp));
  return pathToFileURL(bundleFile);
}
