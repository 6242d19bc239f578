import type { Context } from "hono";
import { nodeRequestOf } from "../lib/node-request";

/** What a request says of its body: none, so many bytes, or chunks of a length it doesn't announce. */
export type DeclaredBody =
  | { kind: "none" }
  | { kind: "length"; bytes: number }
  | { kind: "streamed" };

/**
 * A request over HTTP has a body only if its headers announce one (RFC 9112
 * §6.3), and Node has already checked them. Reading them from Node's request
 * spares the body checks (app.ts, refuse-nul.ts) from asking for
 * `c.req.raw.body`, which makes @hono/node-server build a whole fetch
 * Request with web streams around the socket; the route then reads the body
 * straight from the socket (`c.req.json()`). A Request made in-process
 * (`app.request`, the tests) has no Node request behind it and shows its body.
 */
export function declaredBody(c: Context): DeclaredBody {
  const incoming = nodeRequestOf(c.env);
  if (!incoming) {
    return c.req.raw.body ? { kind: "streamed" } : { kind: "none" };
  }
  if (incoming.headers["transfer-encoding"] !== undefined) return { kind: "streamed" };
  const bytes = Number(incoming.headers["content-length"] ?? 0);
  return bytes > 0 ? { kind: "length", bytes } : { kind: "none" };
}
