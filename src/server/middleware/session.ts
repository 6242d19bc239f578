import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AccountType } from "../../shared/schemas/auth";
import type { User } from "../../shared/schemas/users";
import type { AppBindings, Deps } from "../context";
import { toBool, toIso } from "../db/database";
import { AppError } from "../errors";

/**
 * Reads the session cookie (through better-auth, its answer kept while
 * nothing is written: cache/session-cache.ts) and puts the caller on the context.
 */
export const loadSession = createMiddleware<AppBindings>(async (c, next) => {
  const caller = await c.get("deps").sessions.callerOf(
    c.req.raw.headers,
    () => dataVersion(c),
    // better-auth extends an active session once a day; the browser's cookie must follow.
    (cookies) => {
      for (const cookie of cookies) c.header("Set-Cookie", cookie, { append: true });
    },
  );
  c.set("user", caller?.user ?? null);
  c.set("sessionId", caller?.sessionId ?? null);
  await next();
});

/**
 * The database's data version (cache/data-version.ts), read once per request,
 * the first time something asks: after the request arrived, before any of
 * its own reads.
 */
export function dataVersion(c: Context<AppBindings>): Promise<string> {
  let version = c.get("dataVersion");
  if (!version) {
    version = c.get("deps").dataVersion.read();
    c.set("dataVersion", version);
  }
  return version;
}

interface SessionUser {
  id: string;
  name: string;
  email: string;
  createdAt: Date | string;
  accountType?: string | null;
  verified?: boolean | number | null;
  emailVerified?: boolean | number | null;
}

/**
 * Admin is decided here, on every request, never sent by a client: an
 * address listed in ADMIN_EMAILS whose account proved it (the operator's
 * accounts are made verified at start, db/seed.ts; a sign-up never is).
 */
export function roleOf(
  user: { email: string; emailVerified?: boolean | number | null },
  deps: Pick<Deps, "env">,
): User["role"] {
  const listed = deps.env.adminEmails.includes(user.email.toLowerCase());
  return listed && toBool(user.emailVerified ?? false) ? "admin" : "user";
}

export function toUser(user: SessionUser, deps: Pick<Deps, "env">): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    accountType: (user.accountType === "seller" ? "seller" : "buyer") satisfies AccountType,
    role: roleOf(user, deps),
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
