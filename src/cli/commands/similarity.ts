/** `similarity` (DESIGN §5). */
import { UsageError } from "../../host/errors";
import { endpointsFromFlags, ENDPOINT_FLAG_OPTIONS } from "../endpoints";
import { EmbedderError } from "../../core/providers/embedder";
import { textSimilarity } from "../similarity";
import { assertLocalEmbedderReady, engineHost, parse } from "./common";

/** `similarity TEXT_A TEXT_B [endpoint flags]` → one JSON line {"model", "cosine"} (DESIGN §5). */
export async function similarityCommand(args: string[]): Promise<number> {
  const host = engineHost();
  const { values, positionals } = parse(args, { ...ENDPOINT_FLAG_OPTIONS });
  if (positionals.length !== 2)
    throw new UsageError(`similarity takes two texts (TEXT_A TEXT_B), got ${positionals.length}`);
  const endpoints = endpointsFromFlags(values, process.env);
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
  let result;
  try {
    result = await textSimilarity(host.providers, positionals[0]!, positionals[1]!);
  } catch (err) {
    // An endpoint's failure is the endpoint's, said in one line (no stack trace reaches the user).
    if (!(err instanceof EmbedderError)) throw err;
    process.stderr.write(`error: the embedding endpoint failed: ${err.reason}\n`);
    return 1;
  }
  if (result.warning) process.stderr.write(`warning: ${result.warning}\n`);
  process.stdout.write(JSON.stringify({ model: result.model, cosine: result.cosine }) + "\n");
  return 0;
}
