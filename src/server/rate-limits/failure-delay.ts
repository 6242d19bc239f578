import type { FailureDelay } from "../env";
import { type Counter, counterKey, type Decision, inSeconds } from "./limiter";
import type { RateLimitStore } from "./store";

/** Failures in a row are forgotten this long after the last one (plus the longest wait). */
const FORGET_MS = 24 * 3_600_000;
/** Tries at counting an attempt while others for the same key change it first. */
const SWAP_TRIES = 3;

/** How long the attempt after `failures` failures in a row waits after the last of them. */
export function waitAfter(failures: number, delay: FailureDelay): number {
  if (failures < delay.freeFailures) return 0;
  return Math.min(delay.maxWaitMs, 1000 * 2 ** (failures - delay.freeFailures));
}

/**
 * A growing delay rather than a lock: after the free failures the next
 * attempt must wait 1 s, then 2 s, 4 s … up to the longest wait. An attempt
 * made too early is refused and not counted, so retrying early costs nothing
 * but never lengthens the wait. The store's counter holds the failures, and
 * its window's end (last failure + forget time) tells when the last one was.
 */
export class FailureDelayCounter implements Counter {
  private readonly forgetMs: number;

  constructor(
    private readonly store: RateLimitStore,
    readonly name: string,
    readonly delay: FailureDelay,
    private readonly clock: () => number = Date.now,
  ) {
    this.forgetMs = FORGET_MS + delay.maxWaitMs;
  }

  async consume(id: string): Promise<Decision> {
    const key = counterKey(this.name, id);
    for (let attempt = 0; attempt < SWAP_TRIES; attempt++) {
      const now = this.clock();
      const state = await this.store.peek(key, now);
      const failures = state?.hits ?? 0;
      if (state) {
        const readyAt = state.resetAt - this.forgetMs + waitAfter(failures, this.delay);
        if (readyAt > now) return { allowed: false, retryAfterSeconds: inSeconds(readyAt - now) };
      }
      const next = { hits: failures + 1, resetAt: now + this.forgetMs };
      if (await this.store.swap(key, state, next, now)) {
        return { allowed: true, retryAfterSeconds: 0 };
      }
    }
    // Other attempts with the same id kept changing the counter: guesses in parallel.
    return { allowed: false, retryAfterSeconds: 1 };
  }

  /**
   * The wait runs from the answer, not from the attempt's start, so a slow
   * password check does not use it up. Lost to a concurrent attempt: that
   * one's time stands, which is as good.
   */
  async failed(id: string): Promise<void> {
    const key = counterKey(this.name, id);
    const now = this.clock();
    const state = await this.store.peek(key, now);
    if (state) await this.store.swap(key, state, { ...state, resetAt: now + this.forgetMs }, now);
  }

  async refund(id: string): Promise<void> {
    await this.store.undo(counterKey(this.name, id), this.clock());
  }
}
