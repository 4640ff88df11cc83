/**
 * Whether the page's interactive engine work is in flight — a re-chunk after a slider move, an
 * evaluation, a document opening — so that background work (a sweep's points) gives way to it.
 *
 * On 2 cores a sweep worker, the engine worker and the page's main thread share the machine; a
 * point started while a re-chunk runs slows both the re-chunk and the render of its result (which
 * then went over 50 ms). A sweep therefore starts its next point only once the engine has been
 * idle for a moment: its result rendered and painted. A point already running finishes (they take
 * milliseconds); a drag that never stops pauses the sweep, which then resumes where it was.
 */

/** After the last interactive call settles, how long its result takes to render and paint. */
const QUIET_AFTER_MS = 120;
/**
 * The longest background work waits: an LLM chunker's run can be in flight for minutes, mostly
 * waiting on the network, and must not starve a sweep.
 */
const MAX_WAIT_MS = 2000;

export class EngineActivity {
  private inFlight = 0;
  private lastSettled = Number.NEGATIVE_INFINITY;
  private readonly waiters = new Set<() => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly quietAfterMs = QUIET_AFTER_MS,
    private readonly maxWaitMs = MAX_WAIT_MS,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Marks one interactive call as started; the returned function marks it settled (once). */
  begin(): () => void {
    this.inFlight++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.inFlight--;
      this.lastSettled = this.now();
      this.schedule();
    };
  }

  get busy(): boolean {
    return this.inFlight > 0 || this.now() - this.lastSettled < this.quietAfterMs;
  }

  /**
   * Resolves once no interactive call is in flight and the last one settled `quietAfterMs` ago —
   * or `maxWaitMs` after the call, whichever comes first.
   */
  whenQuiet(): Promise<void> {
    if (!this.busy) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(giveUp);
        this.waiters.delete(done);
        resolve();
      };
      const giveUp = setTimeout(done, this.maxWaitMs);
      this.waiters.add(done);
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.timer !== null || this.waiters.size === 0 || this.inFlight > 0) return;
    const wait = Math.max(0, this.lastSettled + this.quietAfterMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.busy) return this.schedule();
      const waiting = [...this.waiters];
      this.waiters.clear();
      for (const resolve of waiting) resolve();
    }, wait);
  }
}

/** The page's one engine: its bridge marks every call here, sweeps give way to them. */
export const engineActivity = new EngineActivity();
