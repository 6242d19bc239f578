import { createHash } from "node:crypto";
import { LRUCache } from "lru-cache";
import { type ContentEncoding, compress } from "../lib/content-encoding";

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
  /** The body as bytes, made when first sent. */
  bytes?: Buffer;
  /** The body compressed, each encoding made when a client first asks for it. */
  encoded?: Partial<Record<ContentEncoding, Buffer>>;
}

/** Per caller (user id, or "-" when signed out) and the exact path and query. */
export function answerKey(userId: string | null, pathAndQuery: string): string {
  return `${userId ?? "-"} ${pathAndQuery}`;
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
      // The body, plus room for its bytes and compressed copies made later.
      sizeCalculation: (answer, key) => answer.body.length * 2 + key.length + 200,
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

/** Below this a compressed answer saves less than its headers cost. */
const COMPRESS_FROM_BYTES = 1024;

/** What to send for this answer to a client that takes `encoding`. */
export interface EncodedAnswer {
  bytes: Buffer;
  encoding: ContentEncoding | null;
  /** Weak for a compressed body: the same content, other bytes (RFC 9110 §8.8.1). */
  etag: string;
}

/**
 * The answer's bytes as this client takes them: brotli or gzip when it
 * accepts one and the body is worth it, made once per cached answer and
 * kept with it, so a page of bikes crosses a phone's connection at about a
 * fifth of its size without compressing it on every request.
 */
export function encodedAnswer(
  answer: CachedAnswer,
  encoding: ContentEncoding | null,
): EncodedAnswer {
  answer.bytes ??= Buffer.from(answer.body);
  if (!encoding || answer.bytes.length < COMPRESS_FROM_BYTES) {
    return { bytes: answer.bytes, encoding: null, etag: answer.etag };
  }
  answer.encoded ??= {};
  const bytes = answer.encoded[encoding] ?? compress(answer.bytes, encoding);
  answer.encoded[encoding] = bytes;
  return { bytes, encoding, etag: `W/${answer.etag}` };
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
