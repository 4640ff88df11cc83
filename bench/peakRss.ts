/**
 * Runs one CLI command in this process and, at exit, writes its peak resident memory (KB, from
 * process.resourceUsage) to the file PEAK_RSS_FILE names: `npm run bench` measures
 * `extract_peak_rss_mb` and `chunk_peak_rss_mb` on the 2,415-page manual this way, with no
 * dependency on GNU time.
 */
import { writeFileSync } from "node:fs";

const out = process.env.PEAK_RSS_FILE;
if (!out) throw new Error("PEAK_RSS_FILE is not set");
process.on("exit", () => writeFileSync(out, String(process.resourceUsage().maxRSS)));
process.argv = [process.argv[0]!, "src/cli/main.ts", ...process.argv.slice(2)];
await import("../src/cli/main");
