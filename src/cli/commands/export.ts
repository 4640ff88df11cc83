/** `export` (DESIGN §5). */
import { getChunker } from "../../core/chunkers/registry";
import { CONFIG_FORMAT_IDS, exportConfig } from "../../core/export/formats";
import { UsageError } from "../../host/errors";
import { chunkerAndConfig, parse, writeOutput } from "./common";

export async function exportCommand(args: string[]): Promise<number> {
  const { values, positionals } = parse(args, {
    chunker: { type: "string" },
    config: { type: "string" },
    format: { type: "string" },
    out: { type: "string" },
  });
  if (positionals.length > 0) throw new UsageError(`export takes no FILE (got ${positionals.join(" ")})`);
  if (!values.format) throw new UsageError(`missing --format (${CONFIG_FORMAT_IDS.join(", ")})`);
  if (!values.chunker && !values.config) throw new UsageError("missing --chunker");
  const { chunker, config } = await chunkerAndConfig(values.chunker, values.config);
  getChunker(chunker); // an unknown chunker is a usage error, whatever the format
  const data = exportConfig(values.format, chunker, config);
  if (values.out) {
    await writeOutput(values.out, data);
    process.stderr.write(`${chunker} config (${values.format}) written to ${values.out}\n`);
  } else {
    process.stdout.write(data);
  }
  return 0;
}
