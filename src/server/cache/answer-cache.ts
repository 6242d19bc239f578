import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

/** A read's answer as it was sent, and the data version it was read at. */
export interface CachedAnswer {
  version: string;
  body: string;
  contentType: string;
  /** A strong validator: the body's hash, so equal bytes give equal tags whoever asks. */
  etag: string;
  /**
   * The response's headers as the app sent them the first time (security
   * headers included; no request id, length or cookie), name, value, name, …:
   * what cache/replay.ts sends again without going through the app.
   */
  headers?: string[];
  /** The body as bytes, made on first replay. */
  bytes?: Buffer;
}

/** Per caller (user id, or "-" when signed out) and the exact path and query. */
export function answerKey(userId: string | null, pathAndQuery: string): string {
  return `${userId ?? "-"} ${pathAndQuery}`;
}

const NOT_REPLAYED = new Set([
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
 * Answers of the read endpoints (middleware/cached-read.ts), per caller and
 * URL, served again only while the data version is the one they were read
 * at (cache/data-version.ts): after any write, on any process, they are read
 * afresh. Bounded by count and by bytes; the least recently used go first.
 */
export class AnswerCache {
  readonly #entries: LRUCache<string, CachedAnswer>;

  constructor(options: { maxEntries?: number; maxBytes?: number } = {}) {
    this.#entries = new LRUCache<string, CachedAnswer>({
      max: options.maxEntries ?? 5_000,
      maxSize: options.maxBytes ?? 64 * 1024 * 1024,
      sizeCalculation: (answer, key) => answer.body.length + key.length + 200,
    });
  }

  /** The answer stored under `key` if it was read at `version`, else undefined. */
  get(key: string, version: string): CachedAnswer | undefined {
    const answer = this.#entries.get(key);
    return answer?.version === version ? answer : undefined;
  }

  set(key: string, version: string, body: string, contentType: string): CachedAnswer {
    const answer = { version, body, contentType, etag: etagOf(body) };
    this.#entries.set(key, answer);
    return answer;
  }
}

export function etagOf(body: string): string {
  return `"${createHash("sha1").update(body).digest("base64url")}"`;
}

/** Whether an If-None-Match header names this tag (or is `*`). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed === etag || trimmed === `W/${etag}`;
  });
}
