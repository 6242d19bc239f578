import type { User } from "../shared/schemas/users";
import type { Auth } from "./auth";
import type { DataVersion } from "./cache/data-version";
import type { CachedResponse, ResponseCache } from "./cache/response-cache";
import type { SessionCache } from "./cache/session-cache";
import type { SharedReads } from "./cache/shared-reads";
import type { AppDb, Dialect } from "./db/database";
import type { Env } from "./env";
import type { PhotoStorage } from "./features/uploads/photo-storage";
import type { LiveEvents } from "./live/live-events";
import type { Logger } from "./logger";
import type { Outbox } from "./mail/mail-outbox";
import type { Metrics } from "./metrics/metrics";

/** Everything a request handler may need, created once at start. */
export interface Deps {
  env: Env;
  db: AppDb;
  dialect: Dialect;
  auth: Auth;
  logger: Logger;
  /** Uploaded photos' files: DATA_DIR/uploads, or an object store behind the same interface. */
  photos: PhotoStorage;
  /** Whether what a cached answer was read from was written since: what every cache checks (cache/). */
  dataVersion: DataVersion;
  /** better-auth's session responses, cached while the user's sessions are unchanged. */
  sessions: SessionCache;
  /** The read endpoints' responses, cached while what they were read from is unchanged. */
  responses: ResponseCache;
  /** What a read's answer holds alike for every caller, cached once for all of them. */
  sharedReads: SharedReads;
  /** Mail waiting to be sent; every process's worker sends it (mail/). */
  outbox: Outbox;
  /** Request, cache and limit counters for GET /metrics (metrics/). */
  metrics: Metrics;
  /** New messages, notifications and unread counts for GET /api/me/events, from every process (live/). */
  live: LiveEvents;
}

/** Hono's per-request variables. */
export interface AppBindings {
  Variables: {
    deps: Deps;
    requestId: string;
    user: User | null;
    sessionId: string | null;
    /** The cached response this request was served from or stored as (middleware/cached-read.ts). */
    cachedResponse: CachedResponse | undefined;
    /** Stores a cached read's JSON text and makes its response (middleware/cached-read.ts). */
    storeCachedJson: ((body: string) => Response) | undefined;
    /** Each key's version as a cached read's scope was read, for its handler (middleware/cached-read.ts). */
    versionsRead: ReadonlyMap<string, string> | undefined;
  };
}
