import { IncomingMessage } from "node:http";

/**
 * The Node request behind a Hono request, from its bindings (`incoming`,
 * set by @hono/node-server); undefined for a Request made in-process
 * (`app.request`, the tests), which has none.
 */
export function nodeRequestOf(env: unknown): IncomingMessage | undefined {
  const incoming: unknown = typeof env === "object" && env ? Reflect.get(env, "incoming") : null;
  return incoming instanceof IncomingMessage ? incoming : undefined;
}
