/**
 * Cancellation that a long synchronous loop can honour. A worker learns of an abort by a message,
 * and a message is only read between tasks: a chunker that loops for 500 ms without yielding cannot
 * be stopped by its AbortSignal at all. A checkpoint yields to the event loop once a time slice has
 * passed (so the abort message gets in), then throws if the run was aborted. Without a signal (the
 * CLI, tests) it never yields and costs a comparison.
 *
 *   const cp = checkpoint(signal);
 *   for (…) { if (cp.due()) await cp.yield(); … }
 */
export interface Checkpoint {
  /** True when the slice is over and the loop should `await yield()`. */
  due(): boolean;
  /** Lets pending messages in, then throws the signal's reason if the run was aborted. */
  yield(): Promise<void>;
}

/** Long enough that yields cost nothing measurable, short enough that an abort lands within a frame. */
const CHECKPOINT_SLICE_MS = 12;

const NEVER: Checkpoint = { due: () => false, yield: () => Promise.resolve() };

export function checkpoint(signal: AbortSignal | undefined, sliceMs = CHECKPOINT_SLICE_MS): Checkpoint {
  if (!signal) return NEVER;
  signal.throwIfAborted();
  let sliceStart = performance.now();
  return {
    due: () => performance.now() - sliceStart >= sliceMs,
    async yield() {
      await yieldToEventLoop();
      signal.throwIfAborted();
      sliceStart = performance.now();
    },
  };
}

type Scheduler = (callback: () => void) => void;

/**
 * A macrotask that lets what is already queued run first. In a browser or worker a MessageChannel
 * round trip (no setTimeout clamp; the abort message, queued earlier, is read before it). In Node
 * (setImmediate exists) setTimeout: an immediate can run before timers that are already due, and an
 * abort there comes from a timer or I/O.
 */
const schedule: Scheduler = (() => {
  const g = globalThis as unknown as {
    setImmediate?: unknown;
    MessageChannel?: new () => {
      port1: { onmessage: (() => void) | null };
      port2: { postMessage(value: unknown): void };
    };
  };
  if (g.setImmediate) return (cb: () => void) => void setTimeout(cb, 0);
  if (g.MessageChannel) {
    const channel = new g.MessageChannel();
    const queue: (() => void)[] = [];
    channel.port1.onmessage = () => queue.shift()?.();
    return (cb: () => void) => {
      queue.push(cb);
      channel.port2.postMessage(null);
    };
  }
  return (cb: () => void) => void setTimeout(cb, 0);
})();

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => schedule(resolve));
}
