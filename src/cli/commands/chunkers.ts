/** `chunkers` (DESIGN §5). */
import { chunkerSummaries } from "../../core/chunkers/registry";
import { parse } from "./common";

export async function chunkers(args: string[]): Promise<number> {
  parse(args, { json: { type: "boolean" } });
  process.stdout.write(JSON.stringify(chunkerSummaries(), null, 2) + "\n");
  return 0;
}
