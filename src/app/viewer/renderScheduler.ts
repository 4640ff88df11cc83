/**
 * Lets only a few page renders run at once and starts the most wanted first: visible pages in page
 * order, then the ones just outside the viewport. Without it, a jump to page 300 would start a
 * render for every page mounted on the way, and the page the user looks at would wait its turn.
 *
 * A job is started from a microtask, so all the jobs one React commit enqueues are known (with
 * their priorities) before the first one is chosen.
 */

export interface RenderJob {
  /** Drops the job if it has not started; a started job is stopped by its own cancellation. */
  cancel(): void;
  /** Lower runs sooner. */
  setPriority(priority: number): void;
}

interface Entry {
  priority: number;
  seq: number;
  run: () => Promise<void>;
}

export class RenderScheduler {
  private readonly queued = new Set<Entry>();
  private running = 0;
  private seq = 0;
  private pumpPending = false;

  /**
   * One at a time by default, as pdf.js's own viewer does: a render draws in slices of up to
   * ~15 ms, one per animation frame, so every extra concurrent render adds a slice to each frame
   * and scrolling stutters; the worker-side parsing gains little from running two.
   */
  constructor(private readonly concurrency = 1) {}

  enqueue(priority: number, run: () => Promise<void>): RenderJob {
    const entry: Entry = { priority, seq: this.seq++, run };
    this.queued.add(entry);
    this.schedulePump();
    return {
      cancel: () => {
        this.queued.delete(entry);
      },
      setPriority: (p) => {
        entry.priority = p;
      },
    };
  }

  /** Jobs waiting to start (for tests and diagnostics). */
  get pending(): number {
    return this.queued.size;
  }

  private schedulePump(): void {
    if (this.pumpPending) return;
    this.pumpPending = true;
    queueMicrotask(() => {
      this.pumpPending = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queued.size > 0) {
      let next: Entry | undefined;
      for (const entry of this.queued) {
        if (
          !next ||
          entry.priority < next.priority ||
          (entry.priority === next.priority && entry.seq < next.seq)
        ) {
          next = entry;
        }
      }
      if (!next) return;
      this.queued.delete(next);
      this.running += 1;
      // The job reports its own errors; the scheduler only needs to know that it ended.
      next
        .run()
        .catch(() => undefined)
        .finally(() => {
          this.running -= 1;
          this.schedulePump();
        });
    }
  }
}
