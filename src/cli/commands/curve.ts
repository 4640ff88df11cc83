/** `curve` (DESIGN §5). */
import { assertHasText } from "../../pdf/problems";
import { endpointsFromFlags, ENDPOINT_FLAG_OPTIONS } from "../endpoints";
import { loadDocument } from "../input";
import { writePieces } from "../streamOut";
import {
  assertLocalEmbedderReady,
  engineHost,
  furnitureOf,
  maxBytesOf,
  oneFile,
  parse,
  reportPages,
} from "./common";

/**
 * `curve FILE` (DESIGN §12): the adjacent-sentence similarity curve the chart draws for the same
 * document and embedder, one JSON line per gap {offset, value, start, end}.
 */
export async function curveCommand(args: string[]): Promise<number> {
  const host = engineHost();
  const { values, positionals } = parse(args, {
    password: { type: "string" },
    "max-bytes": { type: "string" },
    furniture: { type: "string" },
    ...ENDPOINT_FLAG_OPTIONS,
  });
  const file = oneFile(positionals);
  const endpoints = endpointsFromFlags(values, process.env);
  const furniture = furnitureOf(values.furniture);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  host.setEndpoints(endpoints);
  await assertLocalEmbedderReady(endpoints);
  const doc = await loadDocument(host, file, { password: values.password, maxBytes, furniture });
  reportPages(doc);
  assertHasText(doc);
  const curve = await host.similarityCurve(doc.id);
  if (curve.warning) process.stderr.write(`warning: ${curve.warning}\n`);
  process.stderr.write(`curve: ${curve.points.length} gaps, embedder ${curve.embedderLabel}\n`);
  await writePieces(
    process.stdout,
    curve.points.map(
      (p) => JSON.stringify({ offset: p.offset, value: p.value, start: p.start, end: p.end }) + "\n",
    ),
  );
  return 0;
}
