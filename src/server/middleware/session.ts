import { createMiddleware } from "hono/factory";
import type { AccountType } from "../../shared/schemas/auth";
import type { User } from "../../shared/schemas/users";
import type { AppBindings, Deps } from "../context";
import { toBool, toIso } from "../db/database";
import { AppError } from "../errors";

/** Reads the session cookie (through better-auth) and puts the caller on the context. */
export const loadSession = createMiddleware<AppBindings>(async (c, next) => {
  const deps = c.get("deps");
  const session = await deps.auth.api.getSession({ headers: c.req.raw.headers });
  c.set("user", session ? toUser(session.user, deps) : null);
  c.set("sessionId", session?.session.id ?? null);
  await next();
});

interface SessionUser {
  id: string;
  name: string;
  email: string;
  createdAt: Date | string;
  accountType?: string | null;
  verified?: boolean | number | null;
}

/** Admin is decided here, from configuration, on every request: never stored, never sent by a client. */
export function toUser(user: SessionUser, deps: Pick<Deps, "env">): User {
  const email = user.email.toLowerCase();
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    accountType: (user.accountType === "seller" ? "seller" : "buyer") satisfies AccountType,
    role: deps.env.adminEmails.includes(email) ? "admin" : "user",
    verified: toBool(user.verified ?? false),
    createdAt: toIso(user.createdAt),
  };
}

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
export function callerOf(c: { get(key: "user"): User | null }): User {
  const user = c.get("user");
  if (!user) throw new AppError("UNAUTHENTICATED", "Please login first.");
  return user;
}
