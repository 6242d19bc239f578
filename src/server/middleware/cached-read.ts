import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import { answerKey, type EncodedAnswer, encodedAnswer, matchesEtag } from "../cache/answer-cache";
import type { AppBindings } from "../context";
import { preferredEncoding } from "../lib/content-encoding";
import { dataVersion } from "./session";

/**
 * For the read endpoints the pages load most (categories, a category's bikes,
 * the home page's bikes, search, a bike): the answer is kept per caller and
 * URL and served again while nothing has been written to the database
 * (cache/answer-cache.ts, docs/decisions/0007-read-caches.md). A bike booked
 * on any process is a write, so no answer read before it is served after it.
 *
 * Headers: `private` (per caller: no shared cache may keep it), `no-cache`
 * (the browser may keep it but asks every time) and an ETag, so a browser
 * asking again with If-None-Match gets 304 and no body when nothing changed.
 * The body goes brotli- or gzip-compressed to a client that takes it
 * (`Vary: Accept-Encoding`), compressed once per cached answer.
 */
export const cachedRead = createMiddleware<AppBindings>(async (c, next) => {
  if (c.req.method !== "GET") return next();
  const answers = c.get("deps").answers;
  const url = c.req.url;
  const key = answerKey(
    c.get("user")?.id ?? null,
    url.slice(url.indexOf("/", url.indexOf("//") + 2)),
  );
  const version = await dataVersion(c);
  c.header("Cache-Control", "private, no-cache");
  c.header("Vary", "Accept-Encoding");
  const encoding = preferredEncoding(c.req.header("accept-encoding"));
  const cached = answers.get(key, version);
  if (cached) {
    c.set("answer", cached);
    const sent = encodedAnswer(cached, encoding);
    c.header("ETag", sent.etag);
    if (matchesEtag(c.req.header("if-none-match"), cached.etag)) return c.body(null, 304);
    return c.body(new Uint8Array(sent.bytes), 200, bodyHeaders(cached.contentType, sent));
  }
  await next();
  const contentType = c.res.headers.get("content-type") ?? "";
  // Only whole, successful JSON answers are kept; errors are cheap and may change with time.
  if (c.res.status !== 200 || !contentType.startsWith("application/json")) {
    c.header("Cache-Control", "no-store");
    return;
  }
  const answer = answers.set(key, version, await c.res.clone().text(), contentType);
  c.set("answer", answer);
  const sent = encodedAnswer(answer, encoding);
  c.header("ETag", sent.etag);
  if (matchesEtag(c.req.header("if-none-match"), answer.etag)) {
    c.res = c.body(null, 304);
  } else if (sent.encoding) {
    c.res = sendEncoded(c, sent, contentType);
  }
});

function bodyHeaders(contentType: string, sent: EncodedAnswer): Record<string, string> {
  return sent.encoding
    ? { "Content-Type": contentType, "Content-Encoding": sent.encoding }
    : { "Content-Type": contentType };
}

function sendEncoded(c: Context<AppBindings>, sent: EncodedAnswer, contentType: string) {
  return c.body(new Uint8Array(sent.bytes), 200, bodyHeaders(contentType, sent));
}
