/**
 * `batch`'s progress on stderr (stdout stays empty): a bar redrawn in place when stderr is a
 * terminal, plain lines otherwise (a log file, a Kubernetes pod log, a Slurm .out file), one per
 * input. Failures and warnings are lines in both cases.
 */
import type { ManifestLine } from "./batchManifest";

interface ProgressOutput {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export class BatchProgress {
  private done = 0;
  private failed = 0;
  private pages = 0;
  private readonly started = performance.now();

  constructor(
    private readonly total: number,
    private readonly out: ProgressOutput = process.stderr,
  ) {}

  /** Said once the inputs are listed, before the first one is done (threads take a while to load). */
  begin(what: string): void {
    if (this.out.isTTY) this.drawBar();
    else this.say(`batch: ${this.total} inputs${what}`);
  }

  warn(file: string, line: string): void {
    this.say(`warning: ${file}: ${line}`);
  }

  /** One input finished (or skipped, or failed while listing). */
  line(line: ManifestLine): void {
    this.done++;
    if (line.status === "failed") this.failed++;
    this.pages += line.status === "ok" ? (line.pages ?? 0) : 0;
    if (line.status === "failed") this.say(`batch: failed ${line.file}: ${line.error}`);
    else if (this.out.isTTY) this.drawBar();
    else {
      const pages = line.pages ? `${line.pages} pages, ` : "";
      this.say(
        `batch: ${this.done}/${this.total} ${line.status} ${line.file} (${pages}${line.chunks} chunks, ${line.ms} ms)`,
      );
    }
  }

  /** The last word: counts and pages per second. */
  finish(): void {
    if (this.out.isTTY) this.out.write("\r\x1b[K");
    const seconds = (performance.now() - this.started) / 1000;
    const rate = seconds > 0 ? Math.round(this.pages / seconds) : 0;
    this.out.write(
      `batch: ${this.total} inputs, ${this.total - this.failed} ok or skipped, ${this.failed} failed; ` +
        `${this.pages} pages chunked in ${seconds.toFixed(1)} s (${rate} pages/s)\n`,
    );
  }

  private say(text: string): void {
    // On a terminal the message goes above the bar: clear the bar's line, write, redraw.
    this.out.write(this.out.isTTY ? `\r\x1b[K${text}\n` : `${text}\n`);
    if (this.out.isTTY) this.drawBar();
  }

  private drawBar(): void {
    const seconds = (performance.now() - this.started) / 1000;
    const left = this.done > 0 ? Math.round((seconds / this.done) * (this.total - this.done)) : null;
    const tail =
      ` ${this.done}/${this.total}` +
      (this.failed ? ` · ${this.failed} failed` : "") +
      ` · ${this.pages} pages` +
      (left !== null && this.done < this.total ? ` · ~${left} s left` : "");
    const width = Math.max(10, Math.min(40, (this.out.columns ?? 80) - tail.length - 3));
    const filled = this.total > 0 ? Math.round((this.done / this.total) * width) : width;
    this.out.write(`\r\x1b[K[${"#".repeat(filled)}${"-".repeat(width - filled)}]${tail}`);
  }
}
