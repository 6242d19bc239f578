import { createMiddleware } from "hono/factory";
import type { AppBindings } from "../context";
import { AppError } from "../errors";

const NUL_IN_URL = /%00/i;
// A JSON string spells NUL as an escape; a raw NUL byte is not valid JSON at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding a raw NUL byte is the point
const NUL_IN_JSON = /\\u0000|\u0000/i;

/**
 * No text in ReRide contains NUL, and PostgreSQL can't store or compare it
 * (a query with one fails, which would be a 500). A path, query or JSON body
 * carrying one is refused with a 400 before any handler (ours or
 * better-auth's) sees it, on either database. Multipart uploads are binary
 * and are left to their route.
 */
export const refuseNulCharacters = createMiddleware<AppBindings>(async (c, next) => {
  if (NUL_IN_URL.test(c.req.url)) throw refused();
  // GET and HEAD carry no body; asking for one makes the server build a whole fetch Request.
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const type = c.req.header("content-type") ?? "";
  if (c.req.raw.body && !type.toLowerCase().startsWith("multipart/")) {
    // A clone: the route reads the body itself afterwards.
    if (NUL_IN_JSON.test(await c.req.raw.clone().text())) throw refused();
  }
  await next();
});

function refused() {
  return new AppError(
    "BAD_REQUEST",
    "The request contains a NUL character, which ReRide does not accept.",
  );
}
