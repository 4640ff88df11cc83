/** `chunk` (DESIGN §5). */
import { getChunker } from "../../core/chunkers/registry";
import { runReport } from "../../core/runReport";
import { recordOptionsFor, toCsv } from "../../core/export/chunkRecords";
import { UsageError } from "../../host/errors";
import { endpointsFromFlags, ENDPOINT_FLAG_OPTIONS } from "../endpoints";
import { writePieces } from "../streamOut";
import { chunkFile, runJsonlPieces, writeOutputPieces } from "../chunkFile";
import {
  assertLocalEmbedderReady,
  assertWritable,
  chunkerAndConfig,
  engineHost,
  furnitureOf,
  maxBytesOf,
  oneFile,
  parse,
  resolveConfigOrThrow,
  setExtractionTimeout,
  timeoutOf,
  withRoutingContext,
  writeOutput,
} from "./common";

export async function chunk(args: string[]): Promise<number> {
  const host = engineHost();
  const { values, positionals } = parse(args, {
    chunker: { type: "string" },
    config: { type: "string" },
    password: { type: "string" },
    out: { type: "string" },
    format: { type: "string" },
    stats: { type: "string" },
    "csv-raw": { type: "boolean" },
    "max-bytes": { type: "string" },
    tenant: { type: "string" },
    "doc-class": { type: "string" },
    collection: { type: "string" },
    ocr: { type: "boolean" },
    furniture: { type: "string" },
    timeout: { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  const file = oneFile(positionals);
  const endpoints = endpointsFromFlags(values, process.env);
  const furniture = furnitureOf(values.furniture);
  setExtractionTimeout(timeoutOf(values.timeout, undefined));
  const format = values.format ?? "jsonl";
  if (format !== "jsonl" && format !== "csv")
    throw new UsageError(`unknown --format "${format}" (jsonl or csv)`);
  const { chunker, config: given } = await chunkerAndConfig(values.chunker, values.config);
  getChunker(chunker); // an unknown chunker is a usage error before any input is read
  const config = withRoutingContext(chunker, given, {
    tenant: values.tenant,
    doc_class: values["doc-class"],
    collection_id: values.collection,
  });
  resolveConfigOrThrow(chunker, config);
  for (const out of [values.out, values.stats]) if (out) await assertWritable(out, [file]);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  if (values["llm-url"] !== undefined && chunker !== "agentic" && chunker !== "hybrid")
    process.stderr.write(
      `warning: --llm-url is not used by ${chunker}: only agentic and hybrid ask an LLM\n`,
    );

  // Setting endpoints opens no connection; a failed endpoint fails the run fast (host).
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
  const { doc, run } = await chunkFile(
    host,
    file,
    {
      chunker,
      config,
      password: values.password,
      maxBytes,
      furniture,
      ...(values.ocr ? { ocr: true, progress: (line: string) => process.stderr.write(line + "\n") } : {}),
    },
    (line) => process.stderr.write(`warning: ${line}\n`),
  );
  if (values.stats) await writeOutput(values.stats, JSON.stringify(runReport(run)) + "\n");
  const pieces =
    format === "csv"
      ? [toCsv(run.chunks, { ...recordOptionsFor(doc, chunker), csvRaw: values["csv-raw"] === true })]
      : runJsonlPieces(doc, run, chunker);
  if (values.out) {
    await writeOutputPieces(values.out, pieces);
    process.stderr.write(`${run.chunks.length} chunks (${chunker}) written to ${values.out}\n`);
  } else {
    await writePieces(process.stdout, pieces);
  }
  return 0;
}
