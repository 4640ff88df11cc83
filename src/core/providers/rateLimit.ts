/**
 * A sliding-window rate limiter (the agentic seed's "10 calls/minute"): `acquire` resolves when a
 * call may start, waiting while `limit` calls already started within the last `windowMs`. The wait
 * is abortable, so a superseded run stops waiting at once. The clock is injectable for tests.
 */

export interface Clock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const realClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise<void>((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason as Error);
      const timer = setTimeout(() => {
        signal?.removeEventListener("abort", onAbort);
        resolve();
      }, ms);
      const onAbort = () => {
        clearTimeout(timer);
        reject(signal!.reason as Error);
      };
      signal?.addEventListener("abort", onAbort, { once: true });
    }),
};

export class RateLimiter {
  private readonly starts: number[] = [];
  private current: number;

  constructor(
    limit: number,
    readonly windowMs = 60_000,
    private readonly clock: Clock = realClock,
  ) {
    this.current = checkedLimit(limit);
  }

  /** Calls allowed per window. */
  get limit(): number {
    return this.current;
  }

  /** A shared limiter follows the lowest limit its callers ask for; the calls already started still count. */
  setLimit(limit: number): void {
    this.current = checkedLimit(limit);
  }

  /** How long the next call would wait now, in ms (0 when it may start). */
  waitMs(): number {
    this.prune();
    if (this.starts.length < this.limit) return 0;
    return this.starts[this.starts.length - this.limit]! + this.windowMs - this.clock.now();
  }

  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted();
      const wait = this.waitMs();
      if (wait <= 0) break;
      await this.clock.sleep(wait, signal);
    }
    this.starts.push(this.clock.now());
  }

  private prune() {
    const horizon = this.clock.now() - this.windowMs;
    while (this.starts.length > 0 && this.starts[0]! <= horizon) this.starts.shift();
  }
}

function checkedLimit(limit: number): number {
  if (!(limit >= 1)) throw new RangeError(`rate limit must be at least 1 call per window, got ${limit}`);
  return limit;
}

/**
 * One limiter per endpoint, shared by every caller (the agentic chunker, the LLM judge) at the
 * lowest limit any of them asks for (CHUNKERS.md): separate limiters per caller or per limit value
 * would let more than the seed's 10 calls a minute reach one endpoint.
 */
export class EndpointLimiters {
  private readonly byEndpoint = new Map<string, { limiter: RateLimiter; asked: Map<string, number> }>();

  constructor(private readonly clock: Clock = realClock) {}

  /** The endpoint's limiter, after `caller` asks for `perMinute` (its latest ask replaces its earlier one). */
  for(endpoint: string, caller: string, perMinute: number): RateLimiter {
    let entry = this.byEndpoint.get(endpoint);
    if (!entry) {
      entry = { limiter: new RateLimiter(perMinute, 60_000, this.clock), asked: new Map() };
      this.byEndpoint.set(endpoint, entry);
    }
    entry.asked.set(caller, checkedLimit(perMinute));
    entry.limiter.setLimit(Math.min(...entry.asked.values()));
    return entry.limiter;
  }
}

/**
 * A daily token budget (the agentic seed's "100k tokens/day"). The count lives with whoever persists
 * it (the app's localStorage, without any secret; the CLI's process); here it is only arithmetic.
 */
export interface TokenBudgetState {
  /** The UTC day the count belongs to, "YYYY-MM-DD". */
  day: string;
  used: number;
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Tokens left today under `budget`, given what was used (a count from another day is stale: zero). */
export function remainingBudget(state: TokenBudgetState | undefined, budget: number, nowMs: number): number {
  const used = state && state.day === utcDay(nowMs) ? state.used : 0;
  return Math.max(0, budget - used);
}

/** The state after spending `tokens` now. */
export function spendBudget(
  state: TokenBudgetState | undefined,
  tokens: number,
  nowMs: number,
): TokenBudgetState {
  const day = utcDay(nowMs);
  const used = state && state.day === day ? state.used : 0;
  return { day, used: used + tokens };
}
