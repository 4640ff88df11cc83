/**
 * Run as a child process by the corpus tests: extracts the PDFs named on the command line and
 * prints nothing, so anything on its stdout came from pdf.js (the CLI's stdout must carry data only).
 */
import { extractPdfFile } from "../../src/pdf/node";

for (const [i, file] of process.argv.slice(2).entries()) {
  const password = process.env[`PROBE_PASSWORD_${i}`] || undefined;
  const doc = await extractPdfFile(file, { password });
  process.stderr.write(`${file}: ${doc.pages.length} pages, ${doc.text.length} chars\n`);
}
