/**
 * The headless twin of the workbench (DESIGN §5). Stdout carries data only (JSON or JSONL);
 * messages go to stderr. Exit codes: 0 success, 2 bad arguments or config, 3 unusable input, 4 some
 * of a batch's inputs failed. Each command is its own module (commands/), loaded when it is asked
 * for; the engine host is made on a command's first use of it (commands/common.ts).
 */
import { CONFIG_FORMAT_IDS } from "../core/export/formats";
import { exitCodeOf, UsageError } from "../host/errors";

const USAGE = `usage: npm run -s cli -- COMMAND …
  extract FILE [--password P] [--max-bytes N] [--furniture drop|keep] [--timeout S] --json
  chunk FILE [--chunker ID] [--config F] [--password P] [--out F] [--format jsonl|csv] [--csv-raw]
        [--stats F] [--tenant T] [--doc-class C] [--collection K] [--max-bytes N] [--furniture drop|keep]
        [--embed-url URL --embed-model M] [--llm-url URL --llm-model M]
        [--embed-key-env VAR] [--llm-key-env VAR] [--key-env VAR (both URLs on one origin)]
        [--local-embedder glove|tfidf] [--timeout S]
  eval --questions F [--docs-dir D] [FILE…] [--chunker ID] [--config F] [--k 5]
       [--retriever bm25|embed|local|hybrid [--hybrid-weights 1,1]] [--password P] [--max-bytes N] [--furniture drop|keep]
       [--retrieval flat|children-return-parents|parents-only] [--contextualize] [--universal-newlines on|off]
       [--compare-config F] [--compare-retriever R] [--compare-local-embedder glove|tfidf]
       [--compare-retrieval M] [--compare-contextualize true|false] [--timeout S] [--seed N] [endpoint flags]
  sweep --space F [--questions F] [--docs-dir D] [FILE…] [--k 5] [--retriever bm25|embed|local|hybrid]
        [--hybrid-weights 1,1] [--retrieval M] [--contextualize] [--workers N] [--password P] [--max-bytes N] [--furniture drop|keep] [--timeout S]
        [endpoint flags]
  batch DIR|FILE… --chunker ID [--config F] --out DIR [--workers N] [--shard i/n] [--resume]
        [--furniture drop|keep] [--timeout S (default 300 per input)]
  curve FILE [--local-embedder glove|tfidf] [--embed-url URL --embed-model M] [--furniture drop|keep]
        [--password P] [--max-bytes N]
  similarity TEXT_A TEXT_B [endpoint flags]
  chunkers --json
  export --chunker ID [--config F] --format NAME [--out F]
    NAME: ${CONFIG_FORMAT_IDS.join(", ")}`;

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  switch (command) {
    case "extract":
      return (await import("./commands/extract")).extract(rest);
    case "chunk":
      return (await import("./commands/chunk")).chunk(rest);
    case "chunkers":
      return (await import("./commands/chunkers")).chunkers(rest);
    case "eval":
      return (await import("./commands/eval")).evalCommand(rest);
    case "sweep":
      return (await import("./commands/sweep")).sweepCommand(rest);
    case "batch":
      return (await import("./commands/batch")).batchCommand(rest);
    case "export":
      return (await import("./commands/export")).exportCommand(rest);
    case "similarity":
      return (await import("./commands/similarity")).similarityCommand(rest);
    case "curve":
      return (await import("./commands/curve")).curveCommand(rest);
    case undefined:
    case "help":
    case "--help":
    case "-h":
      process.stderr.write(USAGE + "\n");
      return command === undefined ? 2 : 0;
    default:
      throw new UsageError(`unknown command "${command}"`);
  }
}

// Output cut short by a closed pipe (`| head`) ends the run quietly, as POSIX tools do (DESIGN §5).
process.stdout.on("error", (err: NodeJS.ErrnoException) => {
  if (err.code === "EPIPE") process.exit(0);
  process.stderr.write(`error: cannot write to standard output: ${err.code ?? err.message}\n`);
  process.exit(2);
});

main(process.argv.slice(2))
  // tesseract's thread (started by --ocr) would keep the process alive.
  .finally(async () => (await import("../pdf/ocrNode")).stopNodeOcr())
  .then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      const code = exitCodeOf(err);
      const message = err instanceof Error ? err.message : String(err);
      process.stderr.write(`error: ${message}\n`);
      if (code === 2 && err instanceof UsageError) process.stderr.write(USAGE + "\n");
      if (code === 1 && err instanceof Error && err.stack) process.stderr.write(err.stack + "\n");
      process.exitCode = code;
    },
  );
