import { createMiddleware } from "hono/factory";
import { answerKey, matchesEtag } from "../cache/answer-cache";
import type { AppBindings } from "../context";
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
  const cached = answers.get(key, version);
  if (cached) {
    c.set("answer", cached);
    c.header("ETag", cached.etag);
    if (matchesEtag(c.req.header("if-none-match"), cached.etag)) return c.body(null, 304);
    return c.body(cached.body, 200, { "Content-Type": cached.contentType });
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
  c.header("ETag", answer.etag);
  if (matchesEtag(c.req.header("if-none-match"), answer.etag)) {
    c.res = c.body(null, 304);
  }
});
