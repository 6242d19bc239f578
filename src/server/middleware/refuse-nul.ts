import { createMiddleware } from "hono/factory";
import type { AppBindings } from "../context";
import { AppError } from "../errors";
import { declaredBody } from "./request-body";

const NUL_IN_URL = /%00/i;
// A JSON string spells NUL as an escape; a raw NUL byte is not valid JSON at all.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding a raw NUL byte is the point
const NUL_IN_JSON = /\\u0000|\u0000/i;
const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** The one route whose body is not JSON: a photo, as multipart/form-data, read by its route. */
const UPLOAD_PATH = "/api/uploads";
const AUTH_PATHS = "/api/auth/";

/**
 * No text in ReRide contains NUL, and PostgreSQL can't store or compare it
 * (a query with one fails, which would be a 500). A path, query or body
 * carrying one is refused with a 400 before any handler (ours or
 * better-auth's) sees it, on either database. Every body but a photo upload
 * is JSON, and the routes parse it whatever it claims to be: a body sent as
 * anything else is refused (415) here, so no other type slips past this check.
 */
export const refuseNulCharacters = createMiddleware<AppBindings>(async (c, next) => {
  if (NUL_IN_URL.test(c.req.url)) throw refused();
  // GET and HEAD carry no body; asking for one makes the server build a whole fetch Request.
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  if (c.req.path === UPLOAD_PATH || declaredBody(c).kind === "none") return next();
  // better-auth's routes read the request themselves: they get it untouched, and this
  // reads a copy. Every other route reads its body through Hono (`c.req.json()`), which
  // keeps the text read here instead of reading the request again.
  const text = c.req.path.startsWith(AUTH_PATHS)
    ? await c.req.raw.clone().text()
    : await c.req.text();
  if (text === "") return next();
  if (!JSON_TYPE.test(c.req.header("content-type") ?? "")) {
    throw new AppError("UNSUPPORTED_MEDIA_TYPE", "Send the request body as application/json.");
  }
  if (NUL_IN_JSON.test(text)) throw refused();
  await next();
});

function refused() {
  return new AppError(
    "BAD_REQUEST",
    "The request contains a NUL character, which ReRide does not accept.",
  );
}
