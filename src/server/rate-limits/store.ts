import type { Logger } from "../logger";

/** One counter's state after a hit: hits in the open window and when that window closes (epoch ms). */
export interface Hit {
  hits: number;
  resetAt: number;
}

/**
 * Fixed-window counters shared by every app process. A window opens with a
 * key's first hit and lasts `windowMs`; the next hit after it closes opens a
 * new one. Every operation is one atomic statement, so concurrent hits from
 * several processes are all counted.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, now: number): Promise<Hit>;
  /** Takes one hit back while the window is open (an attempt that turned out fine). */
  undo(key: string, now: number): Promise<void>;
  /** The counter while its window is open; null when there is none. */
  peek(key: string, now: number): Promise<Hit | null>;
  /**
   * Sets the counter to `next` only if it still holds what `peek` saw
   * (`expected`); false when another process changed it first.
   */
  swap(key: string, expected: Hit | null, next: Hit, now: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Counters in this process only: the fallback while the shared store is unreachable, and for unit tests. */
export function memoryStore(): RateLimitStore {
  const counters = new Map<string, Hit>();
  let sweptAt = 0;
  const open = (key: string, now: number) => {
    if (now - sweptAt > 60_000) {
      sweptAt = now;
      for (const [name, hit] of counters) if (hit.resetAt <= now) counters.delete(name);
    }
    const current = counters.get(key);
    return current && current.resetAt > now ? current : null;
  };
  return {
    async hit(key, windowMs, now) {
      const current = open(key, now);
      const next =
        current && current.resetAt > now
          ? { hits: current.hits + 1, resetAt: current.resetAt }
          : { hits: 1, resetAt: now + windowMs };
      counters.set(key, next);
      return next;
    },
    async undo(key, now) {
      const current = open(key, now);
      if (current && current.hits > 0) current.hits -= 1;
    },
    async peek(key, now) {
      const current = open(key, now);
      return current && { ...current };
    },
    async swap(key, expected, next, now) {
      const current = open(key, now);
      const same = current
        ? current.hits === expected?.hits && current.resetAt === expected.resetAt
        : expected === null;
      if (same) counters.set(key, { ...next });
      return same;
    },
    async close() {
      counters.clear();
    },
  };
}

/** How long a request waits for the shared store before counting in this process. */
export const STORE_TIMEOUT_MS = 1_000;
/**
 * After the shared store fails or is slow, requests count in this process
 * for this long before it is tried again: a store that stopped answering
 * (a network partition drops packets, nothing refuses them) would otherwise
 * cost every request a full timeout per counter, several for a sign-in.
 */
export const RETRY_STORE_AFTER_MS = 5_000;

/**
 * The shared store, falling back to per-process counters when it fails or
 * is slow: an outage of Redis (or a slow database) must not take sign-in and
 * every write down with it, and limits per process still slow an attacker.
 * Each fallback is logged, at most once a minute. A counter read from one
 * store and compared-and-set in the other fails its swap and is read again
 * (failure-delay.ts), so a switch between them mid-attempt counts no less.
 */
export function withFallback(primary: RateLimitStore, logger: Logger): RateLimitStore {
  const fallback = memoryStore();
  let warnedAt = 0;
  let primaryRestsUntil = 0;
  // The primary's answer, or the fallback's when the primary fails or is slow
  // (and for a while after, see RETRY_STORE_AFTER_MS).
  const attempt = async <T>(primaryWork: () => Promise<T>, fallbackWork: () => Promise<T>) => {
    if (Date.now() < primaryRestsUntil) return fallbackWork();
    try {
      return await withTimeout(primaryWork());
    } catch (error) {
      primaryRestsUntil = Date.now() + RETRY_STORE_AFTER_MS;
      degraded(error);
      return fallbackWork();
    }
  };
  const degraded = (error: unknown) => {
    const now = Date.now();
    if (now - warnedAt < 60_000) return;
    warnedAt = now;
    logger.error({ err: error }, "rate-limit store unavailable: counting in this process only");
  };
  return {
    hit: (key, windowMs, now) =>
      attempt(
        () => primary.hit(key, windowMs, now),
        () => fallback.hit(key, windowMs, now),
      ),
    undo: (key, now) =>
      attempt(
        () => primary.undo(key, now),
        () => fallback.undo(key, now),
      ),
    peek: (key, now) =>
      attempt(
        () => primary.peek(key, now),
        () => fallback.peek(key, now),
      ),
    swap: (key, expected, next, now) =>
      attempt(
        () => primary.swap(key, expected, next, now),
        () => fallback.swap(key, expected, next, now),
      ),
    async close() {
      await Promise.allSettled([primary.close(), fallback.close()]);
    },
  };
}

async function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no response within ${STORE_TIMEOUT_MS} ms`)),
      STORE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
