import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { pricesKey, type VersionScope } from "../cache/data-version";
import {
  type CachedResponse,
  type EncodedResponse,
  encodedResponse,
  matchesEtag,
  responseKey,
} from "../cache/response-cache";
import type { AppBindings } from "../context";
import { preferredEncoding } from "../lib/content-encoding";

/** What a cached read's answer is read from, given its request (params, caller). */
export type ReadScope = (c: Context<AppBindings>) => VersionScope;

/** The signed-in caller's own state (wishlist hearts, bookings, quotes): `user:<id>`. */
const ownKeys = (c: Context<AppBindings>) => {
  const user = c.get("user");
  return user ? [`user:${user.id}`] : [];
};

/**
 * The scopes of the cached reads (docs/decisions/0007-read-caches.md): each
 * names every version key whose writes can change its answer, and no other.
 * The keys are moved by triggers in the database (db/migrations/version-triggers.ts).
 *
 * A new feature whose data a cached read shows (reviews' averages on cards, a
 * hidden flag) registers in two places, both needed for correctness:
 * 1. its migration calls `createVersionTriggers` for each new table a cached
 *    read reads, giving the keys a row touches (a review: its bike's
 *    `bike:<id>` and `category:<categoryId>`); new columns of a table that has
 *    triggers need nothing;
 * 2. a new cached endpoint passes `cachedRead` a scope from here, or a new one
 *    naming the keys it reads, and answers with `cachedJson` (below).
 * A table no cached read reads (messages, notifications) gets no triggers, so
 * its writes evict nothing.
 */
export const readScopes = {
  /** GET /api/categories: every category and its count of available bikes. */
  categories: (() => ({ keys: [], catalog: true })) satisfies ReadScope,
  /** Bikes of any category, with the caller's hearts (the home page's advertised bikes). */
  catalog: ((c) => ({ keys: ownKeys(c), catalog: true })) satisfies ReadScope,
  /** Search: any category's bikes, matched through the search vocabulary. */
  search: ((c) => ({ keys: [...ownKeys(c), "search"], catalog: true })) satisfies ReadScope,
  /** A category's bikes, its fair-price statistics, the caller's hearts and bookings. */
  category: ((c) => {
    const shared = sharedScopes.category(c.req.param("id") ?? "");
    return { keys: [...shared.keys, ...ownKeys(c)] };
  }) satisfies ReadScope,
  /** A bike, its category's fair-price statistics, the caller's heart, booking and quote. */
  bike: ((c) => {
    const id = c.req.param("id") ?? "";
    return { keys: [`bike:${id}`, ...ownKeys(c)], pricesOfBikes: [id] };
  }) satisfies ReadScope,
};

/**
 * The scopes of what a read shares between callers (cache/shared-reads.ts):
 * the same keys as its answer's scope, without the caller's own.
 */
export const sharedScopes = {
  /** A category's bikes as every caller sees them, and its fair-price statistics. */
  category: (categoryId: string): VersionScope => ({
    keys: [`category:${categoryId}`, pricesKey(categoryId)],
  }),
};

/**
 * For the read endpoints the pages load most (categories, a category's bikes,
 * the home page's bikes, search, a bike): the response is cached per caller
 * and request target and served again while nothing it was read from has
 * been written (`scopeOf`, cache/response-cache.ts,
 * docs/decisions/0007-read-caches.md). A bike booked on any process moves
 * its bike's, its category's and the catalog's versions, so no response
 * showing it available is served after the booking.
 *
 * Headers: `private` (per caller: no shared cache may keep it), `no-cache`
 * (the browser may keep it but asks every time) and an ETag, so a browser
 * asking again with If-None-Match gets 304 and no body when nothing changed.
 * The body goes brotli- or gzip-compressed to a client that takes it
 * (`Vary: Accept-Encoding`), compressed once per cached response.
 */
export function cachedRead(scopeOf: ReadScope) {
  return createMiddleware<AppBindings>(async (c, next) => {
    if (c.req.method !== "GET") return next();
    const { responses, dataVersion } = c.get("deps");
    const key = responseKey(c.get("user")?.id ?? null, requestTarget(c));
    const scope = scopeOf(c);
    // Read after the request arrived, before any of its own reads. The handler gets each
    // key's version from the same read, for what it keeps under one key of the scope.
    const { token: version, versions } = await dataVersion.readWithVersions(scope);
    c.set("versionsRead", versions);
    c.header("Cache-Control", "private, no-cache");
    c.header("Vary", "Accept-Encoding");
    const encoding = preferredEncoding(c.req.header("accept-encoding"));
    /** The cached response as this client takes it: its bytes, or 304 when it has them. */
    const answer = (found: CachedResponse): Response => {
      c.set("cachedResponse", found);
      const sent = encodedResponse(found, encoding);
      c.header("ETag", sent.etag);
      if (matchesEtag(c.req.header("if-none-match"), found.etag)) return c.body(null, 304);
      return c.body(viewOf(sent.bytes), 200, bodyHeaders(found.contentType, sent));
    };
    // Cached, or being read by another request for the same key at this version
    // (waited for), or else read here by the handler.
    let handled = false;
    let stored: CachedResponse | undefined;
    const found = await responses.read(key, version, async () => {
      handled = true;
      // The handler's answer, through `cachedJson`: stored, and sent as stored.
      c.set("storeCachedJson", (body) => {
        stored = responses.set(key, version, {
          body,
          contentType: JSON_TYPE,
          path: c.req.path,
          scope,
        });
        return answer(stored);
      });
      await next();
      if (stored) return stored;
      const contentType = c.res.headers.get("content-type") ?? "";
      // Only whole, successful JSON responses are cached; errors are cheap and may change with time.
      if (c.res.status !== 200 || !contentType.startsWith(JSON_TYPE)) return undefined;
      // A handler that answered without `cachedJson`: its text read back (slower, same result).
      const body = await c.res.clone().text();
      return responses.set(key, version, { body, contentType, path: c.req.path, scope });
    });
    if (!found) {
      c.header("Cache-Control", "no-store");
      return;
    }
    if (!handled) return answer(found);
    // Replacing the handler's response makes Hono rebuild it as a web stream: only when
    // it didn't answer through `cachedJson`.
    if (!stored) c.res = answer(found);
  });
}

const JSON_TYPE = "application/json";

const NO_VERSIONS: ReadonlyMap<string, string> = new Map();

/**
 * Each key's version as this request's `cachedRead` read its scope (none
 * outside one): what a handler keeps apart under one of those keys is
 * checked against them, with no read of the versions of its own.
 */
export function versionsReadFor(c: Context<AppBindings>): ReadonlyMap<string, string> {
  return c.get("versionsRead") ?? NO_VERSIONS;
}

/**
 * A cached read's answer: `value` as JSON. Under `cachedRead` its text is
 * stored and the stored bytes are sent (compressed when the client takes it,
 * with their ETag), in one response. Answering with `c.json` works too, but
 * then the response is read back and made again, each a trip through web
 * streams: together about a fifth of a cache miss's time (decision 21,
 * eighteenth pass).
 */
export function cachedJson(c: Context<AppBindings>, value: unknown): Response {
  const body = JSON.stringify(value);
  const store = c.get("storeCachedJson");
  return store ? store(body) : c.body(body, 200, { "Content-Type": JSON_TYPE });
}

/** Marks the bindings of a request the app makes to itself (`innerRequestBindings`). */
interface InnerRequest {
  innerRequest: true;
}

/**
 * The bindings for a request the app makes to itself while drawing a page
 * (server-render.ts): the connection's own, so the client's address still
 * counts for rate limits, but marked, so the request is cached under its own
 * URL. The connection's request target is the page's: the page's reads,
 * asked side by side, would all share its key and be served each other's
 * answers.
 */
export function innerRequestBindings(env: unknown): InnerRequest {
  return { ...(typeof env === "object" ? env : {}), innerRequest: true };
}

/**
 * The request target as the client sent it, which cache/replay.ts reads too.
 * In-process (`app.request` in tests) there is no Node request and nothing
 * replays, and a request the app makes to itself is not the connection's:
 * the URL's path and query stand in for it.
 */
function requestTarget(c: Context<AppBindings>): string {
  const env = c.env as (Partial<HttpBindings> & Partial<InnerRequest>) | undefined;
  const target = env?.innerRequest ? undefined : env?.incoming?.url;
  if (target !== undefined) return target;
  const url = c.req.url;
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}

/** The cached bytes as the body Hono takes, without copying them. */
function viewOf(bytes: Buffer): Uint8Array<ArrayBuffer> {
  // A Buffer made by Buffer.from is backed by an ArrayBuffer (never a SharedArrayBuffer).
  return new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength);
}

function bodyHeaders(contentType: string, sent: EncodedResponse): Record<string, string> {
  return sent.encoding
    ? { "Content-Type": contentType, "Content-Encoding": sent.encoding }
    : { "Content-Type": contentType };
}
