import { createHash } from "node:crypto";
import type { Deps } from "../context";
import type { RateLimit } from "../env";
import { databaseStore } from "./database-store";
import { redisStore } from "./redis-store";
import { type RateLimitStore, withFallback } from "./store";

export interface Decision {
  allowed: boolean;
  /** Whole seconds until the next attempt may be made (at least 1): the Retry-After value. */
  retryAfterSeconds: number;
}

/** Something that counts attempts by an id and may refuse them. */
export interface Counter {
  /** What it limits, as metrics label its refusals (`reride_rate_limit_refusals_total{limit}`). */
  readonly name: string;
  /** Counts one attempt by `id`, unless it is refused. */
  consume(id: string): Promise<Decision>;
  /** Takes back an attempt that turned out not to count (a sign-in with the right password). */
  refund(id: string): Promise<void>;
  /** Notes that a counted attempt failed just now (the growing delay waits from here). */
  failed?(id: string): Promise<void>;
}

/** Whole seconds, at least 1, for a wait in milliseconds. */
export const inSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/** A store key for `id` under a limit's name. */
export function counterKey(name: string, id: string): string {
  // Hashed: the store then holds no e-mail address or IP address, only counters.
  return `${name}:${createHash("sha256").update(id).digest("base64url").slice(0, 24)}`;
}

/** One named limit over a shared store, e.g. "failed sign-ins per account". */
export class Limiter implements Counter {
  constructor(
    private readonly store: RateLimitStore,
    /** A fixed few ("writes", "sign-in:account", …): also the metrics' `limit` label. */
    readonly name: string,
    readonly limit: RateLimit,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Counts one attempt by `id`; refused once the window holds more than the limit. */
  async consume(id: string): Promise<Decision> {
    const now = this.clock();
    const { hits, resetAt } = await this.store.hit(
      counterKey(this.name, id),
      this.limit.windowMs,
      now,
    );
    return {
      allowed: hits <= this.limit.points,
      retryAfterSeconds: inSeconds(resetAt - now),
    };
  }

  async refund(id: string): Promise<void> {
    await this.store.undo(counterKey(this.name, id), this.clock());
  }
}

// One store per set of dependencies, so the apps of one process share a Redis connection.
const stores = new WeakMap<Deps, RateLimitStore>();

export function rateLimitStoreFor(deps: Deps): RateLimitStore {
  let store = stores.get(deps);
  if (!store) {
    const config = deps.env.rateLimits.store;
    const primary = config.kind === "redis" ? redisStore(config.url) : databaseStore(deps.db);
    store = withFallback(primary, deps.logger);
    stores.set(deps, store);
  }
  return store;
}

/** At shutdown: closes the Redis connection, if there is one. */
export async function closeRateLimitStore(deps: Deps): Promise<void> {
  await stores.get(deps)?.close();
  stores.delete(deps);
}
