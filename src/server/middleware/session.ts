import { createMiddleware } from "hono/factory";
import type { AccountType } from "#src/shared/schemas/auth";
import type { User } from "#src/shared/schemas/users";
import { sessionCheckedOnArrival } from "../cache/replay";
import type { AppBindings } from "../context";
import { AppError } from "../errors";

/**
 * Reads the session cookie (through better-auth, its response cached while
 * nothing is written to the user's sessions: cache/session-cache.ts) and puts
 * the caller on the context.
 */
export const loadSession = createMiddleware<AppBindings>(async (c, next) => {
  const caller = await c.get("deps").sessions.getSession(
    c.req.raw.headers,
    c.get("deps").dataVersion,
    // better-auth extends an active session once a day; the browser's cookie must follow.
    (cookies) => {
      for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
    },
    sessionCheckedOnArrival(c.env),
  );
  c.set("user", caller?.user ?? null);
  c.set("sessionId", caller?.sessionId ?? null);
  await next();
});

export const requireUser = createMiddleware<AppBindings>(async (c, next) => {
  if (!c.get("user")) throw new AppError("UNAUTHENTICATED", "Please login first.");
  await next();
});

export function requireAccountType(accountType: AccountType) {
  return createMiddleware<AppBindings>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw new AppError("UNAUTHENTICATED", "Please login first.");
    if (user.accountType !== accountType) {
      throw new AppError("FORBIDDEN", `Only ${accountType} accounts may do this.`);
    }
    await next();
  });
}

export const requireAdmin = createMiddleware<AppBindings>(async (c, next) => {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Please login first.");
  if (user.role !== "admin") throw new AppError("FORBIDDEN", "Only administrators may do this.");
  await next();
});

/** The signed-in caller, for handlers behind requireUser/requireAccountType/requireAdmin. */
export function signedInUser(c: { get(key: "user"): User | null }): User {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Please login first.");
  return user;
}
