import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";

/** A read's answer as it was sent, and the data version it was read at. */
export interface CachedAnswer {
  version: string;
  body: string;
  contentType: string;
  /** A strong validator: the body's hash, so equal bytes give equal tags whoever asks. */
  etag: string;
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
