import type { AccountType } from "#src/shared/schemas/auth";
import type { User } from "#src/shared/schemas/users";
import { toBool, toIso } from "./db/database";
import type { Env } from "./env";

/** better-auth's user as the session gives it, before the app makes it a User. */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  createdAt: Date | string;
  accountType?: string | null;
  verified?: boolean | number | null;
  emailVerified?: boolean | number | null;
}

type AdminConfig = { env: Pick<Env, "adminEmails"> };

/**
 * Admin is decided here, on every request, never sent by a client: an
 * address listed in ADMIN_EMAILS whose account proved it (the operator's
 * accounts are made verified at start, db/seed.ts; a sign-up never is).
 */
export function roleOf(
  user: { email: string; emailVerified?: boolean | number | null },
  deps: AdminConfig,
): User["role"] {
  const listed = deps.env.adminEmails.includes(user.email.toLowerCase());
  return listed && toBool(user.emailVerified ?? false) ? "admin" : "user";
}

export function toUser(user: SessionUser, deps: AdminConfig): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    accountType: (user.accountType === "seller" ? "seller" : "buyer") satisfies AccountType,
    role: roleOf(user, deps),
    verified: toBool(user.verified ?? false),
    emailVerified: toBool(user.emailVerified ?? false),
    createdAt: toIso(user.createdAt),
  };
}
