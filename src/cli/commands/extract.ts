/** `extract` (DESIGN §5). */
import { assertHasText } from "../../pdf/problems";
import { loadDocument } from "../input";
import { jsonPieces, writePieces } from "../streamOut";
import {
  engineHost,
  furnitureOf,
  maxBytesOf,
  OCR_ON_STDERR,
  oneFile,
  parse,
  reportPages,
  setExtractionTimeout,
  timeoutOf,
} from "./common";

export async function extract(args: string[]): Promise<number> {
  const host = engineHost();
  const { values, positionals } = parse(args, {
    password: { type: "string" },
    json: { type: "boolean" },
    "max-bytes": { type: "string" },
    ocr: { type: "boolean" },
    furniture: { type: "string" },
    timeout: { type: "string" },
  });
  const file = oneFile(positionals);
  const maxBytes = maxBytesOf(values["max-bytes"]);
  const furniture = furnitureOf(values.furniture);
  setExtractionTimeout(timeoutOf(values.timeout, undefined));
  const doc = await loadDocument(host, file, {
    password: values.password,
    maxBytes,
    ocr: values.ocr ? OCR_ON_STDERR : undefined,
    furniture,
  });
  reportPages(doc);
  assertHasText(doc);
  await writePieces(process.stdout, [
    ...jsonPieces(doc as unknown as Record<string, unknown>, ["runs", "pages"]),
    "\n",
  ]);
  return 0;
}
