import { createHash } from "node:crypto";
import type { Deps } from "../context";
import type { RateLimit } from "../env";
import { databaseStore } from "./database-store";
import { redisStore } from "./redis-store";
import { type RateLimitStore, withFallback } from "./store";

export interface Decision {
  allowed: boolean;
  /** Whole seconds until the window closes (at least 1): the Retry-After value. */
  retryAfterSeconds: number;
}

/** One named limit over a shared store, e.g. "failed sign-ins per account". */
export class Limiter {
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
    const { hits, resetAt } = await this.store.hit(this.key(id), this.limit.windowMs, now);
    return {
      allowed: hits <= this.limit.points,
      retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
    };
  }

  /** Takes back an attempt that turned out not to count (a sign-in with the right password). */
  async refund(id: string): Promise<void> {
    await this.store.undo(this.key(id), this.clock());
  }

  // Hashed: the store then holds no e-mail address or IP address, only counters.
  private key(id: string): string {
    return `${this.name}:${createHash("sha256").update(id).digest("base64url").slice(0, 24)}`;
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
