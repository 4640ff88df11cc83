/**
 * `batch`'s inputs (DESIGN §10): the files given, and the .pdf, .md and .txt files under the folders
 * given, recursively, each named by its path relative to the folder it was found in ("/"-separated,
 * whatever the platform; a file given: its name). What cannot be read — a folder entry that fails,
 * a symlink loop, a link to nowhere — is an input with a problem: a failed manifest line, never an
 * abort. The list is sorted by name, so `--shard i/n` picks the same inputs on every machine.
 */
import { isUtf8 } from "node:buffer";
import { readdir, realpath, stat } from "node:fs/promises";
import type { Stats } from "node:fs";
import path from "node:path";
import type { Shard } from "./batchManifest";

export interface BatchInput {
  /** The manifest's `file` and the output's name under OUT. */
  file: string;
  /** Where to read it. */
  source: string;
  /** Why it cannot be chunked, found while listing; it is then a failed line without a run. */
  problem?: string;
}

const WANTED = /\.(pdf|md|txt)$/i;

/** Every input the arguments name, sorted by `file` (code-unit order, not the locale's). */
export async function findInputs(args: readonly string[]): Promise<BatchInput[]> {
  const found: BatchInput[] = [];
  // The same file named twice (`batch a.pdf a.pdf`, or a file and its folder) is one input, not a
  // name clash that fails on every run (issue 29).
  const given = new Set<string>();
  for (const arg of args) {
    const real = await realpath(arg).catch(() => path.resolve(arg));
    if (given.has(real)) continue;
    given.add(real);
    const name = path.basename(path.resolve(arg));
    const info = await statOrProblem(arg);
    if (typeof info === "string") found.push({ file: name, source: arg, problem: info });
    else if (info.isDirectory()) await walk(arg, "", [identity(info)], found);
    else found.push({ file: name, source: arg });
  }
  // A stable sort: of two inputs with one name, the first given comes first and is the one chunked.
  const sorted = found.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  const chunked = new Map<string, string>();
  return sorted.map((input) => {
    if (input.problem !== undefined) return input;
    const first = chunked.get(input.file);
    if (first === undefined) {
      chunked.set(input.file, input.source);
      return input;
    }
    return { ...input, problem: `${input.source} has the same name as ${first}, which is chunked instead` };
  });
}

/** The inputs of shard i of n: those whose index in the sorted list is ≡ i mod n. */
export function shardOf<T>(inputs: readonly T[], shard: Shard | null): T[] {
  return shard ? inputs.filter((_, index) => index % shard.count === shard.index) : [...inputs];
}

async function walk(root: string, dir: string, ancestors: string[], found: BatchInput[]): Promise<void> {
  const at = path.join(root, dir);
  let entries;
  try {
    entries = await readdir(at, { withFileTypes: true });
  } catch (err) {
    found.push({
      file: dir || path.basename(path.resolve(root)),
      source: at,
      problem: `cannot read folder: ${codeOf(err)}`,
    });
    return;
  }
  // A name that is not UTF-8 comes back from readdir with U+FFFD in it, and that name opens
  // nothing: such inputs are said (a failed line naming them), never lost without a word.
  const unreadable = await namesNotUtf8(at);
  for (const entry of entries) {
    const file = dir ? `${dir}/${entry.name}` : entry.name;
    const source = path.join(root, file);
    const wanted = WANTED.test(entry.name);
    if (unreadable.has(entry.name)) {
      if (wanted || entry.isDirectory())
        found.push({
          file,
          source,
          problem: "its name is not valid UTF-8, so it cannot be opened by name here: rename it",
        });
      continue;
    }
    if (entry.isDirectory()) {
      const info = await statOrProblem(source);
      if (typeof info === "string") found.push({ file, source, problem: info });
      else await walk(root, file, [...ancestors, identity(info)], found);
    } else if (entry.isSymbolicLink()) {
      const info = await statOrProblem(source);
      if (typeof info === "string") {
        // A loop may have been meant as a folder: say so whatever its name. A link to nowhere
        // matters only when it is named as an input.
        if (info.startsWith("symlink loop")) found.push({ file, source, problem: info });
        else if (wanted)
          found.push({
            file,
            source,
            problem: info === "no such file" ? "a link to a file that does not exist" : info,
          });
      } else if (info.isDirectory()) {
        if (ancestors.includes(identity(info)))
          found.push({ file, source, problem: "symlink loop: it leads back to a folder it is in" });
        else await walk(root, file, [...ancestors, identity(info)], found);
      } else if (wanted)
        found.push(info.isFile() ? { file, source } : { file, source, problem: "not a regular file" });
    } else if (wanted) {
      // A FIFO or a socket named x.pdf would block a read forever.
      found.push(entry.isFile() ? { file, source } : { file, source, problem: "not a regular file" });
    }
  }
}

/** The names in `dir` whose bytes are not UTF-8, as readdir's lossy strings give them. */
async function namesNotUtf8(dir: string): Promise<Set<string>> {
  const raw = await readdir(dir, { encoding: "buffer" });
  return new Set(raw.filter((name) => !isUtf8(name)).map((name) => name.toString("utf8")));
}

/** A folder's identity across links: the same device and inode is the same folder. */
const identity = (info: Stats) => `${info.dev}:${info.ino}`;

async function statOrProblem(file: string): Promise<Stats | string> {
  try {
    return await stat(file);
  } catch (err) {
    const code = codeOf(err);
    if (code === "ELOOP") return "symlink loop";
    if (code === "ENOENT") return "no such file";
    return `cannot read: ${code}`;
  }
}

function codeOf(err: unknown): string {
  return (err as NodeJS.ErrnoException).code ?? (err as Error).message;
}
