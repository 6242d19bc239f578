import type { HttpBindings } from "@hono/node-server";
import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import {
  type EncodedResponse,
  encodedResponse,
  matchesEtag,
  responseKey,
} from "../cache/response-cache";
import type { AppBindings } from "../context";
import { preferredEncoding } from "../lib/content-encoding";
import { dataVersion } from "./session";

/**
 * For the read endpoints the pages load most (categories, a category's bikes,
 * the home page's bikes, search, a bike): the response is cached per caller
 * and request target and served again while nothing has been written to the
 * database (cache/response-cache.ts, docs/decisions/0007-read-caches.md). A
 * bike booked on any process is a write, so no response read before it is
 * served after it.
 *
 * Headers: `private` (per caller: no shared cache may keep it), `no-cache`
 * (the browser may keep it but asks every time) and an ETag, so a browser
 * asking again with If-None-Match gets 304 and no body when nothing changed.
 * The body goes brotli- or gzip-compressed to a client that takes it
 * (`Vary: Accept-Encoding`), compressed once per cached response.
 */
export const cachedRead = createMiddleware<AppBindings>(async (c, next) => {
  if (c.req.method !== "GET") return next();
  const responses = c.get("deps").responses;
  const key = responseKey(c.get("user")?.id ?? null, requestTarget(c));
  const version = await dataVersion(c);
  c.header("Cache-Control", "private, no-cache");
  c.header("Vary", "Accept-Encoding");
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  const cached = responses.get(key, version);
  if (cached) {
    c.set("cachedResponse", cached);
    const sent = encodedResponse(cached, encoding);
    c.header("ETag", sent.etag);
    if (matchesEtag(c.req.header("if-none-match"), cached.etag)) return c.body(null, 304);
    return c.body(new Uint8Array(sent.bytes), 200, bodyHeaders(cached.contentType, sent));
  }
  await next();
  const contentType = c.res.headers.get("content-type") ?? "";
  // Only whole, successful JSON responses are cached; errors are cheap and may change with time.
  if (c.res.status !== 200 || !contentType.startsWith("application/json")) {
    c.header("Cache-Control", "no-store");
    return;
  }
  const body = await c.res.clone().text();
  const stored = responses.set(key, version, { body, contentType, path: c.req.path });
  c.set("cachedResponse", stored);
  const sent = encodedResponse(stored, encoding);
  c.header("ETag", sent.etag);
  if (matchesEtag(c.req.header("if-none-match"), stored.etag)) {
    c.res = c.body(null, 304);
  } else if (sent.encoding) {
    c.res = c.body(new Uint8Array(sent.bytes), 200, bodyHeaders(contentType, sent));
  }
});

/**
 * The request target as the client sent it, which cache/replay.ts reads too.
 * In-process (`app.request` in tests) there is no Node request and nothing
 * replays: the URL's path and query stand in for it.
 */
function requestTarget(c: Context<AppBindings>): string {
  const target = (c.env as Partial<HttpBindings> | undefined)?.incoming?.url;
  if (target !== undefined) return target;
  const url = c.req.url;
  return url.slice(url.indexOf("/", url.indexOf("//") + 2));
}

function bodyHeaders(contentType: string, sent: EncodedResponse): Record<string, string> {
  return sent.encoding
    ? { "Content-Type": contentType, "Content-Encoding": sent.encoding }
    : { "Content-Type": contentType };
}
