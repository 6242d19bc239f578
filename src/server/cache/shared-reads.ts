import { LRUCache } from "lru-cache";
import { type CacheCounters, UNCOUNTED } from "../metrics/metrics";

interface Entry {
  version: string;
  value: unknown;
}

/**
 * The parts of read answers that every caller sees alike — a category
 * page's bikes, their photos, fair prices and the category — cached once for
 * everyone under the version of what they were read from, and completed per
 * caller with what is theirs (hearts, their bookings). The response cache
 * (response-cache.ts) keeps whole answers per caller; after a write, the
 * first caller to ask reads the shared part and every other caller only
 * their own part of it (docs/decisions/0007-read-caches.md).
 *
 * The same rule as every cached read: `version` is read before the value's
 * own reads, so a value is never newer than the version it is stored under.
 * Callers that ask for the same key at the same version while its value is
 * being read wait for that read instead of making their own.
 */
export class SharedReads {
  readonly #entries: LRUCache<string, Entry>;
  readonly #reading = new Map<string, Promise<unknown>>();
  readonly #counters: CacheCounters;

  constructor(options: { maxEntries?: number; counters?: CacheCounters } = {}) {
    const counters = options.counters ?? UNCOUNTED;
    this.#counters = counters;
    this.#entries = new LRUCache<string, Entry>({
      max: options.maxEntries ?? 2_000,
      dispose: (_entry, _key, reason) => {
        if (reason === "evict") counters.evict();
      },
    });
  }

  /** The value stored under `key` at `version`, else `read()`'s, stored for the next caller. */
  async read<T>(key: string, version: string, read: () => Promise<T>): Promise<T> {
    const stored = this.#entries.get(key);
    if (stored?.version === version) {
      this.#counters.hit();
      return stored.value as T;
    }
    const flight = `${version} ${key}`;
    const under = this.#reading.get(flight);
    if (under) {
      this.#counters.hit();
      return under as Promise<T>;
    }
    this.#counters.miss();
    const reading = read();
    this.#reading.set(flight, reading);
    try {
      const value = await reading;
      this.#entries.set(key, { version, value });
      return value;
    } finally {
      this.#reading.delete(flight);
    }
  }
}
