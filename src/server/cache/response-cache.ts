import { hash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { type ContentEncoding, compress } from "../lib/content-encoding";
import { type CacheCounters, UNCOUNTED } from "../metrics/metrics";
import type { VersionScope } from "./data-version";

/** A read's response as it was sent, what it was read from, and that scope's version then. */
export interface CachedResponse {
  /** The version keys the response was read from (middleware/cached-read.ts). */
  scope: VersionScope;
  version: string;
  contentType: string;
  /** A strong validator: the body's hash, so equal bytes give equal tags whoever asks. */
  etag: string;
  /** The path as the app routed and logged it, for cache/replay.ts's log line. */
  path: string;
  /** The matched route pattern, for cache/replay.ts's request metrics; set with `headers`. */
  route?: string;
  /**
   * The response's headers as the app sent them the first time (security
   * headers included; no request id, length or cookie), name, value, name, …:
   * what cache/replay.ts sends again without going through the app.
   */
  headers?: string[];
  /** The body as bytes (UTF-8), made when stored: the one copy kept of it. */
  bytes: Buffer;
  /** The body compressed, each encoding made when a client first asks for it. */
  encoded?: Partial<Record<ContentEncoding, Buffer>>;
}

/**
 * The one cache key, for middleware/cached-read.ts and cache/replay.ts alike:
 * the caller (user id, or "-" when signed out) and the request target exactly
 * as the client sent it (Node's `IncomingMessage.url`), before any parsing.
 * Targets the app reads as one URL (`/api/./categories`, `/api/categories`)
 * are cached apart, so neither path has to know how the HTTP adapter
 * normalises a URL, and replay never parses one.
 */
export function responseKey(userId: string | null, target: string): string {
  return `${userId ?? "-"} ${target}`;
}

const NOT_REPLAYED = new Set([
  // Per request: which encoding the client takes decides these two.
  "content-encoding",
  "etag",
  "x-request-id",
  "content-length",
  "set-cookie",
  "date",
  "connection",
]);

/** The headers of a response worth sending again, flat (name, value, …). */
export function replayableHeaders(headers: Headers): string[] {
  const flat: string[] = [];
  for (const [name, value] of headers) {
    if (!NOT_REPLAYED.has(name)) flat.push(name, value);
  }
  return flat;
}

/**
 * Responses of the read endpoints (middleware/cached-read.ts), per caller and
 * request target, served again only while the version of what they were read
 * from is the one they were read at (cache/data-version.ts): after a write to
 * that, on any process, they are read afresh. Bounded by count and by bytes; the least recently used go first.
 */
export class ResponseCache {
  readonly #entries: LRUCache<string, CachedResponse>;
  readonly #counters: CacheCounters;
  /** Responses being read right now, by version and key: `read` (below). */
  readonly #reading = new Map<string, Promise<CachedResponse | undefined>>();

  constructor(options: { maxEntries?: number; maxBytes?: number; counters?: CacheCounters } = {}) {
    const counters = options.counters ?? UNCOUNTED;
    this.#counters = counters;
    this.#entries = new LRUCache<string, CachedResponse>({
      max: options.maxEntries ?? 5_000,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      // The bytes, plus room for the compressed copies made later (a fifth or so of them each).
      sizeCalculation: (response, key) => Math.ceil(response.bytes.length * 1.5) + key.length + 200,
      dispose: (_response, _key, reason) => {
        if (reason === "evict") counters.evict();
      },
    });
  }

  /**
   * The response cached under `key` at `version`, or else the one another
   * request for the same key and version is reading at this moment (waited
   * for), or else `read()`'s, which should store what it reads with `set`
   * and return it (undefined: nothing worth caching, e.g. an error).
   *
   * After a write, every request already waiting for a page would otherwise
   * read it again at once, each storing its own copy (a caller with several
   * tabs open, a phone retrying, fifty connections of one client): here the
   * first reads and the rest are served its answer. The wait is only for a
   * read at the same version, which was read after each of them arrived, so
   * what they get is as fresh as what they would have read themselves. A
   * waiter whose leader got nothing worth caching reads for itself.
   */
  async read(
    key: string,
    version: string,
    read: () => Promise<CachedResponse | undefined>,
  ): Promise<CachedResponse | undefined> {
    const cached = this.#entries.get(key);
    if (cached?.version === version) {
      this.#counters.hit();
      return cached;
    }
    const flight = `${version} ${key}`;
    const underWay = this.#reading.get(flight);
    if (underWay) {
      const shared = await underWay.catch(() => undefined);
      if (shared) {
        this.#counters.hit();
        return shared;
      }
      this.#counters.miss();
      return read();
    }
    this.#counters.miss();
    const reading = read();
    this.#reading.set(flight, reading);
    try {
      return await reading;
    } finally {
      this.#reading.delete(flight);
    }
  }

  /**
   * For cache/replay.ts: the response cached under `key` if the app has sent
   * it whole (its headers known), whatever its version, which replay checks
   * against its scope and then counts with `hit`. On a miss the app runs and
   * its own `read` counts it.
   */
  replayable(key: string): CachedResponse | undefined {
    const cached = this.#entries.get(key);
    return cached?.headers ? cached : undefined;
  }

  /** Counts a hit that replay served. */
  hit() {
    this.#counters.hit();
  }

  /**
   * Caches `response` (its body as text), read at `version` of its `scope`
   * (none: only `read` at the same version finds it).
   */
  set(
    key: string,
    version: string,
    response: Pick<CachedResponse, "contentType" | "path"> & { body: string; scope?: VersionScope },
  ): CachedResponse {
    // Encoded once, and only the bytes kept (the text would double what an entry holds):
    // the tag is the hash of the bytes every client is sent.
    const bytes = Buffer.from(response.body);
    const cached: CachedResponse = {
      scope: response.scope ?? { keys: [] },
      version,
      contentType: response.contentType,
      etag: etagOf(bytes),
      path: response.path,
      bytes,
    };
    this.#entries.set(key, cached);
    return cached;
  }
}

/** Below this a compressed response saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** What to send for this response to a client that takes `encoding`. */
export interface EncodedResponse {
  bytes: Buffer;
  encoding: ContentEncoding | null;
  /** Weak for a compressed body: the same content, other bytes (RFC 9110 §8.8.1). */
  etag: string;
}

/**
 * The response's bytes as this client takes them: brotli or gzip when it
 * accepts one and the body is worth it, made once per cached response and
 * cached with it, so a page of bikes crosses a phone's connection at about a
 * fifth of its size without compressing it on every request.
 */
export function encodedResponse(
  cached: CachedResponse,
  encoding: ContentEncoding | null,
): EncodedResponse {
  if (!encoding || cached.bytes.length < COMPRESS_FROM_BYTES) {
    return { bytes: cached.bytes, encoding: null, etag: cached.etag };
  }
  cached.encoded ??= {};
  const bytes = cached.encoded[encoding] ?? compress(cached.bytes, encoding);
  cached.encoded[encoding] = bytes;
  return { bytes, encoding, etag: `W/${cached.etag}` };
}

/** The tag of a response's bytes as stored (`set`). */
export function etagOf(bytes: Buffer): string {
  return `"${hash("sha1", bytes, "base64url")}"`;
}

/** Whether an If-None-Match header names this tag (or is `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed === etag || trimmed === `W/${etag}`;
  });
}
